package workbook.story;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import workbook.catalogue.Text;

/**
 * A lab's story as data ({@code _story/story.json}): the class each process runs, the set-up run before the workers,
 * the workers and their arguments, the acts in order, the last look at the data, and the words for each event a
 * worker reports. {@code {schema}} in any argument is the story's own schema (or folder) name.
 *
 * <p>An act is one of: {@code {"start": W}}, {@code {"await": W, "event": E}} (until worker W reports E),
 * {@code {"sleep": MILLIS}}, {@code {"signal": "STOP"|"CONT", "to": W}}, {@code {"send": LINE, "to": W}} (a line on
 * W's standard input), {@code {"exit": W}} (until W ends). {@code {dir}} in an argument is the folder every process of
 * the story may write in, when the story shares one. An act
 * may carry its narration ({@code ko}, {@code en}).
 */
public record Script(Text title, String main, List<String> setup, Map<String, List<String>> workers, List<Act> acts,
                     List<String> last, Map<String, Text> events) {

    /** One act of the story. */
    public record Act(Kind kind, String who, String event, long millis, String signal, Text says) {}

    public enum Kind { START, AWAIT, SLEEP, SIGNAL, EXIT, SEND }

    /** The same story with other acts (a measurement builds its own, per cell). */
    public Script withWorkers(Map<String, List<String>> workers, List<Act> acts) {
        return new Script(title, main, setup, Map.copyOf(workers), List.copyOf(acts), last, events);
    }

    public static Path file(Path lessons) {
        return lessons.resolve("_story").resolve("story.json");
    }

    public static Script read(Path file) {
        JsonObject o;
        try {
            o = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8)).getAsJsonObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, List<String>> workers = new LinkedHashMap<>();
        o.getAsJsonObject("workers").entrySet().forEach(e -> workers.put(e.getKey(), strings(e.getValue())));
        List<Act> acts = new ArrayList<>();
        for (JsonElement a : o.getAsJsonArray("acts")) {
            acts.add(act(a.getAsJsonObject()));
        }
        Map<String, Text> events = new LinkedHashMap<>();
        o.getAsJsonObject("events").entrySet().forEach(e -> events.put(e.getKey(), text(e.getValue().getAsJsonObject())));
        return new Script(text(o.getAsJsonObject("title")), o.get("main").getAsString(), strings(o.get("setup")), workers,
                List.copyOf(acts), strings(o.get("last")), events);
    }

    private static Act act(JsonObject a) {
        Text says = a.has("ko") || a.has("en") ? text(a) : null;
        if (a.has("start")) {
            return new Act(Kind.START, a.get("start").getAsString(), null, 0, null, says);
        }
        if (a.has("await")) {
            return new Act(Kind.AWAIT, a.get("await").getAsString(), a.get("event").getAsString(), 0, null, says);
        }
        if (a.has("sleep")) {
            return new Act(Kind.SLEEP, null, null, a.get("sleep").getAsLong(), null, says);
        }
        if (a.has("signal")) {
            return new Act(Kind.SIGNAL, a.get("to").getAsString(), null, 0, a.get("signal").getAsString(), says);
        }
        if (a.has("send")) {
            return new Act(Kind.SEND, a.get("to").getAsString(), a.get("send").getAsString(), 0, null, says);
        }
        if (a.has("exit")) {
            return new Act(Kind.EXIT, a.get("exit").getAsString(), null, 0, null, says);
        }
        throw new IllegalArgumentException("story.json: an act must be start, await, sleep, signal or exit: " + a);
    }

    private static List<String> strings(JsonElement e) {
        List<String> out = new ArrayList<>();
        if (e != null && e.isJsonArray()) {
            for (JsonElement x : (JsonArray) e) {
                out.add(x.getAsString());
            }
        }
        return List.copyOf(out);
    }

    static Text text(JsonObject o) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String lang : List.of("ko", "en")) {
            if (o.has(lang)) {
                m.put(lang, o.get(lang).getAsString());
            }
        }
        return new Text(m);
    }
}
