package workbook.child;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How a learner's frames are named for the verdict and for the runner that settles tests by method. */
class OutcomeTest {
    @Test
    void aLambdasBodyIsNamedAfterTheMethodThatHoldsIt() {
        assertEquals("claimMany", Outcome.sourceName("lambda$claimMany$0"), "a task submitted to a pool");
        assertEquals("claimMany", Outcome.sourceName("lambda$claimMany$12"));
        assertEquals("renew", Outcome.sourceName("renew"));
        assertEquals("lambda$", Outcome.sourceName("lambda$"), "not a lambda body's name: left as it is");
        assertEquals("lambdaStyle", Outcome.sourceName("lambdaStyle"));
    }
}
