package singleflight;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AcquireTest {
    @TempDir Path dir;
    final FakeClocks clocks = new FakeClocks();
    final ReceiptLog log = new ReceiptLog();

    private Coordinator coordinator(Policy p) {
        return new Coordinator(Fx.db(dir), clocks.clocks(), Config.of(p), log);
    }

    private Coordinator coordinator(Config cfg) {
        return new Coordinator(Fx.db(dir), clocks.clocks(), cfg, log);
    }

    @Test
    void aFreeScopeIsAcquiredWithFenceOne() {
        Coordinator c = coordinator(Policy.SKIP);
        long now = clocks.mono();
        Acquisition a = c.acquire(Fx.trigger("run-a"));
        assertEquals(AcquireVerdict.ACQUIRED, a.verdict(), "the first trigger on a free scope");
        Lease expected = new Lease(Fx.SCOPE, Fx.KEY, "host-run-a", "run-a", 1, now, now + Duration.ofSeconds(30).toNanos());
        assertEquals(Optional.of(expected), a.lease(), "the lease: fence 1, expiry = now + ttl on the monotonic clock");
        assertEquals(Optional.of(expected), c.current(Fx.SCOPE), "current() after the acquire");
        assertFalse(a.outcome().isDone(), "the run's outcome is open until it is released");
    }

    @Test
    void anAcquireWritesItsReceipt() {
        Coordinator c = coordinator(Policy.SKIP);
        long now = clocks.mono();
        c.acquire(Fx.trigger("run-a"));
        assertEquals(List.of(new Receipt(now, "ACQUIRE", Fx.SCOPE, "run-a", "host-run-a", "ACQUIRED", 1, 0, -1, 0, "")),
                log.all(), "one ACQUIRE receipt, at the monotonic time");
    }

    @Test
    void aBusyScopeIsSkippedAndLeftAlone() {
        Coordinator c = coordinator(Policy.SKIP);
        c.acquire(Fx.trigger("run-a"));
        Optional<Lease> before = c.current(Fx.SCOPE);
        clocks.advance(Duration.ofSeconds(29));
        Acquisition b = c.acquire(Fx.trigger("run-b"));
        assertEquals(AcquireVerdict.SKIPPED, b.verdict(), "SKIP while run-a's lease lives (29 s of 30)");
        assertEquals(Optional.empty(), b.lease(), "a skipped trigger has no lease");
        assertEquals(RunOutcome.NOT_RUN, b.outcome().getNow(null), "a skipped trigger's outcome is NOT_RUN at once");
        assertEquals(before, c.current(Fx.SCOPE), "the stored lease is unchanged");
    }

    @Test
    void anExpiredLeaseIsFreeAtTheExactInstant() {
        Coordinator c = coordinator(Policy.SKIP);
        c.acquire(Fx.trigger("run-a"));
        clocks.advanceMono(Duration.ofSeconds(30));
        Acquisition b = c.acquire(Fx.trigger("run-b"));
        assertEquals(AcquireVerdict.ACQUIRED, b.verdict(), "now == expires: the lease is over");
        assertEquals(2, b.lease().orElseThrow().fence(), "the new lease's fence");
    }

    @Test
    void anExpiredOrReleasedScopeIsAcquiredUnderEveryPolicy() {
        long ttl = Duration.ofSeconds(30).toNanos();
        for (Policy p : Policy.values()) {
            String scope = "t-" + p.name().toLowerCase();
            String key = scope + "@2026-03-01T09:00";
            Coordinator c = coordinator(p);
            c.acquire(Fx.trigger(scope, key, "run-a", Source.CRON));
            clocks.advanceMono(Duration.ofSeconds(30));
            long now = clocks.mono();
            Acquisition b = c.acquire(Fx.trigger(scope, key, "run-b", Source.MANUAL));
            assertEquals(AcquireVerdict.ACQUIRED, b.verdict(),
                    p + ": run-a's lease is at its expiry instant (not released, same key): the scope is free");
            Lease lb = new Lease(scope, key, "host-run-b", "run-b", 2, now, now + ttl);
            assertEquals(Optional.of(lb), b.lease(), p + ": the new lease, fence 2, expiring at now + ttl");
            assertEquals(Optional.of(lb), c.current(scope), p + ": current() is the new lease, every field of it");
            assertTrue(c.release(lb, RunOutcome.COMMITTED), p + ": run-b's release");
            clocks.advance(Duration.ofSeconds(1));
            now = clocks.mono();
            String next = scope + "@2026-03-01T09:01";
            Acquisition d = c.acquire(Fx.trigger(scope, next, "run-d", Source.CRON));
            assertEquals(AcquireVerdict.ACQUIRED, d.verdict(), p + ": a released scope is free");
            Lease ld = new Lease(scope, next, "host-run-d", "run-d", 3, now, now + ttl);
            assertEquals(Optional.of(ld), d.lease(), p + ": the next lease, fence 3, for the next slot's key");
            assertEquals(Optional.of(ld), c.current(scope), p + ": current() is that lease, every field of it");
        }
    }

    @Test
    void currentShowsAnExpiredLeaseAndChangesNothing() {
        Coordinator c = coordinator(Policy.SKIP);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        clocks.advanceMono(Duration.ofMinutes(5));
        assertEquals(Optional.of(a), c.current(Fx.SCOPE), "five minutes past its expiry and never released: current() shows it");
        assertEquals(Optional.of(a), c.current(Fx.SCOPE), "and shows it again");
        assertEquals(1, c.inFlight(), "its run still holds its permit");
        assertEquals(2, c.acquire(Fx.trigger("run-b")).lease().orElseThrow().fence(),
                "the next lease gets fence 2: looking changed nothing in the store");
    }

    @Test
    void theFenceContinuesAfterReleaseAndRestart() {
        Coordinator c = coordinator(Policy.SKIP);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        c.release(a, RunOutcome.COMMITTED);
        Lease b = c.acquire(Fx.trigger("run-b")).lease().orElseThrow();
        assertEquals(2, b.fence(), "after a release the next lease gets fence 2, never 1 again");
        c.release(b, RunOutcome.COMMITTED);
        Coordinator restarted = coordinator(Policy.SKIP);
        assertEquals(3, restarted.acquire(Fx.trigger("run-c")).lease().orElseThrow().fence(),
                "a new coordinator on the same file continues with fence 3");
    }

    @Test
    void replaceFencesTheOldRunOut() {
        Coordinator c = coordinator(Policy.REPLACE);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        clocks.advance(Duration.ofSeconds(5));
        long now = clocks.mono();
        Acquisition b = c.acquire(Fx.trigger("run-b"));
        assertEquals(AcquireVerdict.REPLACED, b.verdict(), "REPLACE on a live lease");
        assertEquals(2, b.lease().orElseThrow().fence(), "the replacing run's fence is newer than run-a's");
        Lease expected = new Lease(Fx.SCOPE, Fx.KEY, "host-run-b", "run-b", 2, now, now + Duration.ofSeconds(30).toNanos());
        assertEquals(Optional.of(expected), b.lease(), "the replacing lease: acquired now, expiring at now + ttl");
        assertEquals(Optional.of(expected), c.current(Fx.SCOPE), "the stored lease is the replacing one, every field of it");
        assertEquals("run-b", c.current(Fx.SCOPE).orElseThrow().run(), "the stored holder");
        assertEquals(2, c.current(Fx.SCOPE).orElseThrow().fence(), "the stored fence is the replacing run's");
        assertFalse(a.fence() == c.current(Fx.SCOPE).orElseThrow().fence(), "run-a's fence is no longer the scope's");
    }

    @Test
    void joinSharesTheLeadersOutcome() throws Exception {
        Coordinator c = coordinator(Policy.JOIN);
        Acquisition a = c.acquire(Fx.trigger("run-a"));
        Acquisition b = c.acquire(Fx.trigger("run-b"));
        assertEquals(AcquireVerdict.JOINED, b.verdict(), "JOIN on a live run of the same key");
        assertEquals(Optional.of("run-a"), b.leaderRun(), "the leader");
        assertEquals(Optional.empty(), b.lease(), "a joiner has no lease of its own");
        assertFalse(b.outcome().isDone(), "the joiner waits for the leader");
        c.release(a.lease().orElseThrow(), RunOutcome.QUARANTINED);
        assertEquals(RunOutcome.QUARANTINED, b.outcome().get(1, TimeUnit.SECONDS), "the joiner gets the leader's outcome");
        assertEquals(RunOutcome.QUARANTINED, a.outcome().get(1, TimeUnit.SECONDS), "and so does the leader's own");
    }

    @Test
    void aJoinedOrSkippedTriggerLeavesEverythingAsItWas() {
        Coordinator join = coordinator(Policy.JOIN);
        join.acquire(Fx.trigger("run-a"));
        Optional<Lease> before = join.current(Fx.SCOPE);
        clocks.advance(Duration.ofSeconds(10));
        Acquisition b = join.acquire(Fx.trigger(Fx.SCOPE, Fx.KEY, "run-b", Source.MANUAL));
        assertEquals(AcquireVerdict.JOINED, b.verdict(), "JOIN on run-a's live run of the same key, 10 s in");
        assertEquals(before, join.current(Fx.SCOPE), "joining changes nothing in the store: run-a's lease keeps its expiry");
        Acquisition c = join.acquire(Fx.trigger(Fx.SCOPE, "t1@2026-03-01T09:05", "run-c", Source.MANUAL));
        assertEquals(AcquireVerdict.SKIPPED, c.verdict(), "JOIN on a live run of another key");
        assertEquals(Optional.empty(), c.leaderRun(), "a skipped trigger names no leader: it shares nothing");
        assertEquals(before, join.current(Fx.SCOPE), "nor does skipping change the store");
        assertEquals(1, join.inFlight(), "and neither takes a permit");
        Coordinator skip = coordinator(Policy.SKIP);
        skip.acquire(Fx.trigger("t2", "t2@x", "run-d", Source.CRON));
        Acquisition e = skip.acquire(Fx.trigger("t2", "t2@x", "run-e", Source.MANUAL));
        assertEquals(AcquireVerdict.SKIPPED, e.verdict(), "SKIP: a manual trigger on run-d's live lease");
        assertEquals(Optional.empty(), e.leaderRun(), "a skipped manual trigger names no leader either");
        assertEquals(Optional.empty(), e.lease(), "nor has it a lease");
    }

    @Test
    void joinDoesNotShareAnotherKey() {
        Coordinator c = coordinator(Policy.JOIN);
        c.acquire(Fx.trigger("run-a"));
        Acquisition b = c.acquire(Fx.trigger(Fx.SCOPE, "t1@2026-03-01T09:05", "run-b", Source.CRON));
        assertEquals(AcquireVerdict.SKIPPED, b.verdict(), "a live run of another key cannot be shared");
        assertEquals(RunOutcome.NOT_RUN, b.outcome().getNow(null), "so nothing runs for it");
    }

    @Test
    void joinAcrossCoordinatorsIsSkipped() {
        coordinator(Policy.JOIN).acquire(Fx.trigger("run-a"));
        Acquisition b = coordinator(Policy.JOIN).acquire(Fx.trigger("run-b"));
        assertEquals(AcquireVerdict.SKIPPED, b.verdict(), "a run held through another coordinator cannot be joined");
    }

    /**
     * Another writer holds the store's write lock while two triggers arrive through two coordinators; both wait
     * inside SQLite, then the lock is let go. A read outside the write transaction sees the free scope for both.
     */
    @Test
    void triggersThatWaitedForTheLockGiveOneWinner() throws Exception {
        Coordinator one = coordinator(Policy.SKIP);
        Coordinator two = coordinator(Policy.SKIP);
        List<AcquireVerdict> got = whileAnotherWriterHoldsTheLock(List.of(
                () -> one.acquire(Fx.trigger("run-a")).verdict(),
                () -> two.acquire(Fx.trigger("run-b")).verdict()));
        assertEquals(1, got.stream().filter(v -> v == AcquireVerdict.ACQUIRED).count(), "exactly one ACQUIRED: " + got);
        assertEquals(1, got.stream().filter(v -> v == AcquireVerdict.SKIPPED).count(), "and one SKIPPED: " + got);
    }

    /**
     * Two triggers on two scopes through one coordinator with a limit of 1 arrive while another writer holds the
     * store's write lock. A permit count read before the lock lets both through.
     */
    @Test
    void triggersThatWaitedForTheLockKeepTheLimit() throws Exception {
        Coordinator c = coordinator(Config.of(Policy.SKIP).withMaxInFlight(1));
        List<AcquireVerdict> got = whileAnotherWriterHoldsTheLock(List.of(
                () -> c.acquire(Fx.trigger("t1", "t1@x", "run-a", Source.CRON)).verdict(),
                () -> c.acquire(Fx.trigger("t2", "t2@x", "run-b", Source.CRON)).verdict()));
        assertEquals(1, got.stream().filter(v -> v == AcquireVerdict.ACQUIRED).count(),
                "a limit of 1, two scopes: exactly one ACQUIRED: " + got);
        assertEquals(1, got.stream().filter(v -> v == AcquireVerdict.NO_PERMIT).count(), "and one NO_PERMIT: " + got);
        assertEquals(1, c.inFlight(), "one run in flight");
    }

    /** Runs the calls on their own threads while another connection holds the write lock, then lets it go. */
    private List<AcquireVerdict> whileAnotherWriterHoldsTheLock(List<Callable<AcquireVerdict>> tasks) throws Exception {
        List<FutureTask<AcquireVerdict>> calls = tasks.stream().map(FutureTask::new).toList();
        List<Thread> threads = new ArrayList<>();
        try (Connection blocker = DriverManager.getConnection("jdbc:sqlite:" + Fx.db(dir));
             Statement s = blocker.createStatement()) {
            s.execute("PRAGMA busy_timeout = 10000");
            s.execute("BEGIN IMMEDIATE");
            for (FutureTask<AcquireVerdict> call : calls) {
                Thread t = new Thread(call, "trigger");
                t.setDaemon(true);
                t.start();
                threads.add(t);
            }
            Fx.awaitInSqlite(threads);
            s.execute("COMMIT");
        }
        List<AcquireVerdict> got = new ArrayList<>();
        for (FutureTask<AcquireVerdict> call : calls) {
            try {
                got.add(call.get(20, TimeUnit.SECONDS));
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r; // what acquire threw, as it threw it
                }
                throw e;
            }
        }
        return got;
    }

    @Test
    void oneWinnerAmongRacingTriggers() throws Exception {
        Config cfg = Config.of(Policy.SKIP).withMaxInFlight(1000);
        Coordinator one = coordinator(cfg);
        Coordinator two = coordinator(cfg);
        int n = 8;
        int rounds = 8; // one race per scope: each round is another chance for two transactions to overlap
        CyclicBarrier start = new CyclicBarrier(n);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            for (int round = 0; round < rounds; round++) {
                String scope = "race-" + round;
                List<Future<AcquireVerdict>> got = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    Coordinator c = i % 2 == 0 ? one : two;
                    Trigger t = Fx.trigger(scope, scope + "@x", "run-" + round + "-" + i, Source.CRON);
                    got.add(pool.submit(() -> {
                        start.await();
                        return c.acquire(t).verdict();
                    }));
                }
                int won = 0;
                for (Future<AcquireVerdict> f : got) {
                    AcquireVerdict v = f.get(20, TimeUnit.SECONDS);
                    assertTrue(v == AcquireVerdict.ACQUIRED || v == AcquireVerdict.SKIPPED, scope + ": a racing trigger got " + v);
                    won += v == AcquireVerdict.ACQUIRED ? 1 : 0;
                }
                assertEquals(1, won, scope + ": 8 triggers through two coordinators on one file: exactly one ACQUIRED");
                assertEquals(1, one.current(scope).orElseThrow().fence(), scope + ": and the fence is 1");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void replacedAndNoPermitLeaveTheirReceipts() {
        Coordinator c = coordinator(Config.of(Policy.REPLACE).withMaxInFlight(2));
        long now = clocks.mono();
        c.acquire(Fx.trigger("t1", "t1@x", "run-a", Source.CRON));
        assertEquals(AcquireVerdict.REPLACED, c.acquire(Fx.trigger("t1", "t1@x", "run-b", Source.MANUAL)).verdict(), "REPLACE on run-a's live lease");
        assertEquals(AcquireVerdict.NO_PERMIT, c.acquire(Fx.trigger("t2", "t2@x", "run-c", Source.CRON)).verdict(),
                "a never-leased scope with the limit of 2 full (run-a still runs)");
        assertEquals(AcquireVerdict.NO_PERMIT, c.acquire(Fx.trigger("t1", "t1@x", "run-d", Source.MANUAL)).verdict(),
                "REPLACE on run-b's live lease with the limit full");
        assertEquals(List.of(
                        new Receipt(now, "ACQUIRE", "t1", "run-a", "host-run-a", "ACQUIRED", 1, 0, -1, 0, ""),
                        new Receipt(now, "ACQUIRE", "t1", "run-b", "host-run-b", "REPLACED", 2, 0, -1, 0, ""),
                        new Receipt(now, "ACQUIRE", "t2", "run-c", "host-run-c", "NO_PERMIT", 0, 0, -1, 0, ""),
                        new Receipt(now, "ACQUIRE", "t1", "run-d", "host-run-d", "NO_PERMIT", 2, 0, -1, 0, "")),
                log.all(), "REPLACED with the new lease's fence, NO_PERMIT with the stored one (0 when none)");
    }

    @Test
    void aTriggerThatNeedsNoNewLeaseNeedsNoPermit() {
        Coordinator skip = coordinator(Config.of(Policy.SKIP).withMaxInFlight(1));
        skip.acquire(Fx.trigger("t1", "t1@x", "run-a", Source.CRON));
        assertEquals(AcquireVerdict.SKIPPED, skip.acquire(Fx.trigger("t1", "t1@x", "run-b", Source.MANUAL)).verdict(),
                "SKIP on a live lease with the limit of 1 full: SKIPPED, for no new lease was needed");
        Coordinator join = coordinator(Config.of(Policy.JOIN).withMaxInFlight(1));
        Lease leader = join.acquire(Fx.trigger("t2", "t2@x", "run-c", Source.CRON)).lease().orElseThrow();
        Acquisition joiner = join.acquire(Fx.trigger("t2", "t2@x", "run-d", Source.MANUAL));
        assertEquals(AcquireVerdict.JOINED, joiner.verdict(), "JOIN on a live run of the same key with the limit of 1 full: JOINED");
        assertEquals(AcquireVerdict.SKIPPED, join.acquire(Fx.trigger("t2", "t2@y", "run-e", Source.CRON)).verdict(),
                "JOIN on a live run of another key with the limit full: SKIPPED");
        assertEquals(1, join.inFlight(), "the joiner holds no permit: only its leader does");
        join.release(leader, RunOutcome.COMMITTED);
        assertEquals(0, join.inFlight(), "after the leader's release no permit is taken");
        assertEquals(AcquireVerdict.ACQUIRED, join.acquire(Fx.trigger("t3", "t3@x", "run-f", Source.CRON)).verdict(),
                "so a trigger on another scope gets the permit");
    }

    @Test
    void aFullLimitRefusesANewLeaseAndStoresNothing() {
        Coordinator c = coordinator(Config.of(Policy.REPLACE).withMaxInFlight(1));
        c.acquire(Fx.trigger("t1", "t1@x", "run-a", Source.CRON));
        assertEquals(1, c.inFlight(), "one run in flight");
        Acquisition b = c.acquire(Fx.trigger("t1", "t1@x", "run-b", Source.MANUAL));
        assertEquals(AcquireVerdict.NO_PERMIT, b.verdict(), "REPLACE needs a new lease, and the limit of 1 is full");
        assertEquals("run-a", c.current("t1").orElseThrow().run(), "run-a is not fenced out by a trigger that got no permit");
        assertEquals(1, c.current("t1").orElseThrow().fence(), "the fence is unchanged");
        assertEquals(AcquireVerdict.NO_PERMIT, c.acquire(Fx.trigger("t2", "t2@x", "run-c", Source.CRON)).verdict(),
                "another scope needs a permit too");
        assertEquals(Optional.empty(), c.current("t2"), "and nothing is stored for it");
    }

    @Test
    void aPermitComesBackWhenTheRunLeavesNotWhenTimePasses() {
        Coordinator c = coordinator(Config.of(Policy.SKIP).withMaxInFlight(1));
        Lease a = c.acquire(Fx.trigger("t1", "t1@x", "run-a", Source.CRON)).lease().orElseThrow();
        clocks.advance(Duration.ofHours(2));
        assertEquals(1, c.inFlight(), "two hours later run-a's lease has long expired, and run-a is still in flight");
        assertEquals(AcquireVerdict.NO_PERMIT, c.acquire(Fx.trigger("t2", "t2@x", "run-b", Source.CRON)).verdict(),
                "two hours later run-a is still in flight: the limit counts runs, it is not a rate");
        c.release(a, RunOutcome.COMMITTED);
        assertEquals(0, c.inFlight(), "after run-a's release");
        assertEquals(AcquireVerdict.ACQUIRED, c.acquire(Fx.trigger("t2", "t2@x", "run-b", Source.CRON)).verdict(),
                "at the same instant as the release, the permit is back");
    }

    @Test
    void aPermitIsGivenBackOnce() {
        Coordinator c = coordinator(Config.of(Policy.SKIP).withMaxInFlight(2));
        Lease a = c.acquire(Fx.trigger("t1", "t1@x", "run-a", Source.CRON)).lease().orElseThrow();
        c.release(a, RunOutcome.COMMITTED);
        c.release(a, RunOutcome.COMMITTED);
        c.acquire(Fx.trigger("t2", "t2@x", "run-b", Source.CRON));
        c.acquire(Fx.trigger("t3", "t3@x", "run-c", Source.CRON));
        assertEquals(AcquireVerdict.NO_PERMIT, c.acquire(Fx.trigger("t4", "t4@x", "run-d", Source.CRON)).verdict(),
                "a double release must not make room for a third run");
        assertEquals(2, c.inFlight(), "two runs in flight");
    }

    @Test
    void aReplacedRunKeepsItsPermitUntilItLeaves() {
        Coordinator c = coordinator(Config.of(Policy.REPLACE).withMaxInFlight(2));
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        c.acquire(Fx.trigger("run-b"));
        assertEquals(2, c.inFlight(), "the replaced run still runs until its own release");
        assertEquals(AcquireVerdict.NO_PERMIT, c.acquire(Fx.trigger("t2", "t2@x", "run-c", Source.CRON)).verdict(),
                "so a third run finds no permit");
        c.release(a, RunOutcome.LEASE_LOST);
        assertEquals(1, c.inFlight(), "the replaced run's release gives its permit back");
    }

    @Test
    void aReleaseKeepsTheFenceAndFreesTheScope() {
        Coordinator c = coordinator(Policy.SKIP);
        Lease other = c.acquire(Fx.trigger("t2", "t2@x", "run-x", Source.CRON)).lease().orElseThrow();
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        assertTrue(c.release(a, RunOutcome.COMMITTED), "release of the current lease");
        assertEquals(Optional.empty(), c.current(Fx.SCOPE), "nobody holds the scope after the release");
        assertEquals(Optional.of(other), c.current("t2"), "another scope's lease, of the same fence 1, is still held");
        assertEquals(2, c.acquire(Fx.trigger("run-b")).lease().orElseThrow().fence(), "the next acquire gets fence 2");
    }

    @Test
    void aStaleReleaseFreesNothing() {
        Coordinator c = coordinator(Policy.REPLACE);
        Acquisition first = c.acquire(Fx.trigger("run-a"));
        Lease a = first.lease().orElseThrow();
        Lease b = c.acquire(Fx.trigger("run-b")).lease().orElseThrow();
        assertFalse(c.release(a, RunOutcome.LEASE_LOST), "the replaced run's release");
        assertEquals(Optional.of(b), c.current(Fx.SCOPE), "run-b still holds the scope, untouched");
        assertEquals(RunOutcome.LEASE_LOST, first.outcome().getNow(null), "run-a's outcome completes all the same, with what it released with");
    }

    @Test
    void theSameOwnersOldLeaseFreesNothing() {
        Coordinator c = coordinator(Policy.SKIP);
        Lease old = c.acquire(new Trigger(Fx.SCOPE, Fx.KEY, "host-a", "run-1", Source.CRON)).lease().orElseThrow();
        clocks.advanceMono(Duration.ofSeconds(30));
        Lease fresh = c.acquire(new Trigger(Fx.SCOPE, Fx.KEY, "host-a", "run-2", Source.MANUAL)).lease().orElseThrow();
        assertFalse(c.release(old, RunOutcome.LEASE_LOST), "host-a's expired lease of fence 1, after host-a took the scope again with fence 2");
        assertEquals(Optional.of(fresh), c.current(Fx.SCOPE), "host-a's fence-2 lease is untouched");
    }

    @Test
    void anExpiredLeaseThatIsStillHeldIsReleased() {
        Coordinator c = coordinator(Policy.SKIP);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        clocks.advanceMono(Duration.ofSeconds(31));
        assertTrue(c.release(a, RunOutcome.GAVE_UP), "run-a's lease expired a second ago but is still the stored, held one");
        assertEquals(Optional.empty(), c.current(Fx.SCOPE), "so the release frees the scope");
        assertEquals(0, c.inFlight(), "and gives run-a's permit back");
    }

    @Test
    void nullTriggerIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> coordinator(Policy.SKIP).acquire(null), "acquire(null)");
    }

    @Test
    void everyNullArgumentIsRefused() {
        Path db = Fx.db(dir);
        Clocks k = clocks.clocks();
        Config cfg = Config.of(Policy.SKIP);
        assertThrows(IllegalArgumentException.class, () -> new Coordinator(null, k, cfg, log), "new Coordinator(null, …): no store file");
        assertThrows(IllegalArgumentException.class, () -> new Coordinator(db, null, cfg, log), "new Coordinator(…, null clocks, …)");
        assertThrows(IllegalArgumentException.class, () -> new Coordinator(db, k, null, log), "new Coordinator(…, null config, …)");
        assertThrows(IllegalArgumentException.class, () -> new Coordinator(db, k, cfg, null), "new Coordinator(…, null receipt log)");
        Coordinator c = coordinator(Policy.SKIP);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        assertThrows(IllegalArgumentException.class, () -> c.current(null), "current(null)");
        assertThrows(IllegalArgumentException.class, () -> c.release(a, null), "release(lease, null): a run ends with an outcome");
    }

    @Test
    void everyVerdictLeavesItsAcquireReceipt() {
        Coordinator c = coordinator(Policy.JOIN);
        long now = clocks.mono();
        c.acquire(Fx.trigger("run-a"));
        assertEquals(AcquireVerdict.JOINED, c.acquire(Fx.trigger("run-b")).verdict(), "JOIN on run-a's live run of the same key");
        assertEquals(AcquireVerdict.SKIPPED, c.acquire(Fx.trigger(Fx.SCOPE, "t1@2026-03-01T09:05", "run-c", Source.CRON)).verdict(),
                "JOIN on a live run of another key");
        assertEquals(List.of(
                        new Receipt(now, "ACQUIRE", Fx.SCOPE, "run-a", "host-run-a", "ACQUIRED", 1, 0, -1, 0, ""),
                        new Receipt(now, "ACQUIRE", Fx.SCOPE, "run-b", "host-run-b", "JOINED", 1, 0, -1, 0, ""),
                        new Receipt(now, "ACQUIRE", Fx.SCOPE, "run-c", "host-run-c", "SKIPPED", 1, 0, -1, 0, "")),
                log.all(), "one ACQUIRE receipt per verdict, the joined and the skipped ones with the stored fence");
    }
}
