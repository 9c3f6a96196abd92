package workbook.child.order;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KillersFirstTest {
    private static List<String> sorted(List<String> names, List<String> own, List<String> words, List<String> others,
                                       Map<String, Long> millis) {
        List<String> out = new ArrayList<>(names);
        out.sort(KillersFirst.byPromise(own, words, others, millis));
        return out;
    }

    @Test
    void aTestThatKilledThisGroupGoesFirstWhenItIsAsQuickAsTheRest() {
        assertEquals(List.of("renewKills", "claimA", "other"),
                sorted(List.of("other", "claimA", "renewKills"), List.of("renewKills"), List.of("claim"), List.of(),
                        Map.of("other", 3L, "claimA", 3L, "renewKills", 3L)));
    }

    @Test
    void aNameThatMentionsTheStepsMethodGoesBeforeOneThatKilledAnotherGroupAndBeforeTheRest() {
        assertEquals(List.of("claimA", "killedElsewhere", "plain"),
                sorted(List.of("plain", "killedElsewhere", "claimA"), List.of(), List.of("claim"), List.of("killedElsewhere"),
                        Map.of()));
    }

    @Test
    void manyQuickTestsGoBeforeOneThatWaitsOnARaceEvenWhenItsNameIsLikelier() {
        // 0.15 / 1001.5 ms is far below 0.04 / 3.5 ms: the unlikely quick ones are worth trying first.
        assertEquals(List.of("a", "b", "claimManyRace"),
                sorted(List.of("claimManyRace", "a", "b"), List.of(), List.of("claimmany"), List.of(),
                        Map.of("claimManyRace", 1000L, "a", 2L, "b", 2L)));
    }

    @Test
    void equalsKeepJUnitsOrder() {
        assertEquals(List.of("z", "y", "x"),
                sorted(List.of("z", "y", "x"), List.of(), List.of(), List.of(), Map.of("z", 4L, "y", 4L, "x", 4L)));
    }

    @Test
    void theLatestKillerOfTheGroupLeadsTheEarlierOnes() {
        assertEquals(List.of("latest", "earlier"),
                sorted(List.of("earlier", "latest"), List.of("latest", "earlier"), List.of(), List.of(), Map.of()));
    }
}
