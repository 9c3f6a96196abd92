package workbook.grade;

import workbook.verdict.PitStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.WorkbookRun;
import workbook.catalogue.Catalogue;
import workbook.catalogue.Course;
import workbook.catalogue.PitEquivalent;
import workbook.words.Messages;
import workbook.report.PitView;

/**
 * {@code audit --pit} without PIT: a small mutations.xml over the alpha fixture lab ({@code fixtures/pit}) is read,
 * and each mutant lands in its step and clauses the way the catalogue says.
 */
class PitAuditTest {
    @TempDir Path tmp;

    private static final Path PIT = WorkbookRun.fixtures("pit");

    private static Course alpha() {
        return Catalogue.load(WorkbookRun.fixtures("labs"), "alpha", List.of());
    }

    private static PitAudit.Verdict verdict() throws IOException {
        return PitAudit.of(alpha(), "report.xml", PitReport.read(PIT.resolve("mutations.xml")),
                PitEquivalent.load(PIT.resolve("pit-equivalent.json")));
    }

    @Test
    void theReportIsReadMutantByMutant() throws IOException {
        List<PitReport.Mutation> ms = PitReport.read(PIT.resolve("mutations.xml"));
        assertEquals(7, ms.size(), "one per <mutation>");
        PitReport.Mutation first = ms.get(0);
        assertEquals("alpha.Counter", first.className());
        assertEquals("next", first.method());
        assertEquals(12, first.line());
        assertEquals(6, first.index(), "PIT's bytecode index, which tells twins of one line apart");
        assertEquals("MathMutator", first.mutatorName());
        assertEquals(PitStatus.KILLED, first.status());
        assertEquals(List.of(new PitReport.TestRef("CounterTest", "countsFromTheStart"),
                new PitReport.TestRef("CounterTest", "countsOnEachCall")), first.killedBy(), "the killing tests, by class and method");
        PitReport.Mutation templated = ms.get(2);
        assertEquals(List.of(new PitReport.TestRef("CounterTest", "countsOnEachCall"),
                        new PitReport.TestRef("NamesTest", "greetsByName")), templated.tests(),
                "a test template's invocations are one test, named by its method");
        assertEquals("<init>", ms.get(3).method(), "entities are decoded");
        assertEquals(List.of(), ms.get(3).tests(), "no covering test");
        assertEquals("greet", ms.get(4).sourceMethod(), "a lambda belongs to the method it is written in");
        assertEquals("Shared", ms.get(5).outerClass(), "a nested class belongs to its outer class");
        assertTrue(Stream.of(PitStatus.KILLED, PitStatus.TIMED_OUT, PitStatus.MEMORY_ERROR, PitStatus.RUN_ERROR)
                .noneMatch(PitStatus::undetected), "PIT's detections");
        assertTrue(PitStatus.SURVIVED.undetected() && PitStatus.NO_COVERAGE.undetected(), "what no test noticed");
    }

    @Test
    void aReportThatIsNotXmlIsRefused() {
        assertThrows(IOException.class, () -> PitReport.read(new ByteArrayInputStream("<mutations><mutation>".getBytes(StandardCharsets.UTF_8))));
        assertThrows(IOException.class, () -> PitReport.read(new ByteArrayInputStream(
                "<!DOCTYPE m [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><mutations>&x;</mutations>".getBytes(StandardCharsets.UTF_8))),
                "no DTD, no external entity");
    }

    @Test
    void eachSurvivorLandsInItsStepAndClauses() throws IOException {
        PitAudit.Verdict v = verdict();
        assertEquals(7, v.mutants());
        assertEquals(2, v.detected(), "KILLED and TIMED_OUT are detections");
        assertFalse(v.ok(), "survivors and stale entries");
        assertEquals(4, v.survivors().size(), v.survivors().toString());

        PitAudit.Mutant init = v.survivors().get(0);
        assertEquals(List.of("alpha.Counter", "<init>", 1, PitAudit.Via.FILE, List.of(), PitStatus.NO_COVERAGE),
                List.of(init.className(), init.method(), init.step(), init.via(), init.clauses(), init.status()),
                "a method no step names, in the class only step 1 is about; no test reaches it: no clause");

        PitAudit.Mutant next = v.survivors().get(1);
        assertEquals(List.of(1, "next", PitAudit.Via.METHOD), List.of(next.step(), next.slug(), next.via()), "step 1 names next");
        assertEquals(List.of("1/counts-up", "2/greets"), next.clauses(), "its own step's clauses first, then other steps'");
        assertEquals(List.of("next/countsOnEachCall", "greet/greetsByName"), next.coveredBy(), "the official tests by id");
        assertNull(next.reason(), "a real survivor has no reason");

        PitAudit.Mutant cache = v.survivors().get(2);
        assertEquals(List.of("alpha.Shared$Cache", 2, PitAudit.Via.TESTS, List.of("2/greets")),
                List.of(cache.className(), cache.step(), cache.via(), cache.clauses()),
                "a class no step is about, reached only by step 2's tests");

        PitAudit.Mutant log = v.survivors().get(3);
        assertEquals(List.of(0, PitAudit.Via.NONE, List.of("1/counts-up", "2/greets")),
                List.of(log.step(), log.via(), log.clauses()), "reached by two steps' tests: no step, listed last");
        assertNull(log.slug());
    }

    @Test
    void equivalentsAreKeptApartAndStaleOnesNamed() throws IOException {
        PitAudit.Verdict v = verdict();
        assertEquals(1, v.equivalent().size());
        PitAudit.Mutant eq = v.equivalent().get(0);
        assertEquals(List.of("lambda$greet$0", 2, PitAudit.Via.METHOD, List.of("2/greets")),
                List.of(eq.method(), eq.step(), eq.via(), eq.clauses()), "a lambda in greet: step 2");
        assertEquals(Map.of("ko", "시험용 이유", "en", "a reason for the test"), eq.reason(), "the reason in both languages");
        assertTrue(v.survivors().stream().noneMatch(m -> m.method().equals("lambda$greet$0")), "not among the survivors");
        assertEquals(List.of(
                new PitAudit.Stale("alpha.Counter", "next", 12, "MathMutator", "Replaced integer addition with subtraction", -1,
                        PitAudit.StaleKind.DETECTED),
                new PitAudit.Stale("alpha.Names", "lambda$greet$0", 7, "EmptyObjectReturnValsMutator",
                        "replaced return value with \"\" for alpha/Names::lambda$greet$0", 99, PitAudit.StaleKind.NOT_IN_REPORT),
                new PitAudit.Stale("alpha.Counter", "next", 40, "MathMutator", "Replaced integer addition with subtraction", -1,
                        PitAudit.StaleKind.NOT_IN_REPORT)), v.stale(),
                "a killed one is not equivalent; another bytecode index or a moved line is looked at again");

        PitAudit.Verdict clean = PitAudit.of(alpha(), "report.xml", PitReport.read(PIT.resolve("mutations.xml")), List.of());
        assertEquals(5, clean.survivors().size(), "without the file every undetected mutant is a survivor");
        assertEquals(List.of(), clean.stale());
    }

    @Test
    void theViewGroupsByStepInBothLanguages() throws IOException {
        PitAudit.Verdict v = verdict();
        for (String lang : List.of("en", "ko")) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            new PitView(Messages.of(lang), new PrintStream(b, true, StandardCharsets.UTF_8)).print(v);
            String out = b.toString(StandardCharsets.UTF_8);
            assertFalse(out.contains("report.pit.") || out.contains("pit.status."), "every key has its " + lang + " text:\n" + out);
            assertTrue(out.contains("Counter.java:12 next"), out);
            assertTrue(out.contains("Shared.java:9 log"), out);
            assertTrue(out.contains("lambda$greet$0"), out);
            assertTrue(out.contains("en".equals(lang) ? "a reason for the test" : "시험용 이유"), out);
            int step1 = out.indexOf("en".equals(lang) ? "step 1. next" : "1단계 next");
            int step2 = out.indexOf("en".equals(lang) ? "step 2. greet" : "2단계 greet");
            int none = out.indexOf("en".equals(lang) ? "no step" : "단계 없음");
            assertTrue(step1 >= 0 && step1 < step2 && step2 < none, "steps in order, no step last:\n" + out);
        }
    }

    /** The command end to end on a copy of the alpha home: first with no report, then with the fixture's. */
    @Test
    void theCommandSaysHowToMakeTheReportThenReadsIt() throws IOException {
        Path home = WorkbookRun.copyOfLabsHome(tmp.resolve("home"));
        WorkbookRun.Result missing = inHome(home, "audit", "--pit", "--lab", "alpha", "--lang", "en");
        assertEquals(2, missing.exit(), missing.describe());
        assertTrue(missing.err().contains("mvn -P pit -Dpit.lab=alpha verify"), "the exact command: " + missing.describe());
        assertEquals(1, missing.err().strip().lines().count(), "one line: " + missing.describe());

        Path reports = Files.createDirectories(home.resolve("target/pit-reports/alpha"));
        Files.copy(PIT.resolve("mutations.xml"), reports.resolve("mutations.xml"));
        Files.copy(PIT.resolve("pit-equivalent.json"), home.resolve("lessons/alpha/pit-equivalent.json"));
        WorkbookRun.Result r = inHome(home, "audit", "--pit", "--lab", "alpha", "--json");
        assertEquals(1, r.exit(), r.describe());
        JsonObject v = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals("audit-pit", v.get("command").getAsString());
        assertEquals("target/pit-reports/alpha/mutations.xml", v.get("report").getAsString(), "relative to the home");
        assertEquals(4, v.getAsJsonArray("survivors").size());
        JsonObject first = v.getAsJsonArray("survivors").get(0).getAsJsonObject();
        assertEquals("no-coverage", first.get("status").getAsString(), "statuses by their wire names");
        assertEquals("file", first.get("via").getAsString());
        assertEquals("a reason for the test",
                v.getAsJsonArray("equivalent").get(0).getAsJsonObject().getAsJsonObject("reason").get("en").getAsString());
        assertEquals("not-in-report", v.getAsJsonArray("stale").get(2).getAsJsonObject().get("why").getAsString());
    }

    private static WorkbookRun.Result inHome(Path home, String... args) {
        return WorkbookRun.inHome(home, args);
    }
}
