package workbook.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import workbook.jshell.Outcome;
import workbook.jshell.Tracer;
import workbook.words.Messages;

/** What {@code trace} says when a later step's method is not written yet, and what to do next in every case. */
class TraceScreenTest {
    private static final Outcome NOT_YET = new Outcome("UnsupportedOperationException", "lease=? cp=41",
            "not yet — step 3 (아직 구현하지 않았습니다: 3단계 acquire)");

    private static String screen(Tracer.Trace trace, String lang) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TraceCommand.render(trace, Messages.of(lang), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void anUnwrittenMethodOfALaterStepIsNamedWithTheStepToWrite() {
        Outcome ref = new Outcome("ACQUIRED", "lease=run-cron cp=42", null);
        Tracer.Row row = new Tracer.Row(1, 0, "cron", "cron(\"t1\")", "REPLACE", NOT_YET, ref, false);
        Tracer.Trace trace = new Tracer.Trace("trace", 6, "overlap", true, List.of(), List.of(row),
                new Tracer.Divergence(1, "cron(\"t1\")", "UnsupportedOperationException | lease=? cp=41",
                        "ACQUIRED | lease=run-cron cp=42", "REPLACE"));
        String ko = screen(trace, "ko");
        assertTrue(ko.contains("아직 안 씀 (3단계)"), ko);
        assertFalse(ko.contains("UnsupportedOperationException │"), "the cell says the step, not the exception: " + ko);
        assertTrue(ko.contains("장면이 3단계에서 멈춥니다"), ko);
        assertTrue(ko.contains("다음: ./workbook show 3"), ko);
        String en = screen(trace, "en");
        assertTrue(en.contains("not written yet (step 3)") && en.contains("next: read step 3"), en);
    }

    @Test
    void aSceneThatAgreesSaysToRunTheStepsTests() {
        Outcome same = new Outcome("true", "cp=1", null);
        Tracer.Trace trace = new Tracer.Trace("trace", 2, "receipts", true, List.of(),
                List.of(new Tracer.Row(1, 0, "-", "parse()", "ok", same, same, true)), null);
        assertTrue(screen(trace, "en").contains("next: run step 2's official tests with ./workbook check 2"), screen(trace, "en"));
    }
}
