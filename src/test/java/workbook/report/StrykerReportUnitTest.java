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
import workbook.grade.KillKind;
import workbook.grade.MutantProblem;
import workbook.grade.MutantStatus;

/** The pure parts of the Stryker report and its page: positions, statuses, and what may sit inside a script element. */
class StrykerReportUnitTest {
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
}
