package singleflight;

import java.util.Optional;

/**
 * Step 5: one run's writes to the tenant, each decided by the outcome table. Every round renews the lease, reads
 * back by key (an effect already there ends the run as COMMITTED, and the read also tells the tenant this run's
 * fence), then sends one write with the lease's own fence.
 */
public final class RunExecutor {
    private final LeaseKeeper keeper;
    private final TenantClient client;
    private final Clocks clocks;
    private final Config cfg;
    private final ReceiptLog log;

    public RunExecutor(LeaseKeeper keeper, TenantClient client, Clocks clocks, Config cfg, ReceiptLog log) {
        if (keeper == null || client == null || clocks == null || cfg == null || log == null) {
            throw new IllegalArgumentException("executor: keeper, client, clocks, config and log are needed");
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
        int attempt = 0;
        while (true) {
            if (keeper.renew(lease) != RenewVerdict.RENEWED) {
                return RunOutcome.LEASE_LOST;
            }
            Reply seen = client.read(lease.scope(), lease.key(), lease.fence());
            boolean readable = seen.status() == 200 && seen.found().isPresent() && seen.checkpoint().isPresent();
            String found = !readable ? "UNREADABLE" : seen.found().get() ? "FOUND" : "ABSENT";
            log.append(Receipts.of(now(), "READ_BACK", lease, found, attempt, seen));
            if (!readable) {
                return RunOutcome.NEEDS_PERSON;
            }
            if (seen.found().get()) {
                return RunOutcome.COMMITTED;
            }
            if (attempt >= cfg.attemptBudget() || elapsed(lease) >= cfg.deadline().toNanos()) {
                log.append(Receipts.of(now(), "DECIDE", lease, NextAction.GIVE_UP.name(), attempt, null));
                return RunOutcome.GAVE_UP; // after a read-back that found nothing, no send is left
            }
            attempt++;
            Reply r = client.write(lease.scope(), lease.key(), lease.fence(), seen.checkpoint().getAsLong());
            ReplyClass cls = OutcomeTable.classify(r, lease.key());
            log.append(Receipts.of(now(), "SEND", lease, cls.name(), attempt, r));
            Decision d = OutcomeTable.decide(cls, attempt, elapsed(lease), r.retryAfter(), cfg);
            log.append(Receipts.of(now(), "DECIDE", lease, d.action().name(), attempt, null));
            switch (d.action()) {
                case DONE:
                    return RunOutcome.COMMITTED;
                case RETRY:
                    clocks.sleeper().sleep(d.delay());
                    break;
                case READ_BACK:
                    break; // the next round starts with the read-back
                case STOP:
                    return RunOutcome.LEASE_LOST;
                case QUARANTINE:
                    return RunOutcome.QUARANTINED;
                case ASK_PERSON:
                    System.err.println("not applied, a person must look: " + r.body());
                    return RunOutcome.NEEDS_PERSON;
                default:
                    return RunOutcome.GAVE_UP;
            }
        }
    }

    private long now() {
        return clocks.mono().nanos();
    }

    private long elapsed(Lease lease) {
        return clocks.mono().nanos() - lease.acquiredNanos();
    }
}
