package workbook.child.wire;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An {@link Event} as one JSON line and back, the same on both sides of the process boundary: {@code type} names the
 * kind, the other fields are the record's components (a null one is left out), and a {@link TestStatus} is its
 * {@linkplain TestStatus#wire() wire name}. A line this cannot read (an unknown kind or status, a kind without a
 * status it must have, not JSON at all) is {@link Unreadable}: never an event of some other kind or status.
 */
public final class EventCodec {
    /** Every kind, by its name on the wire. */
    private static final Map<String, Class<? extends Event>> KINDS = new LinkedHashMap<>();

    static {
        KINDS.put("planned", Event.Planned.class);
        KINDS.put("start", Event.Start.class);
        KINDS.put("end", Event.End.class);
        KINDS.put("container", Event.Container.class);
        KINDS.put("entry", Event.Entry.class);
        KINDS.put("reached", Event.Reached.class);
        KINDS.put("cancelled", Event.Cancelled.class);
        KINDS.put("runDone", Event.RunDone.class);
        KINDS.put("runError", Event.RunError.class);
        KINDS.put("allDone", Event.AllDone.class);
        KINDS.put("exiting", Event.Exiting.class);
        KINDS.put("flooding", Event.Flooding.class);
        KINDS.put("memory", Event.Memory.class);
    }

    /** Every kind's name on the wire, by its record. */
    private static final Map<Class<? extends Event>, String> NAMES = new java.util.HashMap<>();

    static {
        KINDS.forEach((name, kind) -> NAMES.put(kind, name));
    }

    private static final Gson GSON = new GsonBuilder().registerTypeAdapter(TestStatus.class, new StatusAdapter()).create();

    private EventCodec() {
    }

    /** A sealed line that is no event this side knows: parent and child disagree about the protocol. */
    public static final class Unreadable extends RuntimeException {
        Unreadable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The name of {@code e}'s kind on the wire ({@code end}, {@code runDone}, …). */
    public static String kind(Event e) {
        String kind = NAMES.get(e.getClass());
        if (kind == null) {
            throw new IllegalStateException("no wire name for " + e.getClass());
        }
        return kind;
    }

    /** {@code e} as one line of JSON, {@code type} first (a kind's name is a plain word: nothing to escape). */
    public static String write(Event e) {
        String fields = GSON.toJson(e, e.getClass());
        return "{\"type\":\"" + kind(e) + "\"" + (fields.equals("{}") ? "}" : "," + fields.substring(1));
    }

    /** The event one line of JSON holds; {@link Unreadable} when it holds none this side knows. */
    public static Event read(String json) {
        JsonObject line;
        try {
            line = JsonParser.parseString(json).getAsJsonObject();
        } catch (RuntimeException e) {
            throw new Unreadable("not an event: " + e.getMessage(), e);
        }
        JsonElement type = line.get("type");
        String kind = type == null || !type.isJsonPrimitive() ? null : type.getAsString();
        Class<? extends Event> as = KINDS.get(kind);
        if (as == null) {
            throw new Unreadable(kind == null ? "an event without a kind" : "unknown event kind '" + kind + "'", null);
        }
        try {
            return GSON.fromJson(line, as);
        } catch (RuntimeException e) {
            Throwable why = e.getCause() != null ? e.getCause() : e;
            throw new Unreadable("a '" + kind + "' event this side cannot read: " + why.getMessage(), e);
        }
    }

    /** A status as its wire name; an unknown name is an error, not a status. */
    private static final class StatusAdapter extends TypeAdapter<TestStatus> {
        @Override
        public void write(JsonWriter out, TestStatus status) throws IOException {
            if (status == null) {
                out.nullValue();
            } else {
                out.value(status.wire());
            }
        }

        @Override
        public TestStatus read(JsonReader in) throws IOException {
            if (in.peek() == JsonToken.NULL) {
                in.nextNull();
                return null;
            }
            return TestStatus.ofWire(in.nextString());
        }
    }
}
