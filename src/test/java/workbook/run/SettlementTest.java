package workbook.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import workbook.child.wire.Event;
import workbook.child.wire.RunSpec;
import workbook.child.wire.TestStatus;

/** What one child's death, or one time-out, settles beyond the test it happened in. */
class SettlementTest {
    private static final Map<String, Set<String>> CALLS = Map.of(
            "EnqueueTest#first", Set.of("Jobs#enqueue"),
            "EnqueueTest#second", Set.of("Jobs#enqueue", "Jobs#state"),
            "EnqueueTest#third", Set.of("Jobs#state"));

    private static RunSpec spec(String id, int trials) {
        return new RunSpec(id, List.of("code"), List.of("lease.EnqueueTest"), List.of(), trials);
    }

    private static List<Event> planned(String run, int trial, String... tests) {
        return java.util.Arrays.stream(tests).map(t -> (Event) new Event.Planned(run, trial, t, t)).toList();
    }

    @Test
    void aSystemExitInOneMethodSettlesTheOtherTestsThatCallItAndNoOthers() {
        Settlement book = new Settlement(List.of(spec("learner", 1)), () -> CALLS, Set.of());
        List<Event> events = new java.util.ArrayList<>(planned("learner", 0, "EnqueueTest#first", "EnqueueTest#second",
                "EnqueueTest#third"));
        Event start = new Event.Start("learner", 0, "EnqueueTest#first", "first");
        events.add(start);
        events.add(new Event.Exiting(List.of("Jobs.java:38 (enqueue)")));
        Settlement.Read read = book.absorb(events);
        assertTrue(book.died(read.running(), ChildDeath.EXITED, 1));

        Map<String, TestResult> r = book.results().of("learner");
        assertEquals(ChildDeath.EXITED, r.get("EnqueueTest#first").cause());
        assertEquals(List.of("Jobs.java:38 (enqueue)"), r.get("EnqueueTest#first").frames());
        assertEquals(ChildDeath.SAME_METHOD_EXIT, r.get("EnqueueTest#second").cause());
        assertEquals("enqueue", r.get("EnqueueTest#second").message());
        assertNull(r.get("EnqueueTest#third"), "third calls only state, so it still runs");
        assertFalse(book.settled().contains("learner|0|EnqueueTest#third"));
    }

    @Test
    void aFloodWarningAboutAnotherTestSettlesNothingMore() {
        Settlement book = new Settlement(List.of(spec("learner", 1)), () -> CALLS, Set.of());
        List<Event> events = new java.util.ArrayList<>(planned("learner", 0, "EnqueueTest#first", "EnqueueTest#second"));
        events.add(new Event.Flooding("learner", 0, "EnqueueTest#second", "second",
                List.of("Jobs.java:38 (enqueue)")));
        events.add(new Event.Start("learner", 0, "EnqueueTest#first", "first"));
        Settlement.Read read = book.absorb(events);
        book.died(read.running(), ChildDeath.OUTPUT_FLOOD, -1);

        Map<String, TestResult> r = book.results().of("learner");
        assertEquals(ChildDeath.OUTPUT_FLOOD, r.get("EnqueueTest#first").cause());
        assertEquals(List.of(), r.get("EnqueueTest#first").frames());
        assertNull(r.get("EnqueueTest#second"));
    }

    @Test
    void aMemoryWarningAboutTheDyingTestNamesItsMethodForTheOthers() {
        Settlement book = new Settlement(List.of(spec("learner", 1)), () -> CALLS, Set.of());
        List<Event> events = new java.util.ArrayList<>(planned("learner", 0, "EnqueueTest#third", "EnqueueTest#second",
                "EnqueueTest#first"));
        events.add(new Event.Start("learner", 0, "EnqueueTest#third", "third"));
        events.add(new Event.Memory("learner", 0, "EnqueueTest#third", "third",
                List.of("Jobs.java:49 (state)")));
        book.died(book.absorb(events).running(), ChildDeath.OUT_OF_MEMORY, 3);

        Map<String, TestResult> r = book.results().of("learner");
        assertEquals(List.of("Jobs.java:49 (state)"), r.get("EnqueueTest#third").frames());
        assertEquals(ChildDeath.SAME_METHOD_MEMORY, r.get("EnqueueTest#second").cause());
        assertEquals(TestStatus.ERROR, r.get("EnqueueTest#second").status(), "settled without running is an error, never a pass");
        assertNull(r.get("EnqueueTest#first"), "first calls only enqueue");
    }

    @Test
    void onlyALearnersCheckSkipsCallersAfterADeath() {
        Settlement book = new Settlement(List.of(spec("05-mutant", 1)), () -> CALLS, Set.of());
        List<Event> events = new java.util.ArrayList<>(planned("05-mutant", 0, "EnqueueTest#first", "EnqueueTest#second"));
        events.add(new Event.Start("05-mutant", 0, "EnqueueTest#first", "first"));
        events.add(new Event.Exiting(List.of("Jobs.java:38 (enqueue)")));
        book.died(book.absorb(events).running(), ChildDeath.EXITED, 1);
        assertNull(book.results().of("05-mutant").get("EnqueueTest#second"), "every verdict on a mutant counts");
    }

    @Test
    void aTimeOutInAnAllOrNothingRunSettlesTheTestInTheOtherTrialsAndRunsOnly() {
        Settlement book = new Settlement(List.of(spec("reference", 2), spec("reference~reach", 1), spec("05-mutant", 1)),
                Map::of, Set.of("reference", "reference~reach"));
        List<Event> events = new java.util.ArrayList<>(planned("reference", 0, "EnqueueTest#first", "EnqueueTest#second"));
        events.add(new Event.Start("reference", 0, "EnqueueTest#first", "first"));
        events.add(new Event.End("reference", 0, "EnqueueTest#first", "first", TestStatus.TIMEOUT,
                "java.util.concurrent.TimeoutException", "timed out after 2 seconds", null, List.of(), 2000L, null));
        book.absorb(events);

        for (String key : List.of("reference|1|EnqueueTest#first", "reference~reach|0|EnqueueTest#first")) {
            assertTrue(book.settled().contains(key), key);
        }
        assertEquals(TestStatus.TIMEOUT, book.results().trial("reference", 1).get("EnqueueTest#first").status());
        assertEquals(TestStatus.TIMEOUT, book.results().of("reference~reach").get("EnqueueTest#first").status());
        assertFalse(book.settled().contains("05-mutant|0|EnqueueTest#first"), "a mutant's run is not all or nothing");
        assertFalse(book.settled().contains("reference|1|EnqueueTest#second"), "only the test that timed out");
    }
}
