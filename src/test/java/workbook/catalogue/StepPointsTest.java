package workbook.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import workbook.WorkbookRun;

/** A step's worth in a class's grade: {@code points} in its step.json, else {@link Step#DEFAULT_POINTS}. */
class StepPointsTest {
    @Test
    void pointsComeFromStepJsonOrTheDefault() {
        Course alpha = Catalogue.load(WorkbookRun.fixtures("labs"), "alpha", List.of());
        assertEquals(Step.DEFAULT_POINTS, alpha.step(1).orElseThrow().points());
        assertEquals(25, alpha.step(2).orElseThrow().points(), "fixtures/labs/lessons/alpha/02-greet/step.json says 25");
        Course lease = Catalogue.load(WorkbookRun.home(), "lease", List.of());
        assertEquals(80, lease.steps().stream().mapToInt(Step::points).sum(), "the lease lab: eight steps of 10");
    }
}
