package singleflight;

/** What an acquire decided. */
public enum AcquireVerdict {
    /** The scope was free (or its lease had expired): a new lease, fence = stored + 1. */
    ACQUIRED,
    /** REPLACE, and a live lease: the old run is fenced out, a new lease with fence = stored + 1. */
    REPLACED,
    /** JOIN, and a live run of the same key through this coordinator: the outcome is that run's. */
    JOINED,
    /** SKIP and a live lease, or JOIN when the live run cannot be shared: nothing starts. */
    SKIPPED,
    /** A new lease was needed but the in-flight limit is full: nothing starts, nothing is stored. */
    NO_PERMIT
}
