package singleflight;

/**
 * The monotonic clock: it never goes back, and only the difference between two readings means anything (its origin
 * is arbitrary, even negative). Lease expiry, deadlines and elapsed time are measured on it.
 */
public interface MonotonicClock {
    long nanos();
}
