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
