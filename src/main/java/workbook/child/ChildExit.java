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
    POISONED(75),
    /** the parent (the workbook) is gone, so nobody will read this child's verdict: it stops at once */
    ORPHANED(76);

    private final int status;

    ChildExit(int status) {
        this.status = status;
    }

    public int status() {
        return status;
    }

    /**
     * Halts this JVM with this status (no shutdown hooks: learner code may have left threads behind), after stopping
     * every process learner code started from it.
     */
    public void halt() {
        stopDescendants();
        Runtime.getRuntime().halt(status);
    }

    /** Stops every process this JVM started, and theirs: learner code must leave none behind. */
    public static void stopDescendants() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    /** Whether a child's exit status is this one. */
    public boolean is(int exitStatus) {
        return exitStatus == status;
    }
}
