package singleflight;

/** What a second trigger does when the scope already has a live run. */
public enum Policy {
    /** Single-flight: wait for the run in flight and share its outcome (same key only). */
    JOIN,
    /** Start nothing (Kubernetes CronJob {@code concurrencyPolicy: Forbid}). */
    SKIP,
    /** Fence the old run out and start a new one (CronJob {@code Replace}, GitHub Actions {@code cancel-in-progress}). */
    REPLACE
}
