package workbook.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.JsonSerializer;
import java.util.Map;
import workbook.catalogue.Text;
import workbook.verdict.Reason;
import workbook.words.Messages;

/**
 * Verdicts as JSON: the record field names are the format, every status enum is written as its wire name. Nulls are
 * kept so every documented field is present.
 *
 * <p>The JSON is the same whatever the learner's language ({@code --lang} changes the screens only). A lab's sentence
 * (a step's title, a test's name) is written in English. A {@link Reason} is written twice: as a code with its
 * arguments, and as the English sentence it makes, for the tools that read the sentence today:
 * <ul>
 *   <li>a field {@code reason}: {@code "message": "…", "reason": {"code": …, "args": […]}};</li>
 *   <li>any other field {@code f} ({@code next}, {@code problems}, {@code description}): {@code "f": "…"} and
 *       {@code "fReason": …} beside it.</li>
 * </ul>
 * {@code message} and the sentences stay for one release beside the codes (see docs/json.md).
 */
public final class Json {
    /** Where the English sentence of a reason waits while the tree is rewritten; never in the output. */
    private static final String SENTENCE = "\u0000sentence";

    private Json() {}

    /** {@code verdict} as JSON, with reasons in the workbook's English words. */
    public static String of(Object verdict) {
        return of(verdict, Messages.of("en"));
    }

    /** {@code verdict} as JSON, with reasons in English through {@code msg}'s lab words ({@link Messages#forJson}). */
    public static String of(Object verdict, Messages msg) {
        Messages en = msg.forJson();
        Gson gson = builder()
                .registerTypeAdapter(Text.class, (JsonSerializer<Text>) (t, type, ctx) -> new JsonPrimitive(en.text(t)))
                .registerTypeAdapter(Reason.class, (JsonSerializer<Reason>) (r, type, ctx) -> reason(r, en, ctx))
                .create();
        JsonElement tree = verdict instanceof JsonElement e ? e : gson.toJsonTree(verdict);
        return builder().create().toJson(rewrite(tree));
    }

    private static GsonBuilder builder() {
        return new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping()
                .registerTypeHierarchyAdapter(workbook.verdict.Wire.class,
                        (JsonSerializer<workbook.verdict.Wire>) (w, type, ctx) -> new JsonPrimitive(w.wire()));
    }

    private static JsonObject reason(Reason r, Messages en, com.google.gson.JsonSerializationContext ctx) {
        JsonObject o = new JsonObject();
        o.addProperty("code", r.code());
        JsonArray args = new JsonArray();
        for (Object a : r.args()) {
            args.add(a instanceof Number n ? new JsonPrimitive(n) : a instanceof Text t ? new JsonPrimitive(en.text(t))
                    : a instanceof Reason inner ? reason(inner, en, ctx) : new JsonPrimitive(String.valueOf(a)));
        }
        o.add("args", args);
        o.addProperty(SENTENCE, en.text(r));
        return o;
    }

    /** The tree with each reason beside its sentence, as the class comment says. */
    private static JsonElement rewrite(JsonElement e) {
        if (e instanceof JsonArray a) {
            JsonArray out = new JsonArray();
            a.forEach(x -> out.add(rewrite(x)));
            return out;
        }
        if (!(e instanceof JsonObject o)) {
            return e;
        }
        JsonObject out = new JsonObject();
        for (Map.Entry<String, JsonElement> f : o.entrySet()) {
            String key = f.getKey();
            JsonElement v = f.getValue();
            if (key.equals(SENTENCE)) {
                continue;
            }
            if (isReason(v) || v.isJsonNull() && key.equals("reason")) {
                out.add(key.equals("reason") ? "message" : key, sentence(v));
                out.add(key.equals("reason") ? "reason" : key + "Reason", bare(v));
            } else if (v.isJsonNull() && key.equals("next")) {
                out.add(key, v);
                out.add(key + "Reason", v);
            } else if (v instanceof JsonArray a && (!a.isEmpty() && a.asList().stream().allMatch(Json::isReason)
                    || a.isEmpty() && key.equals("problems"))) {
                JsonArray sentences = new JsonArray();
                a.forEach(x -> sentences.add(sentence(x)));
                out.add(key, sentences);
                out.add(key + "Reasons", bare(a));
            } else {
                out.add(key, rewrite(v));
            }
        }
        return out;
    }

    /** A reason as code and arguments, its sentences (its own and its arguments') left out. */
    private static JsonElement bare(JsonElement e) {
        if (e instanceof JsonArray a) {
            JsonArray out = new JsonArray();
            a.forEach(x -> out.add(bare(x)));
            return out;
        }
        if (!(e instanceof JsonObject o)) {
            return e;
        }
        JsonObject out = new JsonObject();
        o.entrySet().stream().filter(f -> !f.getKey().equals(SENTENCE)).forEach(f -> out.add(f.getKey(), bare(f.getValue())));
        return out;
    }

    private static boolean isReason(JsonElement v) {
        return v instanceof JsonObject o && o.has(SENTENCE);
    }

    private static JsonElement sentence(JsonElement v) {
        return isReason(v) ? v.getAsJsonObject().get(SENTENCE) : JsonNull.INSTANCE;
    }
}
