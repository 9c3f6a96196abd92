package singleflight;

/** Step 5: one run's rounds of renew, read-back and a write under the lease's own fence, led by the table. */
public final class RunExecutor {
    private final LeaseKeeper keeper;
    private final TenantClient client;
    private final Clocks clocks;
    private final Config cfg;
    private final ReceiptLog log;

    public RunExecutor(LeaseKeeper keeper, TenantClient client, Clocks clocks, Config cfg, ReceiptLog log) {
        if (keeper == null || client == null || clocks == null || cfg == null || log == null) {
            throw new IllegalArgumentException("executor: keeper, client, clocks, cfg and log are required");
        }
        this.keeper = keeper;
        this.client = client;
        this.clocks = clocks;
        this.cfg = cfg;
        this.log = log;
    }

    public RunOutcome execute(Lease lease) {
        if (lease == null) {
            throw new IllegalArgumentException("execute: no lease");
        }
        final long fence = lease.fence(); // the only fence this run ever sends
        int sent = 0;
        for (;;) {
            if (keeper.renew(lease) != RenewVerdict.RENEWED) {
                return RunOutcome.LEASE_LOST;
            }

            Reply look = client.read(lease.scope(), lease.key(), fence);
            boolean readable = look.status() == 200 && look.found().isPresent() && look.checkpoint().isPresent();
            String seen = !readable ? "UNREADABLE" : look.found().get() ? "FOUND" : "ABSENT";
            note("READ_BACK", lease, seen, sent, look);
            if (!readable) {
                return RunOutcome.NEEDS_PERSON;
            }
            if (look.found().get()) {
                return RunOutcome.COMMITTED;
            }
            long base = look.checkpoint().getAsLong();

            if (sent >= cfg.attemptBudget() || elapsed(lease) >= cfg.deadline().toNanos()) {
                note("DECIDE", lease, NextAction.GIVE_UP.name(), sent, null);
                return RunOutcome.GAVE_UP;
            }

            sent++;
            Reply answer = client.write(lease.scope(), lease.key(), fence, base);
            ReplyClass cls = OutcomeTable.classify(answer, lease.key());
            note("SEND", lease, cls.name(), sent, answer);
            Decision next = OutcomeTable.decide(cls, sent, elapsed(lease), answer.retryAfter(), cfg);
            note("DECIDE", lease, next.action().name(), sent, null);

            switch (next.action()) {
                case DONE:
                    return RunOutcome.COMMITTED;
                case RETRY:
                    clocks.sleeper().sleep(next.delay());
                    break;
                case READ_BACK:
                    break;
                case STOP:
                    return RunOutcome.LEASE_LOST;
                case QUARANTINE:
                    return RunOutcome.QUARANTINED;
                case ASK_PERSON:
                    return RunOutcome.NEEDS_PERSON;
                case GIVE_UP:
                    return RunOutcome.GAVE_UP;
                default:
                    throw new IllegalStateException("execute: an action the table does not have");
            }
        }
    }

    private long elapsed(Lease lease) {
        return clocks.mono().nanos() - lease.acquiredNanos();
    }

    private void note(String kind, Lease lease, String verdict, int attempt, Reply reply) {
        log.append(Receipts.of(clocks.mono().nanos(), kind, lease, verdict, attempt, reply));
    }
}
