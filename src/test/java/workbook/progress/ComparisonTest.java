package workbook.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How a prediction compares with a mutant's fate: exact where the runner can know, "unknown" where it cannot. */
class ComparisonTest {
    private static StepProgress.MutantOutcome killed(String kind) {
        return new StepProgress.MutantOutcome("04-held-at-expiry-instant", "doc", "killed", kind, List.of("JobsTest#t"));
    }

    private static Match match(Choice c, StepProgress.MutantOutcome o) {
        return Prediction.Comparison.of(c, o, "t").match();
    }

    @Test
    void anExceptionKillMatchesOnlyAnExceptionPrediction() {
        assertEquals(Match.YES, match(Choice.EXCEPTION, killed("exception")));
        assertEquals(Match.NO, match(Choice.INPUT, killed("exception")));
        assertEquals(Match.NO, match(Choice.STATE, killed("exception")));
        assertEquals("exception", Prediction.Comparison.of(Choice.STATE, killed("exception"), "t").observed());
    }

    @Test
    void anAssertionKillIsNeverClaimedAsAMatchOrAMismatch() {
        for (Choice c : Choice.values()) {
            Prediction.Comparison cmp = Prediction.Comparison.of(c, killed("assertion"), "t");
            assertEquals(Match.UNKNOWN, cmp.match(), c.wire());
            assertEquals("assertion", cmp.observed());
            assertEquals(List.of("JobsTest#t"), cmp.killedBy());
        }
    }

    @Test
    void aTimeoutIsNoneOfTheThree() {
        assertEquals(Match.NO, match(Choice.INPUT, killed("timeout")));
    }

    @Test
    void aSurvivorHasNothingToCompare() {
        var survived = new StepProgress.MutantOutcome("m", "doc", "survived", null, List.of());
        Prediction.Comparison cmp = Prediction.Comparison.of(Choice.STATE, survived, "t");
        assertEquals(Match.NOT_KILLED, cmp.match());
        assertEquals("survived", cmp.outcome());
        assertNull(cmp.observed());
    }

    @Test
    void choicesParseFromNumbersNamesAndKoreanWords() {
        assertEquals(Choice.INPUT, Choice.parse("1").orElseThrow());
        assertEquals(Choice.EXCEPTION, Choice.parse(" Exception ").orElseThrow());
        assertEquals(Choice.STATE, Choice.parse("실패 후 상태").orElseThrow());
        assertEquals(Choice.EXCEPTION, Choice.parse("예외").orElseThrow());
        assertEquals(true, Choice.parse("4").isEmpty());
        assertEquals(true, Choice.parse("").isEmpty());
    }
}
