package workbook.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import workbook.child.ChildExit;

/** How a child that did not finish died, read from what was seen of it: every case without starting a JVM. */
class ChildDeathTest {
    private static int code(ChildExit e) {
        for (int c = 0; c < 256; c++) {
            if (e.is(c)) {
                return c;
            }
        }
        throw new AssertionError(e + " has no status");
    }

    @Test
    void eachWayOfDyingIsToldApart() {
        assertEquals(ChildDeath.WALL_CLOCK, ChildDeath.classify(false, false, -1, false, false), "killed at the wall clock");
        assertEquals(ChildDeath.OUTPUT_FLOOD, ChildDeath.classify(true, true, 1, false, false), "printed past the cap");
        int poisoned = code(ChildExit.POISONED);
        assertEquals(ChildDeath.TEST_TIMEOUT, ChildDeath.classify(true, false, poisoned, true, false),
                "the child's own halt after a timed-out test");
        assertEquals(ChildDeath.EXITED, ChildDeath.classify(true, false, poisoned, false, false),
                "the same status from System.exit leaves no timeout report: an exit like any other");
        int oom = code(ChildExit.OUT_OF_MEMORY);
        assertEquals(ChildDeath.OUT_OF_MEMORY, ChildDeath.classify(true, false, oom, false, true), "a full heap says so");
        assertEquals(ChildDeath.EXITED, ChildDeath.classify(true, false, oom, false, false), "System.exit(3) says nothing");
        assertEquals(ChildDeath.EXITED, ChildDeath.classify(true, false, 0, false, false));
    }
}
