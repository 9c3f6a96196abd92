package workbook.run;

/** Why a child JVM ended before it reported every test. */
public enum ChildDeath {
    /** the wall-clock limit or the whole time budget ran out */
    WALL_CLOCK,
    /** a test timed out and the child halted itself */
    TEST_TIMEOUT,
    /** printed more than the output cap */
    OUTPUT_FLOOD,
    /** ran out of heap ({@code -XX:+ExitOnOutOfMemoryError}) */
    OUT_OF_MEMORY,
    /** ended with some other status, typically {@code System.exit} in learner code */
    EXITED,
    /** never got to run: the time budget was used up by earlier tests */
    NOT_RUN,
    /** not run: an earlier test of the same class timed out in the learner's code, which these would enter again */
    SAME_TIMEOUT,
    /** not run: it calls a learner method in which an earlier test timed out (the method's name is the message) */
    SAME_METHOD_TIMEOUT,
    /** not run: it calls a learner method that called {@code System.exit} in an earlier test (the method is the message) */
    SAME_METHOD_EXIT,
    /** not run: it calls a learner method that printed past the output cap in an earlier test (the method is the message) */
    SAME_METHOD_FLOOD,
    /** not run: it calls a learner method that filled the heap in an earlier test (the method is the message) */
    SAME_METHOD_MEMORY;

    /**
     * How a child that did not finish its plan died, from what was seen of it alone: no run here, so every case is a
     * unit test. A child killed at the wall clock; one that printed past the cap; the child's own halt right after it
     * reported a timed-out test ({@code ChildExit.POISONED}; the same status from learner code leaves no such report);
     * the JVM's exit on a full heap ({@code ChildExit.OUT_OF_MEMORY}, which says so on its output; {@code System.exit(3)}
     * says nothing); any other exit.
     *
     * @param exited          the process ended by itself (false: it was killed at the wall clock)
     * @param flooded         it printed more than the cap
     * @param code            its exit status (when it exited)
     * @param timeoutReported its last event was a test that timed out
     * @param saidOutOfMemory its output says OutOfMemoryError
     */
    public static ChildDeath classify(boolean exited, boolean flooded, int code, boolean timeoutReported,
                                      boolean saidOutOfMemory) {
        if (!exited) {
            return WALL_CLOCK;
        }
        if (flooded) {
            return OUTPUT_FLOOD;
        }
        if (workbook.child.ChildExit.POISONED.is(code) && timeoutReported) {
            return TEST_TIMEOUT;
        }
        if (workbook.child.ChildExit.OUT_OF_MEMORY.is(code) && saidOutOfMemory) {
            return OUT_OF_MEMORY;
        }
        return EXITED;
    }

    /** Whether a test with this cause never ran: its verdict comes from the budget or from another test's death. */
    public boolean notRun() {
        return switch (this) {
            case NOT_RUN, SAME_TIMEOUT, SAME_METHOD_TIMEOUT, SAME_METHOD_EXIT, SAME_METHOD_FLOOD, SAME_METHOD_MEMORY -> true;
            default -> false;
        };
    }

    /**
     * The cause for the other tests that call the learner method in which a child died this way (so would die there
     * too), or null when this death names no such method.
     */
    public ChildDeath forOtherCallers() {
        return switch (this) {
            case EXITED -> SAME_METHOD_EXIT;
            case OUTPUT_FLOOD -> SAME_METHOD_FLOOD;
            case OUT_OF_MEMORY -> SAME_METHOD_MEMORY;
            default -> null;
        };
    }
}
