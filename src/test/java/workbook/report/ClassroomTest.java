package workbook.report;

import workbook.catalogue.Text;
import workbook.verdict.Reason;
import workbook.words.Messages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static workbook.report.JUnitXmlTest.check;
import static workbook.report.JUnitXmlTest.step;
import static workbook.report.JUnitXmlTest.test;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import workbook.compile.SourceDiagnostic;
import workbook.verdict.StepStatus;
import workbook.verdict.TestOutcome;
import workbook.verdict.Verdicts;

/** {@link Classroom}: GitHub Classroom's v1 result, points per step, on verdicts built by hand. */
class ClassroomTest {
    private static final Messages EN = Messages.of("en");

    private static Verdicts.TestVerdict[] tests(int passed, int failed) {
        List<Verdicts.TestVerdict> out = new ArrayList<>();
        for (int i = 0; i < passed + failed; i++) {
            out.add(test("t" + i, "test " + i, i < passed ? TestOutcome.PASSED : TestOutcome.FAILED,
                    i < passed ? null : "test " + i + " — expected: true, was: false", 10));
        }
        return out.toArray(Verdicts.TestVerdict[]::new);
    }

    /** The totals the grading reporter sends Classroom: Σ score over all tests, and the runner's max_score. */
    private static void assertSumsAgree(JsonObject r) {
        int score = 0;
        int max = 0;
        for (JsonElement t : r.getAsJsonArray("tests")) {
            JsonObject o = t.getAsJsonObject();
            int s = o.get("score").getAsInt();
            int m = o.get("max_score").getAsInt();
            assertTrue(s >= 0 && s <= m, "0 <= score <= max_score: " + o);
            assertEquals(o.get("score").getAsDouble(), s, "scores are whole numbers");
            score += s;
            max += m;
        }
        assertEquals(r.get("max_score").getAsInt(), max, "Σ tests[].max_score = max_score");
        assertEquals(1, r.get("version").getAsInt());
        assertTrue(score <= max);
        // The reporter's log and table: (entries that pass ÷ entries) × max_score, which must be the notice's Σ score.
        JsonArray all = r.getAsJsonArray("tests");
        long pass = all.asList().stream().filter(e -> e.getAsJsonObject().get("status").getAsString().equals("pass")).count();
        double logged = all.isEmpty() ? 0 : (double) pass / all.size() * r.get("max_score").getAsInt();
        assertEquals(score, logged, 1e-9, "the reporter's log total equals the total it sends Classroom");
        for (JsonElement t : all) {
            assertTrue(t.getAsJsonObject().has("line_no"), "a line number, or the log says 'line undefined'");
        }
    }

    @Test
    void aStepEarnsAllItsPointsOrNoneInEntriesOfOneWeight() {
        Verdicts.Check c = check(Verdicts.Compile.fine(),
                step(1, "a", StepStatus.PASSED, null, tests(8, 0)),
                step(2, "b", StepStatus.FAILED, null, tests(12, 5)),
                step(3, "c", StepStatus.NOT_STARTED, null, tests(2, 11)),
                step(4, "d", StepStatus.ERROR, "renew(…) has the wrong shape", tests(4, 0)),
                step(5, "e", StepStatus.FAILED, null, tests(0, 7)));
        JsonObject r = JsonParser.parseString(Classroom.json(c, n -> n == 2 ? 25 : 10, EN)).getAsJsonObject();
        assertSumsAgree(r);
        assertEquals("fail", r.get("status").getAsString());
        assertEquals(65, r.get("max_score").getAsInt());
        List<JsonObject> t = r.getAsJsonArray("tests").asList().stream().map(JsonElement::getAsJsonObject).toList();
        assertEquals(13, t.size(), "5 points an entry (the steps' greatest common divisor): 2 + 5 + 2 + 2 + 2");
        assertEquals(List.of(5, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), t.stream().map(o -> o.get("score").getAsInt()).toList(),
                "all of a passed step, none of the others");
        assertEquals(List.of("pass", "pass", "fail", "fail", "fail", "fail", "fail", "fail", "fail", "error", "error",
                "fail", "fail"), t.stream().map(o -> o.get("status").getAsString()).toList());
        assertEquals("1. Step 1 (1/2)", t.get(0).get("name").getAsString());
        assertEquals("2. Step 2 (3/5)", t.get(4).get("name").getAsString());
        assertEquals(170, t.get(2).get("duration").getAsLong(), "the step's tests' time, in ms");
        String failing = t.get(2).get("message").getAsString();
        assertTrue(failing.startsWith("12/17 official tests pass"), failing);
        assertTrue(failing.contains("test 12 — expected: true, was: false"), failing);
        assertTrue(failing.contains("test 16") && !failing.contains("more"), "five failures, all listed: " + failing);
        String code = t.get(2).get("test_code").getAsString();
        assertTrue(code.startsWith("12/17 official tests pass") && code.contains("test 12 — expected: true, was: false")
                && code.endsWith("./workbook check 2"), "the reporter prints test_code: the verdict is there: " + code);
        assertEquals("./workbook check 1", t.get(0).get("test_code").getAsString());
        String seven = t.get(11).get("message").getAsString();
        assertTrue(seven.contains("test 4 —") && !seven.contains("test 5 —") && seven.endsWith("… and 2 more"),
                "five failures listed, then a count: " + seven);
        assertTrue(t.get(9).get("message").getAsString().contains("wrong shape"));
        assertTrue(t.get(7).get("message").getAsString().startsWith("not started"));
    }

    @Test
    void aPassingCheckIsAPassWithEveryPoint() {
        Verdicts.Check c = check(Verdicts.Compile.fine(), step(1, "a", StepStatus.PASSED, null, tests(3, 0)),
                step(2, "b", StepStatus.PASSED, null, tests(1, 0)));
        JsonObject r = JsonParser.parseString(Classroom.json(c, n -> 10, EN)).getAsJsonObject();
        assertSumsAgree(r);
        assertEquals("pass", r.get("status").getAsString());
        assertEquals(20, r.getAsJsonArray("tests").asList().stream().mapToInt(e -> e.getAsJsonObject().get("score").getAsInt()).sum());
    }

    @Test
    void aCompileErrorScoresNothingOfTheSameMaximumAndPointsAtTheLine() {
        Verdicts.Compile broken = new Verdicts.Compile(false,
                List.of(new SourceDiagnostic("workspace/demo/Jobs.java", 145, 34, "';' expected")));
        Verdicts.Check c = check(broken, step(1, "a", StepStatus.ERROR, "compile error", tests(0, 3)),
                step(2, "b", StepStatus.ERROR, "compile error", tests(0, 2)));
        JsonObject r = JsonParser.parseString(Classroom.json(c, n -> 10, EN)).getAsJsonObject();
        assertSumsAgree(r);
        assertEquals("error", r.get("status").getAsString());
        assertEquals(20, r.get("max_score").getAsInt());
        JsonObject first = r.getAsJsonArray("tests").get(0).getAsJsonObject();
        assertEquals(0, first.get("score").getAsInt());
        assertEquals("workspace/demo/Jobs.java", first.get("filename").getAsString());
        assertEquals(145, first.get("line_no").getAsInt());
        assertTrue(first.get("message").getAsString().contains("145:34: ';' expected"));
    }

    @Test
    void aFailingTestPointsAtTheLearnersFileAndLine() {
        Verdicts.TestVerdict bad = new Verdicts.TestVerdict("x", Text.same("renews"), "live", TestOutcome.TIMEOUT,
                Reason.asIs("renews — too long"),
                false, List.of("Jobs.java:113 (renew)"), 2000);
        Verdicts.Check c = check(Verdicts.Compile.fine(), step(5, "renew", StepStatus.FAILED, null, bad));
        JsonObject t = JsonParser.parseString(Classroom.json(c, n -> 10, EN)).getAsJsonObject()
                .getAsJsonArray("tests").get(0).getAsJsonObject();
        assertEquals("workspace/demo/Jobs.java", t.get("filename").getAsString());
        assertEquals(113, t.get("line_no").getAsInt());
    }

    @Test
    void aMissingSubmissionIsAnErrorWorthNothing() {
        JsonObject r = JsonParser.parseString(Classroom.setupError(80, "workspace/lease/Jobs.java is missing", EN)).getAsJsonObject();
        assertSumsAgree(r);
        assertEquals("error", r.get("status").getAsString());
        assertEquals(80, r.get("max_score").getAsInt());
        assertEquals(0, r.getAsJsonArray("tests").get(0).getAsJsonObject().get("score").getAsInt());
    }

    @Test
    void theBase64FormIsOneLineOfUtf8Json() {
        Verdicts.Check c = check(Verdicts.Compile.fine(), step(1, "a", StepStatus.FAILED, null,
                test("a", "만료된 임대를 가져간다", TestOutcome.FAILED, "기대: 1, 실제: 2", 1)));
        String json = Classroom.json(c, n -> 10, Messages.of("ko"));
        String b64 = Classroom.base64(json);
        assertFalse(b64.contains("\n"), "one line, as $GITHUB_OUTPUT wants it");
        assertEquals(json, new String(Base64.getDecoder().decode(b64), StandardCharsets.UTF_8));
        assertTrue(json.contains("기대: 1, 실제: 2"), "Korean text stays as it is: " + json);
    }
}
