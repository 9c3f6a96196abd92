package workbook.jshell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import workbook.WorkbookRun;
import workbook.catalogue.Catalogue;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;
import workbook.catalogue.Step;

/**
 * {@code workbook trace N}: each worksheet mutant, used as a learner's code, parts from the reference exactly at the
 * scene moment that the step's scenario marks as exposing it ({@code "exposes": "<mutant id>"}); the reference
 * against itself never parts.
 *
 * <p>A trace starts three JVMs and two JShell sessions, so the reference is traced against itself only on the fewest
 * steps whose scenes together make every kind of call the lab's scenes make (and hide every field they hide): the two
 * sides run the same code on the same calls, so what could make them part is a kind of call or of outcome, not the
 * step it appears in. The rows before each worksheet mutant's exposing moment agree with the reference in every step,
 * and no reference row of any step times out (both checked on the mutants' traces).
 */
class TraceTest {
    @TempDir Path ws;

    static Stream<Arguments> worksheetMutants() {
        Course course = Catalogue.load(WorkbookRun.home(), "lease", java.util.List.of());
        List<Arguments> out = new ArrayList<>();
        for (Mutant m : course.mutants()) {
            if (m.fromWorksheet()) {
                out.add(Arguments.of(m.id(), m.step()));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("worksheetMutants")
    @Timeout(120)
    void theFirstDivergenceIsTheMomentThatExposesTheFragment(String mutantId, int step) throws Exception {
        Course course = Catalogue.load(WorkbookRun.home(), "lease", java.util.List.of());
        Mutant m = course.mutants().stream().filter(x -> x.id().equals(mutantId)).findFirst().orElseThrow();
        Step s = course.step(step).orElseThrow();
        int exposing = exposingRow(s.folder().resolve("scenario.json"), mutantId);

        Files.createDirectories(ws.resolve("lease"));
        Files.writeString(ws.resolve("lease/Jobs.java"), m.applyTo(Files.readString(course.referenceSource())));
        WorkbookRun.Result r = WorkbookRun.run("trace", String.valueOf(step), "--workspace", ws.toString(), "--json", "--lang", "en");
        JsonObject trace = r.json();
        assertEquals(1, r.exit(), r.describe());
        JsonElement first = trace.get("firstDivergence");
        assertTrue(first != null && first.isJsonObject(), "a divergence is found\n" + r.describe());
        assertEquals(exposing, first.getAsJsonObject().get("row").getAsInt(), "the first divergence row\n" + r.describe());
        String clause = first.getAsJsonObject().get("clause").getAsString();
        assertTrue(!clause.isBlank(), "the divergence names its contract clause");
        referenceRowsAllRan(trace, step);
    }

    @Test
    @Timeout(300)
    void theReferenceNeverPartsFromItself() throws Exception {
        Course course = Catalogue.load(WorkbookRun.home(), "lease", java.util.List.of());
        Files.createDirectories(ws.resolve("lease"));
        Files.copy(course.referenceSource(), ws.resolve("lease/Jobs.java"));
        List<Step> steps = stepsCoveringEveryKindOfCall(course);
        assertTrue(steps.size() >= 2 && steps.size() < course.steps().size(), "a cover of the scenes: " + steps);
        for (Step s : steps) {
            WorkbookRun.Result r = WorkbookRun.run("trace", String.valueOf(s.number()), "--workspace", ws.toString(), "--json");
            JsonObject trace = r.json();
            assertTrue(trace.get("firstDivergence").isJsonNull(), "step " + s.number() + "\n" + r.describe());
            assertEquals(0, r.exit(), r.describe());
            referenceRowsAllRan(trace, s.number());
            for (JsonElement row : trace.getAsJsonArray("rows")) {
                assertTrue(row.getAsJsonObject().get("same").getAsBoolean(), "step " + s.number() + " row " + row);
            }
        }
    }

    /** No moment of the reference's side timed out or went unplayed. */
    private static void referenceRowsAllRan(JsonObject trace, int step) {
        for (JsonElement row : trace.getAsJsonArray("rows")) {
            String result = row.getAsJsonObject().getAsJsonObject("reference").get("result").getAsString();
            assertTrue(!result.equals("timeout") && !result.equals("—"), "step " + step + " row " + row);
        }
    }

    /**
     * Greedily, the steps whose scenes add the most kinds not yet seen, until every kind is: a kind is the bridge method
     * a setup line or row calls ({@code Lab.claim(…)} → {@code claim}) or a field a row hides.
     */
    static List<Step> stepsCoveringEveryKindOfCall(Course course) {
        java.util.Map<Step, java.util.Set<String>> kinds = new java.util.LinkedHashMap<>();
        for (Step s : course.steps()) {
            Path file = Scenario.file(s.folder());
            if (Files.exists(file)) {
                Scenario scene = Scenario.read(file);
                java.util.Set<String> k = new java.util.TreeSet<>();
                scene.setup().forEach(c -> k.add(method(c)));
                for (Scenario.Row row : scene.rows()) {
                    k.add(method(row.call()));
                    row.hide().forEach(h -> k.add("hides " + h));
                }
                kinds.put(s, k);
            }
        }
        java.util.Set<String> left = new java.util.TreeSet<>();
        kinds.values().forEach(left::addAll);
        List<Step> chosen = new ArrayList<>();
        while (!left.isEmpty()) {
            Step best = null;
            long most = 0;
            for (var e : kinds.entrySet()) {
                long adds = e.getValue().stream().filter(left::contains).count();
                if (adds > most) {
                    best = e.getKey();
                    most = adds;
                }
            }
            chosen.add(best);
            left.removeAll(kinds.get(best));
        }
        chosen.sort(java.util.Comparator.comparingInt(Step::number));
        return chosen;
    }

    private static String method(String call) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\.(\\w+)\\s*\\(").matcher(call);
        return m.find() ? m.group(1) : call.strip();
    }

    /** The 1-based row of the scene tagged {@code "exposes": mutantId}. */
    private static int exposingRow(Path scenario, String mutantId) throws Exception {
        JsonArray rows = JsonParser.parseString(Files.readString(scenario)).getAsJsonObject().getAsJsonArray("rows");
        for (int i = 0; i < rows.size(); i++) {
            JsonObject row = rows.get(i).getAsJsonObject();
            if (row.has("exposes") && row.get("exposes").getAsString().equals(mutantId)) {
                return i + 1;
            }
        }
        assertNotNull(null, scenario + " has no row with \"exposes\": \"" + mutantId + "\"");
        return -1;
    }
}
