package singleflight;

import java.time.Duration;

/**
 * One job's rules.
 *
 * @param policy        what a second trigger on a busy scope does
 * @param ttl           how long a lease lives after acquire or renew, on the monotonic clock
 * @param maxInFlight   how many runs may be in flight at once through one coordinator (a semaphore, not a rate)
 * @param attemptBudget how many writes one run may send, retries included
 * @param deadline      how long a run may take from its acquire, on the monotonic clock
 * @param backoff       the first retry's wait; each further retry waits twice as long
 */
public record Config(Policy policy, Duration ttl, int maxInFlight, int attemptBudget, Duration deadline, Duration backoff) {
    public Config {
        if (policy == null || ttl == null || deadline == null || backoff == null) {
            throw new IllegalArgumentException("config: a field is missing");
        }
        if (ttl.isNegative() || ttl.isZero() || deadline.isNegative() || deadline.isZero() || backoff.isNegative()
                || backoff.isZero() || maxInFlight < 1 || attemptBudget < 1) {
            throw new IllegalArgumentException("config: ttl, deadline, backoff, maxInFlight and attemptBudget must be > 0");
        }
    }

    /** A config for tests and scenes: ttl 30 s, 4 in flight, 3 attempts, deadline 60 s, backoff 1 s. */
    public static Config of(Policy policy) {
        return new Config(policy, Duration.ofSeconds(30), 4, 3, Duration.ofSeconds(60), Duration.ofSeconds(1));
    }

    public Config withPolicy(Policy p) {
        return new Config(p, ttl, maxInFlight, attemptBudget, deadline, backoff);
    }

    public Config withTtl(Duration d) {
        return new Config(policy, d, maxInFlight, attemptBudget, deadline, backoff);
    }

    public Config withMaxInFlight(int n) {
        return new Config(policy, ttl, n, attemptBudget, deadline, backoff);
    }

    public Config withAttemptBudget(int n) {
        return new Config(policy, ttl, maxInFlight, n, deadline, backoff);
    }

    public Config withDeadline(Duration d) {
        return new Config(policy, ttl, maxInFlight, attemptBudget, d, backoff);
    }

    public Config withBackoff(Duration d) {
        return new Config(policy, ttl, maxInFlight, attemptBudget, deadline, d);
    }
}
