package workbook.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.progress.Choice;
import workbook.progress.Match;
import workbook.progress.Prediction;
import workbook.progress.StepProgress;

/** {@code predict N} driven the two ways a script can: options, and two lines on standard input. */
class PredictCommandTest {
    @TempDir Path dir;

    @Test
    void optionsStoreThePredictionAndShowTheFragmentFirst() {
        Path ws = Cli.skeleton(dir);
        Cli.Result r = Cli.run("predict", "4", "--workspace", ws.toString(), "--lang", "en",
                "--choice", "state", "--because", "a claim at now == until is refused and the old owner keeps the row");
        assertEquals(0, r.code(), r.err());
        int fragment = r.out().indexOf("until >= now");
        int recorded = r.out().indexOf("prediction recorded");
        assertTrue(fragment >= 0, "the replaced line of the worksheet fragment is shown:\n" + r.out());
        assertTrue(fragment < recorded, "the fragment comes before the prediction is recorded");
        String before = r.out().substring(0, recorded);
        assertFalse(before.contains("treats the lease as still held"), "the fragment's bug is not told before the prediction:\n" + before);
        assertFalse(before.contains("04-held-at-expiry-instant"), "nor its id, which names the bug:\n" + before);
        int answer = r.out().indexOf("the answer");
        assertTrue(answer > recorded, "the explanation (after.en.md) comes once the prediction is recorded:\n" + r.out());
        assertTrue(r.out().substring(answer).contains("now == until"), "it says which instant exposes the fragment:\n" + r.out());
        assertTrue(Cli.plain(r.out()).contains("./workbook mutants 4"), "no mutants run yet: it says what to run next");

        Prediction p = Cli.load(ws).step(4).latestPrediction("04-held-at-expiry-instant").orElseThrow();
        assertEquals(Choice.STATE, p.choice());
        assertEquals("a claim at now == until is refused and the old owner keeps the row", p.because());
        assertNull(p.comparison());
        assertTrue(p.at() != null && !p.at().isBlank());
    }

    @Test
    void twoLinesOnStandardInputAnswerWhenThereIsNoTerminal() {
        Path ws = Cli.skeleton(dir);
        Cli.Result r = Cli.withInput("2\na second initDb must not throw\n", "predict", "1", "--workspace", ws.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("CREATE TABLE jobs("), r.out());
        Prediction p = Cli.load(ws).step(1).latestPrediction().orElseThrow();
        assertEquals("01-create-without-if-not-exists", p.mutant());
        assertEquals(Choice.EXCEPTION, p.choice());
        assertEquals("a second initDb must not throw", p.because());
    }

    @Test
    void choiceNamesAndKoreanWordsAreAcceptedOnStandardInput() {
        Path ws = Cli.skeleton(dir);
        assertEquals(0, Cli.withInput("상태\n두 번째 enqueue 뒤에도 행은 그대로다\n", "predict", "2", "--workspace", ws.toString()).code());
        assertEquals(Choice.STATE, Cli.load(ws).step(2).latestPrediction().orElseThrow().choice());
        assertEquals(0, Cli.withInput("input\nstate of a missing job must be empty\n", "predict", "3", "--workspace", ws.toString()).code());
        assertEquals(Choice.INPUT, Cli.load(ws).step(3).latestPrediction().orElseThrow().choice());
    }

    @Test
    void noAnswerAnywhereIsAUsageErrorAndRecordsNothing() {
        Path ws = Cli.skeleton(dir);
        Cli.Result r = Cli.withInput("", "predict", "4", "--workspace", ws.toString(), "--lang", "en");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--choice"), "the error says how to answer: " + r.err());
        assertFalse(Files.exists(Cli.progressFile(ws)));

        Cli.Result half = Cli.withInput("state\n", "predict", "4", "--workspace", ws.toString());
        assertEquals(2, half.code(), "a choice without its sentence is not a prediction");
    }

    @Test
    void anUnknownChoiceIsAUsageError() {
        Path ws = Cli.skeleton(dir);
        assertEquals(2, Cli.run("predict", "4", "--workspace", ws.toString(), "--choice", "vibes", "--because", "x").code());
        assertEquals(2, Cli.withInput("4\nbecause\n", "predict", "4", "--workspace", ws.toString()).code());
    }

    @Test
    void aStepWithoutSuchAStepIsAUsageError() {
        Path ws = Cli.skeleton(dir);
        assertEquals(2, Cli.run("predict", "9", "--workspace", ws.toString(), "--choice", "state", "--because", "x").code());
    }

    @Test
    void jsonHasThePredictionAndTheNextStep() {
        Path ws = Cli.skeleton(dir);
        Cli.Result r = Cli.run("predict", "4", "--workspace", ws.toString(), "--json", "--choice", "input",
                "--because", "claim at the boundary returns empty");
        assertEquals(0, r.code(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(4, o.get("step").getAsInt());
        assertEquals("04-held-at-expiry-instant", o.get("mutant").getAsString());
        assertEquals("input", o.get("choice").getAsString());
        assertTrue(o.get("comparison").isJsonNull());
        assertTrue(o.get("next").getAsString().contains("mutants 4"));
    }

    /**
     * When a {@code mutants} run already decided the fragment's fate, the comparison comes at once. An exception
     * kill can be matched; an assertion kill is honestly "cannot tell".
     */
    @Test
    void afterAMutantsRunTheComparisonIsShownAtOnce() throws Exception {
        Path ws = Cli.skeleton(dir);
        seedMutantsRun(ws, 4, "04-held-at-expiry-instant", "exception");
        Cli.Result r = Cli.run("predict", "4", "--workspace", ws.toString(), "--lang", "en", "--choice", "exception",
                "--because", "getAsLong on the boundary claim throws");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("they match"), r.out());
        assertFalse(Cli.plain(r.out()).contains("./workbook mutants 4 —"), "no pointer to a run that already happened");
        Prediction p = Cli.load(ws).step(4).latestPrediction().orElseThrow();
        assertEquals(Match.YES, p.comparison().match());
        assertEquals(List.of("JobsTest#boundary"), p.comparison().killedBy());

        seedMutantsRun(ws, 2, "02-insert-or-replace", "assertion");
        Cli.Result a = Cli.run("predict", "2", "--workspace", ws.toString(), "--lang", "en", "--choice", "state",
                "--because", "the row is replaced");
        assertTrue(a.out().contains("cannot tell"), a.out());
        assertEquals(Match.UNKNOWN, Cli.load(ws).step(2).latestPrediction().orElseThrow().comparison().match());
    }

    /** A progress file as a {@code mutants} run would have left it: one worksheet mutant killed. */
    private static void seedMutantsRun(Path ws, int step, String mutant, String kind) throws Exception {
        var outcome = new StepProgress.MutantOutcome(mutant, "doc", "killed", kind, List.of("JobsTest#boundary"));
        var tally = new StepProgress.MutantTally(1, 1, "2025-01-01T00:00:00Z", List.of(outcome));
        var progress = Files.exists(Cli.progressFile(ws)) ? Cli.load(ws) : workbook.progress.Progress.empty();
        progress = progress.update(step, s -> s.withMutants(tally));
        Files.createDirectories(Cli.progressFile(ws).getParent());
        Files.writeString(Cli.progressFile(ws), new com.google.gson.Gson().toJson(progress), StandardCharsets.UTF_8);
    }
}
