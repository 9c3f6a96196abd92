package workbook.grade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import workbook.run.RunResults;

class RetriesTest {
    @Test
    void aMachineIsBusyWhenItsLoadReachesItsCoresOrCannotBeRead() {
        assertFalse(Retries.busy(0.4, 2), "at rest");
        assertFalse(Retries.busy(1.9, 2), "one core's worth of work left over");
        assertTrue(Retries.busy(2.0, 2));
        assertTrue(Retries.busy(8.3, 2), "the load that made CI time out");
        assertTrue(Retries.busy(-1, 8), "unknown load: a second try costs time, a wrong time-out a verdict");
    }

    @Test
    void nothingTriedAgainReadsAsTheFirstResults() {
        Retries none = Retries.none(new RunResults());
        assertEquals(List.of(), none.retries());
        assertEquals(java.util.Map.of(), none.of("learner"));
    }
}
