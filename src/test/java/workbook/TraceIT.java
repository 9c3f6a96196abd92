package workbook;

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
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import workbook.catalogue.Catalogue;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;
import workbook.catalogue.Step;

/**
 * {@code workbook trace N}: each worksheet mutant, used as a learner's code, parts from the reference exactly at the
 * scene moment that the step's scenario marks as exposing it ({@code "exposes": "<mutant id>"}), and no moment of the
 * reference's side times out. The reference against itself: {@link TraceReferenceIT}.
 */
class TraceIT {
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

    /** No moment of the reference's side timed out or went unplayed. */
    static void referenceRowsAllRan(JsonObject trace, int step) {
        for (JsonElement row : trace.getAsJsonArray("rows")) {
            String result = row.getAsJsonObject().getAsJsonObject("reference").get("result").getAsString();
            assertTrue(!result.equals("timeout") && !result.equals("—"), "step " + step + " row " + row);
        }
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
