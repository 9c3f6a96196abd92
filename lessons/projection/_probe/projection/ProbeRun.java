package projection;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.Timeout;

/**
 * The failover probe's table: for 1, 2, 4 and 8 workers and 1 to 10 failovers, one {@link FailoverProbe} cell of 60
 * events each, published as {@code probe = {"workers":W,"failovers":F,"lost":L,"duplicates":D}}. A cell that throws
 * (or runs past its time) is published as {@code {"workers":W,"failovers":F,"error":"…"}} and the other cells are still
 * measured; only when every cell throws does the run fail, with the first cell's exception (a step not written yet).
 * The seed is {@code -Dworkbook.probe.seed} (1 unless set); {@code -Dworkbook.probe.row} and
 * {@code -Dworkbook.probe.column}, when set, keep the one cell that replays. The workbook runs this class on the
 * reference, on the mutants that course.json names, and on the learner's build, and draws the table.
 */
class ProbeRun {
    static final int[] WORKERS = {1, 2, 4, 8};
    static final int FAILOVERS = 10;
    static final int EVENTS = 60;
    /** One cell's time on the real clock; a sound cell takes a few milliseconds. */
    static final long CELL_SECONDS = 10;

    @Test
    @Timeout(150) // 40 cells; the runner's default of 2 s per test is for one official test
    void table(TestReporter reporter) throws Throwable {
        long seed = Long.getLong("workbook.probe.seed", 1L);
        int onlyWorkers = Integer.getInteger("workbook.probe.row", 0);
        int onlyFailovers = Integer.getInteger("workbook.probe.column", 0);
        Throwable first = null;
        int cells = 0;
        int threw = 0;
        for (int w : WORKERS) {
            for (int f = 1; f <= FAILOVERS; f++) {
                if ((onlyWorkers > 0 && w != onlyWorkers) || (onlyFailovers > 0 && f != onlyFailovers)) {
                    continue;
                }
                cells++;
                String where = "\"workers\":" + w + ",\"failovers\":" + f;
                try {
                    Counts c = cell(seed, w, f);
                    reporter.publishEntry("probe", "{" + where + ",\"lost\":" + c.lost() + ",\"duplicates\":"
                            + c.duplicates() + "}");
                } catch (Throwable t) {
                    threw++;
                    first = first == null ? t : first;
                    reporter.publishEntry("probe", "{" + where + ",\"error\":" + quote(oneLine(t)) + "}");
                }
            }
        }
        if (cells > 0 && threw == cells) {
            throw first;
        }
    }

    /** One cell on a thread of its own, so a cell that never ends is given up after {@link #CELL_SECONDS}. */
    private static Counts cell(long seed, int workers, int failovers) throws Throwable {
        ExecutorService one = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "probe-cell-" + workers + "x" + failovers);
            t.setDaemon(true);
            return t;
        });
        try {
            Future<Counts> f = one.submit(() -> FailoverProbe.run(seed, workers, failovers, EVENTS));
            return f.get(CELL_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause();
        } catch (TimeoutException e) {
            throw new IllegalStateException("the cell did not finish in " + CELL_SECONDS + " s");
        } finally {
            one.shutdownNow();
        }
    }

    /** The exception's class and message, on one line, at most 300 characters. */
    private static String oneLine(Throwable t) {
        String text = t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
        text = text.replaceAll("\\s+", " ").strip();
        return text.length() <= 300 ? text : text.substring(0, 299) + "…";
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (ch < 0x20) {
                        b.append(String.format("\\u%04x", (int) ch));
                    } else {
                        b.append(ch);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
