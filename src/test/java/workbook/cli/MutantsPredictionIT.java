package workbook.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.progress.Match;
import workbook.progress.Prediction;
import workbook.progress.StepProgress;

/**
 * The whole loop on step 4: predict, run {@code mutants 4}, see the prediction beside what happened, and find it
 * all on the board (and in the board's JSON, beside the unchanged check verdict).
 */
class MutantsPredictionIT {
    @TempDir Path dir;

    /** Kills the worksheet fragment of step 4 with a plain assertion on the table after the second claim. */
    private static final String BOUNDARY_TEST = """
                @Test
                void expiryInstantIsClaimable() {
                    Path db = dir.resolve("jobs.db");
                    Jobs.initDb(db);
                    Jobs.enqueue(db, "j");
                    Jobs.claim(db, "j", "a", 10, 5);
                    Jobs.claim(db, "j", "b", 15, 5);
                    assertEquals("b", Jobs.state(db, "j").orElseThrow().owner());
                }

                // 1단계 initDb""";

    @Test
    void mutantsShowsThePredictionBesideWhatHappenedAndRecordsIt() throws Exception {
        Path ws = Cli.passing(dir);
        Path tests = ws.resolve("lease/JobsTest.java");
        Files.writeString(tests, Files.readString(tests, StandardCharsets.UTF_8).replace("    // 1단계 initDb", BOUNDARY_TEST));
        assertEquals(0, Cli.run("predict", "4", "--workspace", ws.toString(), "--choice", "state",
                "--because", "after the boundary claim the table still names the old owner").code());

        Cli.Result r = Cli.run("mutants", "4", "--workspace", ws.toString(), "--lang", "en");
        assertTrue(r.out().contains("predictions and what happened"), r.out());
        assertTrue(r.out().contains("JobsTest#expiryInstantIsClaimable"), r.out());
        assertTrue(r.out().contains("cannot tell"), "an assertion kill is not claimed as a match: " + r.out());

        StepProgress step = Cli.load(ws).step(4);
        StepProgress.MutantTally tally = step.mutants();
        assertNotNull(tally);
        long stepFourMutants;
        try (var files = Files.list(workbook.WorkbookRun.home().resolve("mutants").resolve("lease"))) {
            stepFourMutants = files.filter(f -> f.getFileName().toString().matches("04-.*\\.mutant")).count();
        }
        assertEquals(stepFourMutants, tally.total(), "every step-4 mutant is tallied");
        assertEquals("killed", tally.outcome("04-held-at-expiry-instant").orElseThrow().status());
        Prediction p = step.latestPrediction("04-held-at-expiry-instant").orElseThrow();
        assertEquals("killed", p.comparison().outcome());
        assertEquals("assertion", p.comparison().observed());
        assertEquals(Match.UNKNOWN, p.comparison().match());

        Cli.Result board = Cli.run("--workspace", ws.toString(), "--json");
        assertEquals(0, board.code(), board.err());
        JsonObject o = JsonParser.parseString(board.out()).getAsJsonObject();
        for (String field : new String[] {"command", "workspace", "compile", "steps", "passed", "total", "next"}) {
            assertTrue(o.has(field), "the check verdict's field " + field + " is still there");
        }
        JsonObject row = o.getAsJsonObject("progress").getAsJsonArray("steps").get(3).getAsJsonObject();
        assertEquals(4, row.get("step").getAsInt());
        assertEquals("passed", row.get("check").getAsString());
        assertTrue(row.get("compared").getAsBoolean());
        assertEquals(stepFourMutants, row.get("mutantsTotal").getAsInt());
        assertFalse(row.get("words").getAsBoolean());
        assertTrue(row.get("next").getAsString().contains("words 4"), row.toString());

        Cli.Result human = Cli.run("--workspace", ws.toString(), "--lang", "en");
        assertTrue(human.out().contains("your progress"), human.out());
        assertTrue(human.out().contains("4. passed · hints 0/3 · prediction: state after failure (cannot tell)"), human.out());
    }
}
