package workbook.catalogue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The official tests' own assertion messages in another language: a lab's {@code test-messages.<lang>.json} lists
 * each message as the tests build it ({@code en}) beside its translation. {@code {0}}, {@code {1}} … in {@code en}
 * stand for parts built at run time (a number, an id) and match any text; the translation puts them where its grammar
 * wants them. A lab without the file, or a message it does not list, keeps the tests' own words.
 */
public final class TestMessages {
    private static final Pattern HOLE = Pattern.compile("\\{(\\d+)}");
    private static final Map<Path, TestMessages> LOADED = new ConcurrentHashMap<>();
    private static final TestMessages NONE = new TestMessages(Map.of(), List.of());

    private record Shape(Pattern en, List<Integer> holes, String translated) {}

    private final Map<String, String> exact;
    private final List<Shape> shapes;

    private TestMessages(Map<String, String> exact, List<Shape> shapes) {
        this.exact = exact;
        this.shapes = shapes;
    }

    /** No translations: the tests' own words. */
    public static TestMessages none() {
        return NONE;
    }

    /** The translations of {@code course}'s test messages into {@code lang}; none for English, the tests' own. */
    public static TestMessages of(Course course, String lang) {
        if (course.lessons() == null || "en".equals(lang)) {
            return NONE;
        }
        return of(course.lessons().resolve("test-messages." + lang + ".json"));
    }

    /** The translations in {@code file}; none when there is no such file. */
    public static TestMessages of(Path file) {
        if (!Files.isRegularFile(file)) {
            return NONE;
        }
        return LOADED.computeIfAbsent(file.toAbsolutePath().normalize(), TestMessages::load);
    }

    private static TestMessages load(Path file) {
        JsonObject root;
        try {
            root = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8)).getAsJsonObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        Map<String, String> exact = new HashMap<>();
        List<Shape> shapes = new ArrayList<>();
        for (JsonElement e : root.getAsJsonArray("messages")) {
            String en = e.getAsJsonObject().get("en").getAsString();
            String translated = e.getAsJsonObject().get("ko") != null ? e.getAsJsonObject().get("ko").getAsString()
                    : e.getAsJsonObject().get("text").getAsString();
            Matcher holes = HOLE.matcher(en);
            if (!holes.find()) {
                exact.put(en, translated);
                continue;
            }
            holes.reset();
            StringBuilder regex = new StringBuilder();
            List<Integer> order = new ArrayList<>();
            int at = 0;
            while (holes.find()) {
                regex.append(Pattern.quote(en.substring(at, holes.start()))).append("(.*?)");
                order.add(Integer.parseInt(holes.group(1)));
                at = holes.end();
            }
            regex.append(Pattern.quote(en.substring(at)));
            shapes.add(new Shape(Pattern.compile(regex.toString(), Pattern.DOTALL), order, translated));
        }
        return new TestMessages(exact, shapes);
    }

    /** {@code message} translated, when this lab lists it. */
    public Optional<String> translate(String message) {
        if (message == null) {
            return Optional.empty();
        }
        String found = exact.get(message);
        if (found != null) {
            return Optional.of(found);
        }
        for (Shape s : shapes) {
            Matcher m = s.en().matcher(message);
            if (m.matches()) {
                String out = s.translated();
                for (int i = 0; i < s.holes().size(); i++) {
                    out = out.replace("{" + s.holes().get(i) + "}", m.group(i + 1));
                }
                return Optional.of(out);
            }
        }
        return Optional.empty();
    }

    /** {@code message} translated, or as it is. */
    public String in(String message) {
        return translate(message).orElse(message);
    }
}
