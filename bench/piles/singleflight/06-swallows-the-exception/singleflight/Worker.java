package singleflight;

/** Step 6: every trigger, cron or manual, goes through the coordinator; a run that starts is always released. */
public final class Worker {
    private final Coordinator coordinator;
    private final RunExecutor executor;

    public Worker(Coordinator coordinator, RunExecutor executor) {
        if (coordinator == null || executor == null) {
            throw new IllegalArgumentException("worker: a coordinator and an executor are needed");
        }
        this.coordinator = coordinator;
        this.executor = executor;
    }

    /**
     * Acquires; on ACQUIRED or REPLACED runs the work and releases with its outcome, even when the work throws (then
     * with NEEDS_PERSON, and the exception goes on). Any other verdict returns at once: JOINED's outcome completes when
     * its leader is released.
     */
    public Acquisition handle(Trigger t) {
        Acquisition a = coordinator.acquire(t);
        if (a.verdict() != AcquireVerdict.ACQUIRED && a.verdict() != AcquireVerdict.REPLACED) {
            return a;
        }
        Lease lease = a.lease().orElseThrow();
        RunOutcome outcome = RunOutcome.NEEDS_PERSON;
        try {
            outcome = executor.execute(lease);
        } catch (RuntimeException e) {
            outcome = RunOutcome.NEEDS_PERSON;
        } finally {
            coordinator.release(lease, outcome);
        }
        return a;
    }
}
