package workbook.child.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** One vocabulary on both sides of the process boundary: every kind and status reads back as written, nothing else reads. */
class EventCodecTest {
    private static final List<String> FRAMES = List.of("Queue.java:42 (offer)");

    /** One event of every kind. */
    private static final List<Event> EVERY_KIND = List.of(
            new Event.Planned("learner", 0, "QueueTest#offers[1]", "offers 1"),
            new Event.Start("learner", 1, "QueueTest#offers", "offers"),
            new Event.End("learner", 0, "QueueTest#offers", "offers", TestStatus.NOT_YET, "java.lang.UnsupportedOperationException",
                    "not yet — step 2", 2, FRAMES, 12L, new Output("out", null)),
            new Event.Container("learner", 0, "QueueTest", "QueueTest", TestStatus.TIMEOUT, "ClassSetupTimeout", "slow",
                    null, List.of()),
            new Event.Entry("reference", 0, "QueueTest#offers", "size", "3"),
            new Event.Reached("reference~reach", 0, "QueueTest#offers", "Queue#offer\nQueue#size"),
            new Event.Cancelled("01-mutant", 0),
            new Event.RunDone("learner", 0, "took 5 ms"),
            new Event.RunError("learner", "java.lang.NoClassDefFoundError", "Queue"),
            new Event.AllDone(),
            new Event.Exiting(FRAMES),
            new Event.Flooding("learner", 0, "QueueTest#prints", "prints", FRAMES),
            new Event.Memory("learner", 0, "QueueTest#fills", "fills", FRAMES));

    @Test
    void everyKindReadsBackAsItWasWritten() {
        for (Event e : EVERY_KIND) {
            assertEquals(e, EventCodec.read(EventCodec.write(e)), EventCodec.write(e));
        }
    }

    @Test
    void theExamplesCoverEverySealedKind() {
        Set<Class<?>> kinds = new HashSet<>();
        List<Class<?>> open = new ArrayList<>(List.of(Event.class));
        while (!open.isEmpty()) {
            Class<?> c = open.remove(0);
            if (c.isRecord()) {
                kinds.add(c);
            } else {
                open.addAll(List.of(c.getPermittedSubclasses()));
            }
        }
        Set<Class<?>> covered = new HashSet<>();
        EVERY_KIND.forEach(e -> covered.add(e.getClass()));
        assertEquals(kinds, covered);
    }

    @Test
    void theWireKeepsItsNames() {
        assertEquals("{\"type\":\"end\",\"run\":\"learner\",\"trial\":0,\"test\":\"QueueTest#offers\",\"name\":\"offers\","
                        + "\"status\":\"notYet\",\"exception\":\"java.lang.UnsupportedOperationException\","
                        + "\"message\":\"not yet — step 2\",\"notYetStep\":2,\"frames\":[\"Queue.java:42 (offer)\"],"
                        + "\"millis\":12,\"output\":{\"stdout\":\"out\"}}",
                EventCodec.write(EVERY_KIND.get(2)));
        assertEquals("{\"type\":\"entry\",\"run\":\"reference\",\"trial\":0,\"test\":\"QueueTest#offers\",\"name\":\"size\","
                + "\"message\":\"3\"}", EventCodec.write(EVERY_KIND.get(4)));
        assertEquals("{\"type\":\"allDone\"}", EventCodec.write(new Event.AllDone()));
        for (TestStatus s : TestStatus.values()) {
            assertEquals(s, TestStatus.ofWire(s.wire()));
        }
    }

    @Test
    void anUnknownKindOrStatusIsAnErrorNeverSomethingElse() {
        EventCodec.Unreadable kind = assertThrows(EventCodec.Unreadable.class,
                () -> EventCodec.read("{\"type\":\"finished\",\"run\":\"learner\",\"status\":\"passed\"}"));
        assertTrue(kind.getMessage().contains("unknown event kind 'finished'"), kind.getMessage());
        EventCodec.Unreadable status = assertThrows(EventCodec.Unreadable.class,
                () -> EventCodec.read("{\"type\":\"end\",\"run\":\"learner\",\"test\":\"T#t\",\"status\":\"passd\"}"));
        assertTrue(status.getMessage().contains("unknown test status 'passd'"), status.getMessage());
        EventCodec.Unreadable none = assertThrows(EventCodec.Unreadable.class,
                () -> EventCodec.read("{\"type\":\"end\",\"run\":\"learner\",\"test\":\"T#t\"}"));
        assertTrue(none.getMessage().contains("without a status"), none.getMessage());
        assertThrows(EventCodec.Unreadable.class, () -> EventCodec.read("{\"run\":\"learner\"}"));
        assertThrows(EventCodec.Unreadable.class, () -> EventCodec.read("not json"));
        assertThrows(IllegalArgumentException.class, () -> TestStatus.ofWire("ERROR"));
    }
}
