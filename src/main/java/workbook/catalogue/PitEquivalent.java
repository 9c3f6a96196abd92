package workbook.catalogue;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A PIT mutant of the reference that the lab's author has judged equivalent: no test can tell it from the reference,
 * for the reason given. Kept in {@code lessons/<lab>/pit-equivalent.json} as
 * {@code {"equivalent": [{"class", "method", "line", "mutator", "description", "reason": {"ko", "en"}}]}} (and
 * {@code "index"}, PIT's bytecode index, where one line has twins with the same mutator and description), one entry
 * per mutant, so the audit shows it apart from the mutants the official tests still miss.
 *
 * @param className   the mutated class as PIT names it ({@code pkg.Name})
 * @param method      the mutated method as PIT names it ({@code lambda$stale$0} included)
 * @param line        the line in the reference; a moved line makes the entry stale on purpose (look at it again)
 * @param mutator     PIT's mutator, its short name ({@code VoidMethodCallMutator}) or its full one
 * @param description PIT's description of the change
 * @param index       PIT's bytecode index of the change, or -1 for any (needed only to tell twins apart)
 */
public record PitEquivalent(String className, String method, int line, String mutator, String description, int index,
                            Text reason) {
    /** The file name below a lab's lessons folder. */
    public static final String FILE = "pit-equivalent.json";

    /** The mutator's short name. */
    public String mutatorName() {
        return mutator.substring(mutator.lastIndexOf('.') + 1);
    }

    /** The lab's entries; none when the file is missing. */
    public static List<PitEquivalent> of(Course course) {
        return load(course.lessons().resolve(FILE));
    }

    public static List<PitEquivalent> load(Path file) {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        JsonObject root;
        try {
            root = new Gson().fromJson(Files.readString(file, StandardCharsets.UTF_8), JsonObject.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(file + " is not valid JSON: " + e.getMessage(), e);
        }
        List<PitEquivalent> out = new ArrayList<>();
        if (root == null || !root.has("equivalent")) {
            return List.of();
        }
        for (JsonElement e : root.getAsJsonArray("equivalent")) {
            JsonObject o = e.getAsJsonObject();
            for (String field : List.of("class", "method", "line", "mutator", "description", "reason")) {
                if (!o.has(field)) {
                    throw new IllegalArgumentException(file + ": an entry has no \"" + field + "\": " + o);
                }
            }
            Map<String, String> reason = new HashMap<>();
            o.getAsJsonObject("reason").entrySet().forEach(r -> reason.put(r.getKey(), r.getValue().getAsString()));
            out.add(new PitEquivalent(o.get("class").getAsString(), o.get("method").getAsString(), o.get("line").getAsInt(),
                    o.get("mutator").getAsString(), o.get("description").getAsString(),
                    o.has("index") ? o.get("index").getAsInt() : -1, new Text(reason)));
        }
        return List.copyOf(out);
    }
}
