package singleflight;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OutcomeTableTest {
    private static final String KEY = Fx.KEY;
    private static final Config CFG = Config.of(Policy.SKIP).withAttemptBudget(3).withDeadline(Duration.ofSeconds(10))
            .withBackoff(Duration.ofSeconds(1));

    private static Reply ok(int status) {
        return Reply.of(status, "{}");
    }

    @Test
    void appliedForThisKeyIsSuccess() {
        assertEquals(ReplyClass.SUCCESS, OutcomeTable.classify(ok(200).withApplied(true, KEY), KEY), "200 applied:true, our key");
        assertEquals(ReplyClass.SUCCESS, OutcomeTable.classify(ok(201).withApplied(true, KEY), KEY), "201 applied:true, our key");
    }

    @Test
    void aTwoHundredThatDidNotApplyIsNotSuccess() {
        assertEquals(ReplyClass.NOT_APPLIED, OutcomeTable.classify(ok(200).withApplied(false, KEY), KEY),
                "200 with applied:false: the transport worked, the effect did not happen");
    }

    @Test
    void aTwoHundredThatDoesNotSayIsUnknown() {
        assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(Reply.of(204, ""), KEY), "204 with no body");
        assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(ok(200), KEY), "200 whose body has no applied field");
    }

    @Test
    void anotherKeysSuccessIsNotOurs() {
        assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(ok(200).withApplied(true, KEY + "-other"), KEY),
                "200 applied:true naming another key: our effect is not confirmed");
        assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(ok(200).withApplied(true, KEY.toUpperCase()), KEY),
                "200 applied:true naming our key in capitals: a key is matched exactly, so it is another key");
    }

    /** The rule for every status, written the plain way, against the learner's classify. */
    private static ReplyClass model(int s) {
        if (s == 409) return ReplyClass.FENCED;
        if (s == 429 || s == 503) return ReplyClass.RETRYABLE;
        if (s >= 400 && s < 500) return ReplyClass.TERMINAL;
        return ReplyClass.UNKNOWN_EFFECT; // 0, 1xx, 3xx, 5xx, and a 2xx that does not say
    }

    @Test
    void everyStatusHasItsClass() {
        for (int s = 0; s < 600; s = s == 0 ? 100 : s + 1) {
            if (s >= 200 && s < 300) {
                continue;
            }
            assertEquals(model(s), OutcomeTable.classify(ok(s), KEY), "status " + s);
        }
    }

    @Test
    void noReplyIsUnknownEffect() {
        assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(Reply.none(), KEY), "no reply (a timeout, a dropped connection)");
        assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(ok(500), KEY), "500: it may have been applied first");
    }

    @Test
    void everyClassFollowsTheTable() {
        for (ReplyClass c : ReplyClass.values()) {
            Decision d = OutcomeTable.decide(c, 1, 0, Optional.empty(), CFG);
            assertEquals(Outcomes.TABLE.get(c), d.action(), "decide(" + c + ", attempt 1) follows the table");
            if (c != ReplyClass.RETRYABLE) {
                assertEquals(Duration.ZERO, d.delay(), "a non-retry decision waits zero");
                assertEquals(Outcomes.TABLE.get(c), OutcomeTable.decide(c, 3, 0, Optional.empty(), CFG).action(),
                        "decide(" + c + ") at the attempt budget still follows the table");
                assertEquals(Decision.of(Outcomes.TABLE.get(c)),
                        OutcomeTable.decide(c, 1, Duration.ofSeconds(10).toNanos(), Optional.empty(), CFG),
                        "decide(" + c + ") at the deadline still follows the table: only a retry is bounded by it");
                assertEquals(Decision.of(Outcomes.TABLE.get(c)),
                        OutcomeTable.decide(c, 2, Duration.ofHours(1).toNanos(), Optional.empty(), CFG),
                        "decide(" + c + ") an hour past the deadline still follows the table");
            }
        }
    }

    @Test
    void happyRetryWaitsTheBackoff() {
        assertEquals(new Decision(NextAction.RETRY, Duration.ofSeconds(1)),
                OutcomeTable.decide(ReplyClass.RETRYABLE, 1, 0, Optional.empty(), CFG), "first retry: backoff 1 s");
    }

    @Test
    void backoffDoublesEachAttempt() {
        Config cfg = CFG.withAttemptBudget(10).withDeadline(Duration.ofSeconds(100));
        assertEquals(Duration.ofSeconds(2), OutcomeTable.decide(ReplyClass.RETRYABLE, 2, 0, Optional.empty(), cfg).delay(), "after 2 attempts");
        assertEquals(Duration.ofSeconds(4), OutcomeTable.decide(ReplyClass.RETRYABLE, 3, 0, Optional.empty(), cfg).delay(), "after 3 attempts");
        assertEquals(Duration.ofSeconds(64), OutcomeTable.decide(ReplyClass.RETRYABLE, 7, 0, Optional.empty(), cfg).delay(),
                "after 7 attempts: 1 s · 2^6, with no cap of its own (only the deadline bounds it)");
    }

    @Test
    void noRetryAtTheAttemptBudget() {
        assertEquals(NextAction.RETRY, OutcomeTable.decide(ReplyClass.RETRYABLE, 2, 0, Optional.empty(), CFG).action(), "attempt 2 of 3");
        assertEquals(Decision.of(NextAction.GIVE_UP), OutcomeTable.decide(ReplyClass.RETRYABLE, 3, 0, Optional.empty(), CFG),
                "attempt 3 of a budget of 3: give up");
        assertEquals(NextAction.GIVE_UP, OutcomeTable.decide(ReplyClass.RETRYABLE, 50, 0, Optional.empty(), CFG).action(), "attempt 50");
        assertEquals(Decision.of(NextAction.GIVE_UP),
                OutcomeTable.decide(ReplyClass.RETRYABLE, 3, 0, Optional.of(Duration.ofSeconds(1)), CFG),
                "attempt 3 of 3 with a 1 s Retry-After that fits the deadline: the budget still gives up");
    }

    @Test
    void noRetryThatEndsAtOrPastTheDeadline() {
        long nineS = Duration.ofSeconds(9).toNanos();
        assertEquals(NextAction.RETRY, OutcomeTable.decide(ReplyClass.RETRYABLE, 1, nineS - 1, Optional.empty(), CFG).action(),
                "9 s - 1 ns elapsed + 1 s wait < 10 s deadline");
        assertEquals(Decision.of(NextAction.GIVE_UP), OutcomeTable.decide(ReplyClass.RETRYABLE, 1, nineS, Optional.empty(), CFG),
                "9 s elapsed + 1 s wait == the 10 s deadline: give up");
    }

    @Test
    void theRetryHintIsObeyed() {
        assertEquals(new Decision(NextAction.RETRY, Duration.ofSeconds(7)),
                OutcomeTable.decide(ReplyClass.RETRYABLE, 1, 0, Optional.of(Duration.ofSeconds(7)), CFG),
                "Retry-After 7 s with a 1 s backoff: wait 7 s");
        assertEquals(Decision.of(NextAction.GIVE_UP),
                OutcomeTable.decide(ReplyClass.RETRYABLE, 1, Duration.ofSeconds(4).toNanos(), Optional.of(Duration.ofSeconds(6)), CFG),
                "a 6 s hint 4 s in does not fit before the 10 s deadline: give up, never a shorter wait");
        Config roomy = CFG.withAttemptBudget(10).withDeadline(Duration.ofSeconds(100));
        assertEquals(new Decision(NextAction.RETRY, Duration.ofSeconds(1)),
                OutcomeTable.decide(ReplyClass.RETRYABLE, 3, 0, Optional.of(Duration.ofSeconds(1)), roomy),
                "a 1 s Retry-After at attempt 3, where the backoff would be 4 s: the hint is the wait, shorter or longer");
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> OutcomeTable.classify(null, KEY), "classify(null, key)");
        assertThrows(IllegalArgumentException.class, () -> OutcomeTable.decide(ReplyClass.RETRYABLE, 0, 0, Optional.empty(), CFG),
                "attempt 0: no write was sent yet");
        assertThrows(IllegalArgumentException.class, () -> OutcomeTable.decide(null, 1, 0, Optional.empty(), CFG), "a null class");
    }

    @Test
    void everyBadArgumentIsRefused() {
        Reply ours = ok(200).withApplied(true, KEY);
        assertThrows(IllegalArgumentException.class, () -> OutcomeTable.classify(ours, null), "classify(reply, null): a null key");
        assertThrows(IllegalArgumentException.class, () -> OutcomeTable.classify(ok(500), null), "classify(500, null): a null key");
        for (ReplyClass c : new ReplyClass[] {ReplyClass.SUCCESS, ReplyClass.RETRYABLE}) {
            assertThrows(IllegalArgumentException.class, () -> OutcomeTable.decide(c, 1, 0, null, CFG),
                    "decide(" + c + ", …) with a null retryAfter (Optional.empty() means no hint)");
            assertThrows(IllegalArgumentException.class, () -> OutcomeTable.decide(c, 1, 0, Optional.empty(), null),
                    "decide(" + c + ", …) with a null config");
            assertThrows(IllegalArgumentException.class, () -> OutcomeTable.decide(c, -1, 0, Optional.empty(), CFG),
                    "decide(" + c + ", …) with attempt -1");
            assertThrows(IllegalArgumentException.class, () -> OutcomeTable.decide(c, 1, -1, Optional.empty(), CFG),
                    "decide(" + c + ", …) with a negative elapsed time");
        }
    }

    @Test
    void onlyA2xxCanBeASuccess() {
        assertEquals(ReplyClass.SUCCESS, OutcomeTable.classify(ok(299).withApplied(true, KEY), KEY), "299 applied:true, our key: still a 2xx");
        assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(ok(300).withApplied(true, KEY), KEY),
                "300 whose body says applied:true for our key: a 3xx is UNKNOWN_EFFECT whatever its body says");
        assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(ok(199).withApplied(true, KEY), KEY),
                "199 whose body says applied:true for our key: a 1xx is UNKNOWN_EFFECT whatever its body says");
    }

    @Test
    void everyTwoHundredIsReadByItsBody() {
        for (int s = 200; s < 300; s++) {
            assertEquals(ReplyClass.SUCCESS, OutcomeTable.classify(ok(s).withApplied(true, KEY), KEY), s + " applied:true, our key");
            assertEquals(ReplyClass.NOT_APPLIED, OutcomeTable.classify(ok(s).withApplied(false, KEY), KEY), s + " applied:false, our key");
            assertEquals(ReplyClass.NOT_APPLIED, OutcomeTable.classify(ok(s).withApplied(false, null), KEY), s + " applied:false, no key");
            assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(ok(s), KEY), s + " with no applied field");
            assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(ok(s).withApplied(true, null), KEY), s + " applied:true, no key");
            assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(ok(s).withApplied(true, KEY + "-other"), KEY),
                    s + " applied:true, another key");
            assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(ok(s).withApplied(false, KEY + "-other"), KEY),
                    s + " applied:false, another key");
        }
    }

    @Test
    void aBodyNeverChangesTheClassOfANon2xx() {
        for (int s = 0; s < 600; s = s == 0 ? 100 : s + 1) {
            if (s >= 200 && s < 300) {
                continue;
            }
            assertEquals(model(s), OutcomeTable.classify(ok(s).withApplied(false, KEY), KEY), "a " + s + " whose body says applied:false for our key");
            assertEquals(model(s), OutcomeTable.classify(ok(s).withApplied(true, KEY), KEY), "a " + s + " whose body says applied:true for our key");
        }
    }

    @Test
    void anAppliedFlagCountsOnlyForOurKey() {
        assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(ok(200).withApplied(false, KEY + "-other"), KEY),
                "200 applied:false naming another key says nothing about our effect: UNKNOWN_EFFECT");
        assertEquals(ReplyClass.NOT_APPLIED, OutcomeTable.classify(ok(200).withApplied(false, null), KEY),
                "200 applied:false naming no key: NOT_APPLIED");
        assertEquals(ReplyClass.UNKNOWN_EFFECT, OutcomeTable.classify(ok(200).withApplied(true, null), KEY),
                "200 applied:true naming no key does not confirm our key: UNKNOWN_EFFECT");
    }
}
