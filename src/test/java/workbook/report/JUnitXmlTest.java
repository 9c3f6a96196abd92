package workbook.report;

import workbook.catalogue.Text;
import workbook.verdict.Reason;
import workbook.words.Messages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import workbook.compile.SourceDiagnostic;
import workbook.verdict.KillKind;
import workbook.verdict.MutantStatus;
import workbook.verdict.StepStatus;
import workbook.verdict.TestOutcome;
import workbook.verdict.Verdicts;

/**
 * {@link JUnitXml} on verdicts built by hand: every output is validated against Surefire's published schema
 * ({@link SurefireSchema}) and then read back with a DOM parser.
 */
class JUnitXmlTest {
    private static final Messages EN = Messages.of("en");

    static Verdicts.TestVerdict test(String id, String name, TestOutcome status, String message, long millis) {
        return new Verdicts.TestVerdict(id, Text.same(name), "clause-" + id, status, Reason.asIsOrNone(message), false,
                List.of(), millis);
    }

    static Verdicts.StepVerdict step(int n, String slug, StepStatus status, String message, Verdicts.TestVerdict... tests) {
        return new Verdicts.StepVerdict(n, slug, Text.same("Step " + n), status, Reason.asIsOrNone(message), List.of(tests));
    }

    static Verdicts.Check check(Verdicts.Compile compile, Verdicts.StepVerdict... steps) {
        int passed = (int) List.of(steps).stream().filter(s -> s.status() == StepStatus.PASSED).count();
        return new Verdicts.Check("check", "workspace/demo/Jobs.java", compile, List.of(steps), passed, steps.length,
                Reason.asIs("next"), "demo");
    }

    static Document parse(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    static List<Element> cases(Document d) {
        NodeList list = d.getElementsByTagName("testcase");
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            out.add((Element) list.item(i));
        }
        return out;
    }

    static Element child(Element e, String tag) {
        NodeList l = e.getElementsByTagName(tag);
        return l.getLength() == 0 ? null : (Element) l.item(0);
    }

    static Element byName(Document d, String name) {
        // An official test is named by its clause, then its method in brackets: "refuses a held job [x]".
        return cases(d).stream().filter(c -> c.getAttribute("name").equals(name)
                        || c.getAttribute("name").startsWith(name + " [")).findFirst()
                .orElseThrow(() -> new AssertionError("no testcase named " + name));
    }

    @Test
    void everyOutcomeHasItsElementTypeAndTime() throws Exception {
        Verdicts.Check c = check(Verdicts.Compile.fine(),
                step(1, "init-db", StepStatus.PASSED, null, test("a", "creates the table", TestOutcome.PASSED, null, 12)),
                step(2, "claim", StepStatus.FAILED, null,
                        test("b", "claims a free job", TestOutcome.PASSED, null, 3),
                        test("c", "refuses a held job", TestOutcome.FAILED, "refuses a held job — expected: empty, was: 2", 1500),
                        test("d", "ttl first", TestOutcome.ERROR, "ttl first — NullPointerException: x", 0),
                        test("e", "boundary", TestOutcome.TIMEOUT, "boundary — took longer than its time limit", 2001)),
                step(3, "renew", StepStatus.NOT_STARTED, null,
                        test("f", "renews a live lease", TestOutcome.NOT_STARTED, "renews — the step 3 method still throws", 0),
                        test("g", "passes by chance", TestOutcome.PASSED, null, 4)),
                step(4, "complete", StepStatus.FAILED, "step 3 must pass first",
                        test("h", "completes", TestOutcome.NOT_STARTED, "completes — the step 3 method still throws", 0)));
        String xml = JUnitXml.of(c, null, "kim", EN);
        SurefireSchema.assertValid(xml);
        Document d = parse(xml);
        Element suite = d.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        assertEquals("kim", suite.getAttribute("name"));
        assertEquals("8", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("2", suite.getAttribute("errors"));
        assertEquals("3", suite.getAttribute("skipped"));
        assertEquals("3.520", suite.getAttribute("time"));
        for (Element tc : cases(d)) {
            assertFalse(tc.getAttribute("time").isEmpty(), "every testcase has a time");
            assertTrue(tc.getAttribute("classname").matches("demo\\.0\\d-[a-z-]+"), tc.getAttribute("classname"));
        }
        assertEquals("demo.02-claim", byName(d, "refuses a held job").getAttribute("classname"));
        assertEquals("clause-c", byName(d, "refuses a held job").getAttribute("group"));
        assertEquals("1.500", byName(d, "refuses a held job").getAttribute("time"));
        assertEquals("0.012", byName(d, "creates the table").getAttribute("time"));
        assertTrue(byName(d, "creates the table").getChildNodes().getLength() == 0, "a pass has no child");
        Element failure = child(byName(d, "refuses a held job"), "failure");
        assertEquals("failed", failure.getAttribute("type"));
        assertEquals("refuses a held job — expected: empty, was: 2", failure.getAttribute("message"));
        assertEquals("error", child(byName(d, "ttl first"), "error").getAttribute("type"));
        assertEquals("timeout", child(byName(d, "boundary"), "error").getAttribute("type"));
        // A step not started: every test skipped with a reason, the one that passed by chance too.
        assertEquals("renews — the step 3 method still throws",
                child(byName(d, "renews a live lease"), "skipped").getAttribute("message"));
        assertTrue(child(byName(d, "passes by chance"), "skipped").getAttribute("message").contains("step 3"));
        // Held back by an earlier step: skipped, and the reason is the step's own message.
        assertEquals("step 3 must pass first", child(byName(d, "completes"), "skipped").getAttribute("message"));
    }

    @Test
    void whatTheLearnersCodePrintedGoesToSystemOut() throws Exception {
        Verdicts.TestVerdict printed = new Verdicts.TestVerdict("a", Text.same("enqueues"), "clause-a", TestOutcome.FAILED,
                Reason.asIs("expected: false, was: true"), false, List.of(), 7, new workbook.child.wire.Output("enqueue j\n", "debug <x>\n"));
        String xml = JUnitXml.of(check(Verdicts.Compile.fine(), step(2, "enqueue", StepStatus.FAILED, null, printed)), null,
                "demo", EN);
        SurefireSchema.assertValid(xml);
        String out = parse(xml).getElementsByTagName("system-out").item(0).getTextContent();
        assertEquals("enqueue j\n\n[stderr]\ndebug <x>\n", out, xml);
    }

    @Test
    void aCompileErrorIsAnErrorOfTypeCompileForEveryTestWithTheFirstDiagnostic() throws Exception {
        Verdicts.Compile broken = new Verdicts.Compile(false, List.of(
                new SourceDiagnostic("workspace/demo/Jobs.java", 145, 34, "';' expected"),
                new SourceDiagnostic("workspace/demo/Jobs.java", 160, 1, "class, interface, enum, or record expected")));
        String why = "could not run the tests because of a compile error";
        Verdicts.Check c = check(broken,
                step(1, "init-db", StepStatus.ERROR, why, test("a", "one", TestOutcome.ERROR, "one — " + why, 0),
                        test("b", "two", TestOutcome.ERROR, "two — " + why, 0)),
                step(2, "claim", StepStatus.ERROR, why, test("c", "three", TestOutcome.ERROR, "three — " + why, 0)),
                step(3, "renew", StepStatus.ERROR, why));
        String xml = JUnitXml.of(c, null, "demo", EN);
        SurefireSchema.assertValid(xml);
        Document d = parse(xml);
        List<Element> all = cases(d);
        assertEquals(4, all.size(), "each test, and a step that lists none stands for itself");
        assertEquals("4", d.getDocumentElement().getAttribute("errors"));
        for (Element tc : all) {
            Element error = child(tc, "error");
            assertEquals("compile", error.getAttribute("type"));
            assertEquals("workspace/demo/Jobs.java:145:34: ';' expected", error.getAttribute("message"));
            assertTrue(error.getTextContent().contains("160:1"), "the text holds every diagnostic");
        }
        assertEquals("Step 3", all.get(3).getAttribute("name"));
    }

    @Test
    void learnerTextIsEscapedAndWhatXmlForbidsIsDropped() throws Exception {
        String nasty = "a <b>&amp;</b> ]]> \"q\" 'a'\tTAB\r\nnext \u0000\u0001\u001b[31m\u0008 \uFFFE\uFFFF \uD800 lone \uDC00 😀 한글";
        String kept = "a <b>&amp;</b> ]]> \"q\" 'a'\tTAB\r\nnext [31m   lone  😀 한글";
        Verdicts.Check c = check(Verdicts.Compile.fine(),
                step(1, "x<&>\"", StepStatus.FAILED, null, test("a", "name " + nasty, TestOutcome.FAILED, nasty, 1)));
        String xml = JUnitXml.of(c, null, "suite " + nasty, EN);
        SurefireSchema.assertValid(xml);
        Document d = parse(xml);
        Element tc = cases(d).get(0);
        assertEquals("name " + kept + " [a]", tc.getAttribute("name"), "attribute values keep tabs and line breaks");
        assertEquals("suite " + kept, d.getDocumentElement().getAttribute("name"));
        Element failure = child(tc, "failure");
        assertEquals(kept, failure.getAttribute("message"));
        assertEquals("", failure.getTextContent(), "the body adds to the message, never repeats it");
        assertFalse(xml.contains("]]>"), "no CDATA end outside of markup");
    }

    /** No path of the grading machine: the learner's files are named from the class folder. */
    @Test
    void noAbsolutePathOfTheGradingMachine() throws Exception {
        Verdicts.Check c = new Verdicts.Check("check", "/home/grader/class-3/ada/demo/Jobs.java", new Verdicts.Compile(false,
                List.of(new workbook.compile.SourceDiagnostic("/home/grader/class-3/ada/demo/Jobs.java", 7, 1, "';' expected"))),
                List.of(step(1, "init", StepStatus.ERROR, "compile error", test("a", "creates", TestOutcome.ERROR, "x", 0))),
                0, 1, Reason.asIs("fix it"), "demo");
        String xml = JUnitXml.of(c, null, "ada", EN);
        SurefireSchema.assertValid(xml);
        assertFalse(xml.contains("/home/grader"), xml);
        assertTrue(xml.contains("value=\"ada/demo/Jobs.java\""), xml);
        assertTrue(xml.contains("ada/demo/Jobs.java:7"), xml);
    }

    @Test
    void mutantsAndLearnerTestsJoinTheSameSuite() throws Exception {
        Verdicts.Check c = check(Verdicts.Compile.fine(),
                step(1, "init-db", StepStatus.PASSED, null, test("a", "one", TestOutcome.PASSED, null, 5)));
        Verdicts.Mutants m = new Verdicts.Mutants("mutants", "workspace/demo/JobsTest.java", Verdicts.Compile.fine(),
                List.of(new Verdicts.LearnerTest("JobsTest#claims", "claims()", true, null, 1234),
                        new Verdicts.LearnerTest("JobsTest#wrong", "wrong()", false, Reason.asIs("fails on the reference: expected 1"), 7)),
                List.of(new Verdicts.MutantVerdict("04-boundary", 4, "doc", Text.same("held when until >= now"), List.of("boundary"),
                                MutantStatus.KILLED, List.of("JobsTest#claims"), KillKind.ASSERTION, null, null),
                        new Verdicts.MutantVerdict("05-revive", 5, "doc", Text.same("renew revives at expiry"), List.of("live", "boundary"),
                                MutantStatus.SURVIVED, List.of(), null, null, null),
                        new Verdicts.MutantVerdict("06-broken", 6, "extra", Text.same("does not apply"), List.of(),
                                MutantStatus.ERROR, List.of(), null, Reason.asIs("the change applies 2 times"),
                                workbook.verdict.MutantProblem.NOT_APPLICABLE)),
                List.of(), 1, 3, Reason.asIs("next"));
        String xml = JUnitXml.of(c, m, "kim", EN);
        SurefireSchema.assertValid(xml);
        Document d = parse(xml);
        assertEquals(6, cases(d).size());
        assertEquals("2", d.getDocumentElement().getAttribute("failures"), "an invalid test and a surviving mutant");
        assertEquals("1", d.getDocumentElement().getAttribute("errors"));
        Element valid = byName(d, "JobsTest#claims");
        assertEquals("demo.tests", valid.getAttribute("classname"));
        assertEquals("1.234", valid.getAttribute("time"), "a learner test's time is its time on the reference");
        assertEquals("invalid", child(byName(d, "JobsTest#wrong"), "failure").getAttribute("type"));
        Element killed = byName(d, "04-boundary — held when until >= now");
        assertEquals("demo.mutants", killed.getAttribute("classname"));
        assertEquals("boundary", killed.getAttribute("group"));
        assertTrue(child(killed, "system-out").getTextContent().contains("JobsTest#claims"));
        Element survived = child(byName(d, "05-revive — renew revives at expiry"), "failure");
        assertEquals("survived", survived.getAttribute("type"));
        assertTrue(survived.getAttribute("message").contains("05-revive"));
        assertEquals("the change applies 2 times",
                child(byName(d, "06-broken — does not apply"), "error").getAttribute("message"));
        assertTrue(xml.contains("name=\"workbook.mutants.killed\" value=\"1/3\""));
    }

    @Test
    void learnerTestsThatDoNotCompileAreOneCompileError() throws Exception {
        Verdicts.Check c = check(Verdicts.Compile.fine(),
                step(1, "init-db", StepStatus.PASSED, null, test("a", "one", TestOutcome.PASSED, null, 5)));
        Verdicts.Mutants m = new Verdicts.Mutants("mutants", "workspace/demo/JobsTest.java",
                new Verdicts.Compile(false, List.of(new SourceDiagnostic("workspace/demo/JobsTest.java", 3, 9, "cannot find symbol"))),
                List.of(), List.of(), List.of(), 0, 12, Reason.asIs("fix it"));
        String xml = JUnitXml.of(c, m, "kim", EN);
        SurefireSchema.assertValid(xml);
        Element tc = cases(parse(xml)).get(1);
        assertEquals("demo.tests", tc.getAttribute("classname"));
        assertEquals("compile", child(tc, "error").getAttribute("type"));
        assertEquals("workspace/demo/JobsTest.java:3:9: cannot find symbol", child(tc, "error").getAttribute("message"));
    }

    /** The validator is real: a failure without its required {@code type} and a testcase without {@code time} are refused. */
    @Test
    void theSchemaRefusesWhatSurefireRequires() {
        String ok = "<testsuite name=\"s\" tests=\"1\" errors=\"0\" skipped=\"0\" failures=\"1\">"
                + "<testcase name=\"t\" time=\"0.001\"><failure type=\"failed\" message=\"m\">x</failure></testcase></testsuite>";
        SurefireSchema.assertValid(ok);
        assertThrows(SAXException.class, () -> SurefireSchema.validate(ok.replace(" type=\"failed\"", "")));
        assertThrows(SAXException.class, () -> SurefireSchema.validate(ok.replace(" time=\"0.001\"", "")));
        assertThrows(SAXException.class, () -> SurefireSchema.validate(ok.replace("0.001", "1,5")));
        assertThrows(SAXException.class, () -> SurefireSchema.validate("<testsuites>" + ok + "</testsuites>"),
                "the schema's only root is testsuite");
    }

    @Test
    void secondsHaveThreeDecimalsAndNoGrouping() {
        assertEquals("0.000", JUnitXml.seconds(0));
        assertEquals("0.007", JUnitXml.seconds(7));
        assertEquals("1.234", JUnitXml.seconds(1234));
        assertEquals("123456.789", JUnitXml.seconds(123_456_789));
        assertEquals("0.000", JUnitXml.seconds(-5));
    }
}
