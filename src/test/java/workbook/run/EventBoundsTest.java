package workbook.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import workbook.child.wire.Event;
import workbook.child.wire.Output;
import workbook.child.wire.TestStatus;

/** Whatever a child says, the parent keeps a bounded amount of it: names, messages, frames, output and lines. */
class EventBoundsTest {
    @Test
    void hugeNamesAreCutButStayApartAndShortOnesAreKept() {
        String a = "JobsTest#dyn[" + "x".repeat(1_000_000) + "a]";
        String b = "JobsTest#dyn[" + "x".repeat(1_000_000) + "b]";
        String cutA = Event.name(a);
        assertTrue(cutA.length() <= Event.MAX_NAME + 20, "cut: " + cutA.length());
        assertTrue(cutA.startsWith("JobsTest#dyn[xxx"), cutA.substring(0, 20));
        assertNotEquals(cutA, Event.name(b), "two long names that share a start stay two tests");
        assertEquals(cutA, Event.name(a), "the same name is cut the same way every time");
        assertEquals("JobsTest#claims", Event.name("JobsTest#claims"));
        assertNull(Event.name(null));
    }

    @Test
    void everyTextAnEventCarriesIsBounded() {
        String huge = "m".repeat(2_000_000);
        Event e = new Event.End("learner", 1, huge, huge, TestStatus.FAILED, huge, huge, null,
                java.util.Collections.nCopies(10_000, huge), 5L, new Output(huge, huge));
        Event.End b = (Event.End) e.bounded();
        long total = b.test().length() + b.name().length() + b.exception().length() + b.message().length()
                + b.frames().stream().mapToLong(String::length).sum() + b.output().stdout().length()
                + b.output().stderr().length();
        assertTrue(total < 100_000, "kept " + total + " characters of " + 2_000_000L * 10_006);
        assertEquals(TestStatus.FAILED, b.status());
        assertEquals(5L, b.millis());
        Event.Entry entry = (Event.Entry) new Event.Entry("learner", 0, huge, huge, huge).bounded();
        assertTrue(entry.test().length() + entry.key().length() + entry.value().length() < 10_000);
        Event.Exiting exiting = (Event.Exiting) new Event.Exiting(java.util.Collections.nCopies(10_000, huge)).bounded();
        assertEquals(Event.MAX_FRAMES, exiting.frames().size());
    }

    @Test
    void anOverlongLineIsReadPastAndTheNextLineIsRead() throws Exception {
        String text = "first\n" + "y".repeat(EventInbox.MAX_LINE + 10) + "\nthird\n";
        StringReader in = new StringReader(text);
        assertEquals("first", EventInbox.boundedLine(in));
        assertEquals("", EventInbox.boundedLine(in), "the long line is skipped whole");
        assertEquals("third", EventInbox.boundedLine(in));
        assertNull(EventInbox.boundedLine(in));
        assertEquals(List.of("a", "b"), List.of(EventInbox.boundedLine(new StringReader("a")),
                EventInbox.boundedLine(new StringReader("b\n"))), "a last line without a newline is still a line");
    }
}
