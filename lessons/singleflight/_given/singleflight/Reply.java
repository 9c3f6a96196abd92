package singleflight;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One reply of the tenant, as the client read it.
 *
 * @param status     the HTTP status, or 0 when no reply came (a timeout, a dropped connection)
 * @param applied    the body's {@code applied} field, when it has one
 * @param key        the idempotency key the body names, when it names one
 * @param found      a read-back's {@code found} field, when it has one
 * @param checkpoint the tenant's checkpoint the body reports, when it reports one
 * @param retryAfter the {@code Retry-After} header, when there is one
 * @param body       the raw body. It may hold anything, secrets included: never keep it as evidence.
 */
public record Reply(int status, Optional<Boolean> applied, Optional<String> key, Optional<Boolean> found,
                    OptionalLong checkpoint, Optional<Duration> retryAfter, String body) {

    /** No reply at all: the request may or may not have had its effect. */
    public static Reply none() {
        return new Reply(0, Optional.empty(), Optional.empty(), Optional.empty(), OptionalLong.empty(),
                Optional.empty(), "");
    }

    /** A reply with just a status and a body (tests and scenes). */
    public static Reply of(int status, String body) {
        return new Reply(status, Optional.empty(), Optional.empty(), Optional.empty(), OptionalLong.empty(),
                Optional.empty(), body);
    }

    public Reply withApplied(boolean a, String k) {
        return new Reply(status, Optional.of(a), Optional.ofNullable(k), found, checkpoint, retryAfter, body);
    }

    public Reply withRetryAfter(Duration d) {
        return new Reply(status, applied, key, found, checkpoint, Optional.of(d), body);
    }
}
