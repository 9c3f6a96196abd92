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
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Loads a {@link Course} from {@code <home>/lessons}. */
public final class Catalogue {
    private static final Gson GSON = new Gson();

    private Catalogue() {}

    /** Where the workbook's content lives: {@code -Dworkbook.home}, else the current directory. */
    public static Path home() {
        String h = System.getProperty("workbook.home");
        return Path.of(h == null || h.isBlank() ? "." : h).toAbsolutePath().normalize();
    }

    /** The labs installed: every folder {@code lessons/<id>/} that holds a {@code course.json}, by id. */
    public static List<String> labs(Path home) {
        Path lessons = home.resolve("lessons");
        if (!Files.isDirectory(lessons)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(lessons)) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("course.json")))
                    .map(d -> d.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The only lab there is (tests and tools of a single-lab install). */
    public static Course load(Path home) {
        return load(home, List.of());
    }

    public static Course load(Path home, List<Path> extraMutantDirs) {
        List<String> labs = labs(home);
        if (labs.size() != 1) {
            throw new IllegalArgumentException("expected exactly one lab under " + home.resolve("lessons") + ", found " + labs);
        }
        return load(home, labs.get(0), extraMutantDirs);
    }

    /** Every installed lab, by id, with its package (the folder its learner files live in). */
    public static java.util.Map<String, String> packages(Path home) {
        java.util.Map<String, String> out = new java.util.TreeMap<>();
        labs(home).forEach(l -> out.put(l, packageOf(home, l)));
        return out;
    }

    /** The package a lab's learner files live in, as its course.json says. */
    public static String packageOf(Path home, String lab) {
        return json(home.resolve("lessons").resolve(lab).resolve("course.json")).get("package").getAsString();
    }

    /** Loads lab {@code lab}; {@code extraMutantDirs} add private mutant sets (an instructor's own). */
    public static Course load(Path home, String lab, List<Path> extraMutantDirs) {
        Path lessons = home.resolve("lessons").resolve(lab);
        JsonObject c = json(lessons.resolve("course.json"));
        List<Step> steps = new ArrayList<>();
        for (JsonElement e : c.getAsJsonArray("steps")) {
            steps.add(step(lessons.resolve(e.getAsString())));
        }
        Path mutantsDir = lessons.resolve(c.get("mutants").getAsString()).normalize();
        List<Mutant> mutants = new ArrayList<>(mutantsIn(mutantsDir));
        Map<String, List<Path>> files = new java.util.LinkedHashMap<>();
        mutantFiles(mutantsDir).forEach(f -> files.computeIfAbsent(idOf(f), k -> new ArrayList<>()).add(f));
        for (Path extra : extraMutantDirs) {
            if (!Files.isDirectory(extra)) {
                throw new IllegalArgumentException("no such mutant folder: " + extra);
            }
            mutants.addAll(mutantsIn(extra));
            mutantFiles(extra).forEach(f -> files.computeIfAbsent(idOf(f), k -> new ArrayList<>()).add(f));
        }
        // Verdicts are keyed by mutant id: two files with one id would share (and hide) one verdict.
        for (Map.Entry<String, List<Path>> e : files.entrySet()) {
            if (e.getValue().size() > 1) {
                throw new IllegalArgumentException("mutant id " + e.getKey() + " is given more than once: "
                        + String.join(", ", e.getValue().stream().map(Path::toString).toList())
                        + " (rename one: the file name is the id)");
            }
        }
        return new Course(c.get("id").getAsString(), text(c.getAsJsonObject("title")), c.get("package").getAsString(),
                c.has("learnerFiles") ? strings(c, "learnerFiles") : List.of(c.get("learnerClass").getAsString()),
                c.get("learnerTestClass").getAsString(),
                c.has("jshellBridge") ? c.get("jshellBridge").getAsString() : "Lab", strings(c, "libraries"),
                strings(c, "warmUp"), lessons,
                lessons.resolve(c.get("intro").getAsString()), lessons.resolve(c.get("support").getAsString()),
                lessons.resolve(c.has("given") ? c.get("given").getAsString() : "_given"),
                lessons.resolve(c.get("skeleton").getAsString()).normalize(),
                lessons.resolve(c.get("reference").getAsString()).normalize(), mutantsDir,
                c.has("raceTrials") ? c.get("raceTrials").getAsInt() : 10, List.copyOf(steps), List.copyOf(mutants),
                c.has("network") ? c.get("network").getAsString() : "none", words(c), probe(lessons, c),
                c.has("server") ? c.get("server").getAsString() : "none");
    }

    /** {@code "probe": {"dir", "test", "rows", "columns", "measures": […], "variants": […]}}, or null. */
    private static Probe probe(Path lessons, JsonObject c) {
        if (!c.has("probe")) {
            return null;
        }
        JsonObject p = c.getAsJsonObject("probe");
        return new Probe(lessons.resolve(p.get("dir").getAsString()), p.get("test").getAsString(),
                p.get("rows").getAsString(), p.get("columns").getAsString(), strings(p, "measures"),
                p.has("variants") ? strings(p, "variants") : List.of(), labels(p), notes(p));
    }

    /** {@code "notes": {"variant-id": {"ko": …, "en": …}}} of a probe, empty when it has none. */
    private static Map<String, Text> notes(JsonObject probe) {
        Map<String, Text> out = new java.util.LinkedHashMap<>();
        if (probe.has("notes")) {
            for (Map.Entry<String, com.google.gson.JsonElement> e : probe.getAsJsonObject("notes").entrySet()) {
                Map<String, String> byLang = new java.util.LinkedHashMap<>();
                e.getValue().getAsJsonObject().entrySet().forEach(l -> byLang.put(l.getKey(), l.getValue().getAsString()));
                out.put(e.getKey(), new Text(byLang));
            }
        }
        return out;
    }

    /** {@code "words": {"ko": {"key": "text"}, "en": {…}}}, empty when the lab has none. */
    private static Map<String, Map<String, String>> words(JsonObject c) {
        return byLanguage(c, "words");
    }

    private static Map<String, Map<String, String>> labels(JsonObject probe) {
        return byLanguage(probe, "labels");
    }

    /** {@code key: {"ko": {"name": "text"}, "en": {…}}} of {@code c}, empty when absent. */
    private static Map<String, Map<String, String>> byLanguage(JsonObject c, String key) {
        Map<String, Map<String, String>> out = new HashMap<>();
        if (c.has(key)) {
            for (Map.Entry<String, JsonElement> lang : c.getAsJsonObject(key).entrySet()) {
                Map<String, String> m = new HashMap<>();
                lang.getValue().getAsJsonObject().entrySet().forEach(e -> m.put(e.getKey(), e.getValue().getAsString()));
                out.put(lang.getKey(), Map.copyOf(m));
            }
        }
        return Map.copyOf(out);
    }

    private static Step step(Path folder) {
        JsonObject s = json(folder.resolve("step.json"));
        Step step = new Step(s.get("step").getAsInt(), s.get("slug").getAsString(), s.get("method").getAsString(),
                s.has("file") ? s.get("file").getAsString() : null, s.get("testClass").getAsString(),
                text(s.getAsJsonObject("title")), folder);
        if (s.has("methods")) {
            s.getAsJsonArray("methods").forEach(m -> step.alsoCovers(m.getAsString()));
        }
        if (s.has("points")) {
            step.points(s.get("points").getAsInt());
        }
        if (s.has("clauses")) {
            for (Map.Entry<String, JsonElement> c : s.getAsJsonObject("clauses").entrySet()) {
                step.addClause(c.getKey(), languages(c.getValue().getAsJsonObject()));
            }
        }
        for (Map.Entry<String, JsonElement> t : s.getAsJsonObject("tests").entrySet()) {
            JsonObject o = t.getValue().getAsJsonObject();
            step.add(t.getKey(), o.has("clause") ? o.get("clause").getAsString() : null, languages(o),
                    o.has("happy") && o.get("happy").getAsBoolean(), o.has("race") && o.get("race").getAsBoolean());
        }
        return step;
    }

    private static List<String> strings(JsonObject o, String key) {
        List<String> out = new ArrayList<>();
        if (o.has(key)) {
            o.getAsJsonArray(key).forEach(e -> out.add(e.getAsString()));
        }
        return List.copyOf(out);
    }

    /** The two-letter keys of an object ({@code ko}, {@code en}) as a {@link Text}. */
    private static Text languages(JsonObject o) {
        Map<String, String> m = new HashMap<>();
        for (Map.Entry<String, JsonElement> f : o.entrySet()) {
            if (f.getKey().length() == 2) {
                m.put(f.getKey(), f.getValue().getAsString());
            }
        }
        return new Text(m);
    }

    private static List<Path> mutantFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".mutant")).sorted(Comparator.naturalOrder()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String idOf(Path mutantFile) {
        String name = mutantFile.getFileName().toString();
        return name.substring(0, name.length() - ".mutant".length());
    }

    private static List<Mutant> mutantsIn(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".mutant")).sorted(Comparator.naturalOrder())
                    .map(MutantFile::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Text text(JsonObject o) {
        Map<String, String> m = new HashMap<>();
        if (o != null) {
            o.entrySet().forEach(e -> m.put(e.getKey(), e.getValue().getAsString()));
        }
        return new Text(m);
    }

    private static JsonObject json(Path file) {
        try {
            return GSON.fromJson(Files.readString(file, StandardCharsets.UTF_8), JsonObject.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
