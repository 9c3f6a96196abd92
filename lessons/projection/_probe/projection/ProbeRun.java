package projection;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.Timeout;

/**
 * The failover probe's table: for 1, 2, 4 and 8 workers and 1 to 10 failovers, one {@link FailoverProbe} cell of 60
 * events each, published as {@code probe = {"workers":W,"failovers":F,"lost":L,"duplicates":D}}. The seed is
 * {@code -Dworkbook.probe.seed} (1 unless set). The workbook runs this class on the reference, on the mutants that
 * course.json names, and on the learner's build, and draws the table.
 */
class ProbeRun {
    static final int[] WORKERS = {1, 2, 4, 8};
    static final int FAILOVERS = 10;
    static final int EVENTS = 60;

    @Test
    @Timeout(60) // 40 cells; the runner's default of 2 s per test is for one official test
    void table(TestReporter reporter) {
        long seed = Long.getLong("workbook.probe.seed", 1L);
        for (int w : WORKERS) {
            for (int f = 1; f <= FAILOVERS; f++) {
                Counts c = FailoverProbe.run(seed, w, f, EVENTS);
                reporter.publishEntry("probe", "{\"workers\":" + w + ",\"failovers\":" + f + ",\"lost\":" + c.lost()
                        + ",\"duplicates\":" + c.duplicates() + "}");
            }
        }
    }
}
