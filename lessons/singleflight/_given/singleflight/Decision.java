package singleflight;

import java.time.Duration;

/** A next action, and for RETRY how long to wait first (ZERO otherwise). */
public record Decision(NextAction action, Duration delay) {
    public static Decision of(NextAction action) {
        return new Decision(action, Duration.ZERO);
    }
}
