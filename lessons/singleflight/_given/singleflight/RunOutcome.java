package singleflight;

/** How a run ended. */
public enum RunOutcome {
    /** The effect of the run's key exists at the tenant exactly once. */
    COMMITTED,
    /** Only retryable failures, and the budget or the deadline ran out. */
    GAVE_UP,
    /** The tenant refused the request as invalid: set aside, not retried. */
    QUARANTINED,
    /** Automation cannot decide (a 2xx that did not apply, an unreadable read-back): a person must look. */
    NEEDS_PERSON,
    /** The run lost its lease or was fenced out, and stopped writing. */
    LEASE_LOST,
    /** No run was started for this trigger. */
    NOT_RUN
}
