package singleflight;

import java.time.Duration;
import java.util.Optional;

/** Step 1: what a write's reply means, and what the fixed table says to do next. */
public final class OutcomeTable {
    private OutcomeTable() {}

    public static ReplyClass classify(Reply reply, String key) {
        if (reply == null || key == null) {
            throw new IllegalArgumentException("classify: reply and key are required");
        }
        int s = reply.status();
        boolean twoHundreds = s >= 200 && s <= 299;
        if (!twoHundreds) {
            return byStatusAlone(s);
        }
        Optional<String> named = reply.key();
        if (named.isPresent() && !named.get().equals(key)) {
            return ReplyClass.UNKNOWN_EFFECT; // someone else's effect confirms nothing about ours
        }
        Optional<Boolean> applied = reply.applied();
        if (applied.isEmpty()) {
            return ReplyClass.UNKNOWN_EFFECT; // the body does not say
        }
        if (applied.get()) {
            return named.isPresent() ? ReplyClass.SUCCESS : ReplyClass.UNKNOWN_EFFECT;
        }
        return ReplyClass.NOT_APPLIED;
    }

    private static ReplyClass byStatusAlone(int s) {
        switch (s) {
            case 409:
                return ReplyClass.FENCED;
            case 429:
            case 503:
                return ReplyClass.RETRYABLE;
            default:
                return (s >= 400 && s <= 499) ? ReplyClass.TERMINAL : ReplyClass.UNKNOWN_EFFECT;
        }
    }

    public static Decision decide(ReplyClass cls, int attempt, long elapsedNanos, Optional<Duration> retryAfter, Config cfg) {
        if (cls == null || retryAfter == null || cfg == null) {
            throw new IllegalArgumentException("decide: class, retryAfter and cfg are required");
        }
        if (attempt < 1) {
            throw new IllegalArgumentException("decide: attempt must be at least 1");
        }
        if (elapsedNanos < 0) {
            throw new IllegalArgumentException("decide: elapsed time cannot be negative");
        }
        NextAction planned = Outcomes.TABLE.get(cls);
        if (planned != NextAction.RETRY) {
            return new Decision(planned, Duration.ZERO);
        }
        if (attempt >= cfg.attemptBudget()) {
            return new Decision(NextAction.GIVE_UP, Duration.ZERO);
        }
        Duration wait = retryAfter.isPresent() ? retryAfter.get() : doubled(cfg.backoff(), attempt - 1);
        long waitNanos = nanosOrMax(wait);
        long finish = elapsedNanos > Long.MAX_VALUE - waitNanos ? Long.MAX_VALUE : elapsedNanos + waitNanos;
        if (finish >= nanosOrMax(cfg.deadline())) {
            return new Decision(NextAction.GIVE_UP, Duration.ZERO);
        }
        return new Decision(NextAction.RETRY, wait);
    }

    /** base · 2^times, saturating instead of overflowing. */
    private static Duration doubled(Duration base, int times) {
        Duration d = base;
        for (int i = 0; i < times; i++) {
            if (d.compareTo(Duration.ofDays(365L * 1000)) > 0) {
                return d; // already far beyond any deadline
            }
            d = d.multipliedBy(2);
        }
        return d;
    }

    private static long nanosOrMax(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException tooLong) {
            return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }
}
