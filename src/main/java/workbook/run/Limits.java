package workbook.run;

/**
 * Bounds for learner code in child JVMs.
 *
 * @param testTimeoutMillis default per-test timeout inside the child; after the first timeout in a batch the next
 *                          children use {@link #afterTimeoutMillis} (code that hung once usually hangs again)
 * @param childWallMillis   wall-clock limit of one child JVM
 * @param budgetMillis      wall-clock limit of a whole run, restarts included
 * @param outputCapBytes    stdout + stderr a child may print before it is stopped
 * @param heapMegabytes     {@code -Xmx} of a child
 * @param afterTimeoutCapMillis the most a test may take in a child started after a timeout
 */
public record Limits(long testTimeoutMillis, long childWallMillis, long budgetMillis, long outputCapBytes, int heapMegabytes,
                     long afterTimeoutCapMillis) {
    public static Limits defaults() {
        return new Limits(2_000, 120_000, 150_000, 1 << 20, 256, 1_000);
    }

    /** These limits with another budget for the whole run (the child's own wall clock never exceeds it). */
    public Limits withBudget(long millis) {
        return new Limits(testTimeoutMillis, Math.min(childWallMillis, millis), millis, outputCapBytes, heapMegabytes,
                afterTimeoutCapMillis);
    }

    /**
     * These limits for a second try of tests that timed out on a loaded machine: {@code millis} per test, in every
     * child (a timeout does not shorten the next child's limit).
     */
    public Limits patient(long millis) {
        return new Limits(millis, childWallMillis, budgetMillis, outputCapBytes, heapMegabytes, millis);
    }

    public long afterTimeoutMillis() {
        return Math.min(testTimeoutMillis, afterTimeoutCapMillis);
    }


}
