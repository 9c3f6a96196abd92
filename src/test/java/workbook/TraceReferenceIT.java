package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import workbook.catalogue.Catalogue;
import workbook.catalogue.Course;
import workbook.catalogue.Step;
import workbook.jshell.Scenario;

/**
 * {@code workbook trace N} with the reference as the learner's code: the two sides never part, and no moment times out.
 *
 * <p>A trace starts three JVMs and two JShell sessions, so the reference is traced against itself only on the fewest
 * steps whose scenes together make every kind of call the lab's scenes make (and hide every field they hide): the two
 * sides run the same code on the same calls, so what could make them part is a kind of call or of outcome, not the
 * step it appears in. On every step, {@link TraceIT}'s mutant traces show the rows before the exposing moment agree
 * with the reference and no reference row times out.
 */
class TraceReferenceIT {
    @TempDir Path ws;

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
            TraceIT.referenceRowsAllRan(trace, s.number());
            for (JsonElement row : trace.getAsJsonArray("rows")) {
                assertTrue(row.getAsJsonObject().get("same").getAsBoolean(), "step " + s.number() + " row " + row);
            }
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

}
