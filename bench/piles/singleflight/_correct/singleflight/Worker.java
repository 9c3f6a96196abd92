package singleflight;

/** Step 6: every trigger, cron or manual, goes through the coordinator, and every run started is released. */
public final class Worker {
    private final Coordinator coordinator;
    private final RunExecutor executor;

    public Worker(Coordinator coordinator, RunExecutor executor) {
        if (coordinator == null || executor == null) {
            throw new IllegalArgumentException("worker: coordinator and executor are required");
        }
        this.coordinator = coordinator;
        this.executor = executor;
    }

    public Acquisition handle(Trigger t) {
        Acquisition got = coordinator.acquire(t);
        boolean started = got.verdict() == AcquireVerdict.ACQUIRED || got.verdict() == AcquireVerdict.REPLACED;
        if (!started) {
            return got;
        }
        Lease lease = got.lease().orElseThrow(() -> new IllegalStateException("worker: a new run without a lease"));
        RunOutcome ended = null;
        try {
            ended = executor.execute(lease);
        } finally {
            coordinator.release(lease, ended == null ? RunOutcome.NEEDS_PERSON : ended);
        }
        return got;
    }
}
