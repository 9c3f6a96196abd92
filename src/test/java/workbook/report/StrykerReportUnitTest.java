package workbook.report;

import workbook.words.Messages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import workbook.verdict.KillKind;
import workbook.verdict.MutantProblem;
import workbook.verdict.MutantStatus;

/** The pure parts of the Stryker report and its page: positions, statuses, and what may sit inside a script element. */
public class StrykerReportUnitTest {
    @Test
    void offsetsBecomeOneBasedLinesAndColumnsWithAnExclusiveEnd() {
        String text = "ab\ncdef\n\ngh";
        StrykerReport.Location whole = StrykerReport.span(text, 0, text.length());
        assertEquals(new StrykerReport.Position(1, 1), whole.start());
        assertEquals(new StrykerReport.Position(4, 3), whole.end(), "end is exclusive: just after 'h'");
        StrykerReport.Location cdef = StrykerReport.span(text, text.indexOf("cdef"), text.indexOf("cdef") + 4);
        assertEquals(new StrykerReport.Position(2, 1), cdef.start());
        assertEquals(new StrykerReport.Position(2, 5), cdef.end());
        StrykerReport.Location empty = StrykerReport.span(text, text.indexOf("\n\n") + 1, text.indexOf("\n\n") + 1);
        assertEquals(new StrykerReport.Position(3, 1), empty.start(), "the empty third line starts at column 1");
    }

    @Test
    void everyVerdictHasItsStrykerStatus() {
        assertEquals("Killed", StrykerReport.status(MutantStatus.KILLED, KillKind.ASSERTION, null));
        assertEquals("Killed", StrykerReport.status(MutantStatus.KILLED, KillKind.EXCEPTION, null));
        assertEquals("Timeout", StrykerReport.status(MutantStatus.KILLED, KillKind.TIMEOUT, null));
        assertEquals("Survived", StrykerReport.status(MutantStatus.SURVIVED, null, null));
        assertEquals("CompileError", StrykerReport.status(MutantStatus.ERROR, null, MutantProblem.DOES_NOT_COMPILE));
        assertEquals("RuntimeError", StrykerReport.status(MutantStatus.ERROR, null, MutantProblem.NOT_APPLICABLE));
        assertEquals("RuntimeError", StrykerReport.status(MutantStatus.ERROR, null, MutantProblem.RUN_FAILED));
    }

    @Test
    void theInlinedScriptCannotEndItsElementAndHasNoOtherTrap() {
        assertEquals("a = '<\\/script>'; b = /<\\/SCRIPT/;", StrykerPage.inlineable("a = '</script>'; b = /</SCRIPT/;"));
        String shipped = StrykerPage.script();
        assertTrue(shipped.length() > 100_000, "the bundled component, not a stub: " + shipped.length() + " characters");
        assertTrue(shipped.contains("mutation-test-report-app"), "it defines the report element");
        // With no <script inside, a <!-- in the code cannot hold the element open; keep it so when the jar is updated.
        assertFalse(shipped.toLowerCase(java.util.Locale.ROOT).contains("<script"), "the component's code holds no <script");
        assertFalse(StrykerPage.inlineable(shipped).toLowerCase(java.util.Locale.ROOT).contains("</script"));
    }

    @Test
    void theReportInsideThePageHasNoAngleBracketAndReadsBackTheSame() {
        StrykerReport.Report r = new StrykerReport.Report("2", StrykerReport.THRESHOLDS, Map.of("a/T.java",
                new StrykerReport.FileResult("java", "// </script><!-- <script> & 'x' = y\n", List.of(
                        new StrykerReport.MutantResult("m1", "m1", "</script>", StrykerReport.span("ab", 0, 1), "Killed",
                                List.of("t1"), List.of("t1"), "d", "r")))),
                Map.of(), null, null, null);
        String inline = StrykerReport.jsonForScript(r);
        assertFalse(inline.contains("<") || inline.contains(">"), inline);
        assertEquals(com.google.gson.JsonParser.parseString(StrykerReport.json(r)), com.google.gson.JsonParser.parseString(inline));

        String page = StrykerPage.html(r, "t <b>\"x\"</b>", Messages.of("en"));
        Matcher closers = Pattern.compile("(?i)</script").matcher(page);
        int count = 0;
        while (closers.find()) {
            count++;
        }
        assertEquals(2, count, "exactly the two script elements the page opens are closed");
        assertTrue(page.contains("<title>t &lt;b&gt;&quot;x&quot;&lt;/b&gt;</title>"), "the title is escaped");
        String markup = page.replaceAll("(?is)<script>.*?</script>", "<script></script>");
        assertFalse(Pattern.compile("(?i)\\b(src|href)\\s*=").matcher(markup).find(), "nothing is fetched: no src or href " + markup);
        assertTrue(page.contains("default-src 'none'"), "and the content security policy forbids any fetch");
    }

    /**
     * Every mutant of every lab as the audit's report shows it: a change that neither starts nor ends on a line break
     * (Stryker's viewer threw "Cannot find corresponding opening tag" on six lab-2 mutants written as "line N → line N
     * plus new lines", and drew no diff), applied where the location says, and for a mutant of several edits the one
     * that changes code the reference already had when there is one.
     */
    @Test
    void everyMutantOfEveryLabIsShownAsAChangeTheViewerCanDraw() {
        java.nio.file.Path home = workbook.WorkbookRun.home();
        int checked = 0;
        for (String lab : workbook.catalogue.Catalogue.labs(home)) {
            workbook.catalogue.Course course = workbook.catalogue.Catalogue.load(home, lab, List.of());
            for (workbook.catalogue.Mutant m : course.mutants()) {
                String file = m.target() == null ? course.learnerFile() : course.fileOf(m.target());
                String reference = StrykerReport.Sources.read(course.reference().resolve(file));
                StrykerReport.Shown shown = StrykerReport.shown(reference, m);
                String at = m.id() + " (" + lab + ")";
                int from = offset(reference, shown.location().start());
                int to = offset(reference, shown.location().end());
                String original = reference.substring(from, to);
                for (String side : List.of(original, shown.replacement())) {
                    assertFalse(side.startsWith("\n") || side.endsWith("\n"), at + ": starts or ends on a line break: [" + side + "]");
                }
                assertFalse(original.isEmpty(), at + ": shown on an empty span");
                assertFalse(original.equals(shown.replacement()), at + ": shows no change");
                assertTrue(sameAsAnEdit(reference, m, reference.substring(0, from) + shown.replacement() + reference.substring(to)),
                        at + ": the change shown is one of the mutant's edits (blank lines aside)");
                checked++;
            }
        }
        assertTrue(checked > 200, "every lab's mutants: " + checked);
    }

    /** Whether {@code shown} is {@code reference} with one of the mutant's edits applied, blank lines aside. */
    public static boolean sameAsAnEdit(String reference, workbook.catalogue.Mutant m, String shown) {
        for (workbook.catalogue.Mutant.Edit e : m.edits()) {
            int i = reference.indexOf(e.find());
            if (i >= 0 && noBlankLines(reference.substring(0, i) + e.replace() + reference.substring(i + e.find().length()))
                    .equals(noBlankLines(shown))) {
                return true;
            }
        }
        return false;
    }

    private static String noBlankLines(String s) {
        return s.replaceAll("(?m)^[ \\t]*\\r?\\n", "");
    }

    private static int offset(String text, StrykerReport.Position p) {
        int line = 1;
        int i = 0;
        while (line < p.line()) {
            i = text.indexOf('\n', i) + 1;
            line++;
        }
        return i + p.column() - 1;
    }
}
