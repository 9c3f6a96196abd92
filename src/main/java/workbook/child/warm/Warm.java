package workbook.child.warm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * What a recording child runs instead of any lab's tests (see {@code ChildMain.RECORD}): JUnit's discovery, execution
 * and reporting, a passing and a failing assertion, so the class-data archive holds what every child loads, recorded
 * where no learner code ever ran.
 */
public class Warm {
    @Test
    void passes() {
        assertEquals(2, 1 + 1);
    }

    @Test
    void fails() {
        assertEquals(3, 1 + 1, "on purpose: the failure path is loaded too");
    }
}
