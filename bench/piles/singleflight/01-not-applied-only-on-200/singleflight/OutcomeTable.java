package singleflight;

import java.time.Duration;
import java.util.Optional;

/** Step 1: what a reply means, and what to do next by the fixed table. */
public final class OutcomeTable {
    private OutcomeTable() {}

    /**
     * The reply's class for a write of {@code key}. A 2xx is SUCCESS only when its body says {@code applied:true} for
     * this very key; {@code applied:false} is NOT_APPLIED; a 2xx that says neither is UNKNOWN_EFFECT.
     */
    public static ReplyClass classify(Reply reply, String key) {
        if (reply == null || key == null) {
            throw new IllegalArgumentException("classify: reply and key are needed");
        }
        int s = reply.status();
        if (s >= 200 && s < 300) {
            if (reply.applied().isPresent() && reply.key().isPresent() && !reply.key().get().equals(key)) {
                return ReplyClass.UNKNOWN_EFFECT;
            }
            if (reply.applied().equals(Optional.of(true)) && reply.key().equals(Optional.of(key))) {
                return ReplyClass.SUCCESS;
            }
            if (s == 200 && reply.applied().equals(Optional.of(false))) {
                return ReplyClass.NOT_APPLIED;
            }
            return ReplyClass.UNKNOWN_EFFECT;
        }
        if (s == 409) {
            return ReplyClass.FENCED;
        }
        if (s == 429 || s == 503) {
            return ReplyClass.RETRYABLE;
        }
        if (s >= 400 && s < 500) {
            return ReplyClass.TERMINAL;
        }
        return ReplyClass.UNKNOWN_EFFECT;
    }

    /**
     * The next action for a reply of class {@code cls}, after {@code attempt} writes, {@code elapsedNanos} into the run.
     * It follows {@link Outcomes#TABLE}; a RETRY waits the retry hint, or else {@code backoff · 2^(attempt-1)}, and is
     * allowed only while {@code attempt < attemptBudget} and {@code elapsed + wait < deadline}; otherwise GIVE_UP.
     */
    public static Decision decide(ReplyClass cls, int attempt, long elapsedNanos, Optional<Duration> retryAfter, Config cfg) {
        if (cls == null || retryAfter == null || cfg == null || attempt < 1 || elapsedNanos < 0) {
            throw new IllegalArgumentException("decide: a class, an attempt >= 1, an elapsed time >= 0 and a config");
        }
        NextAction action = Outcomes.TABLE.get(cls);
        if (action != NextAction.RETRY) {
            return Decision.of(action);
        }
        Duration wait = retryAfter.orElse(cfg.backoff().multipliedBy(1L << Math.min(attempt - 1, 20)));
        if (attempt >= cfg.attemptBudget() || elapsedNanos + wait.toNanos() >= cfg.deadline().toNanos()) {
            return Decision.of(NextAction.GIVE_UP);
        }
        return new Decision(NextAction.RETRY, wait);
    }
}
