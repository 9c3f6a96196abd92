package workbook.run;

/** Phase timings on stderr when {@code -Dworkbook.timing=true}; how the benchmark explains where time goes. */
public final class Timing {
    private static final boolean ON = Boolean.getBoolean("workbook.timing");
    private static final long START = System.nanoTime();
    private static final long BORN = ProcessHandle.current().info().startInstant().map(i -> i.toEpochMilli()).orElse(0L);

    private Timing() {}

    public static void mark(String phase) {
        if (ON) {
            System.err.printf("[timing] %6d ms (since JVM start %d ms)  %s%n", (System.nanoTime() - START) / 1_000_000,
                    System.currentTimeMillis() - BORN, phase);
        }
    }
}
