package workbook.child;

/**
 * The exit statuses of a child JVM, one vocabulary for the child that exits and the parent that reads the status.
 * Any other status came from learner code ({@code System.exit}).
 */
public enum ChildExit {
    /** every plan ran to its end */
    DONE(0),
    /** {@code -XX:+ExitOnOutOfMemoryError}: the heap ran out (the JVM also prints why) */
    OUT_OF_MEMORY(3),
    /** a test timed out and may have left a thread spinning, so the child halted itself after reporting it */
    POISONED(75);

    private final int status;

    ChildExit(int status) {
        this.status = status;
    }

    public int status() {
        return status;
    }

    /** Halts this JVM with this status (no shutdown hooks: learner code may have left threads behind). */
    public void halt() {
        Runtime.getRuntime().halt(status);
    }

    /** Whether a child's exit status is this one. */
    public boolean is(int exitStatus) {
        return exitStatus == status;
    }
}
