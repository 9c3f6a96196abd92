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
        Acquisition b = c.acquire(Fx.trigger("run-b"));
        assertEquals(AcquireVerdict.REPLACED, b.verdict(), "REPLACE on a live lease");
        assertEquals(2, b.lease().orElseThrow().fence(), "the replacing run's fence is newer than run-a's");
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
        List<FutureTask<AcquireVerdict>> calls = List.of(
                new FutureTask<>(() -> one.acquire(Fx.trigger("run-a")).verdict()),
                new FutureTask<>(() -> two.acquire(Fx.trigger("run-b")).verdict()));
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
        assertEquals(1, got.stream().filter(v -> v == AcquireVerdict.ACQUIRED).count(), "exactly one ACQUIRED: " + got);
        assertEquals(1, got.stream().filter(v -> v == AcquireVerdict.SKIPPED).count(), "and one SKIPPED: " + got);
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
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        assertTrue(c.release(a, RunOutcome.COMMITTED), "release of the current lease");
        assertEquals(Optional.empty(), c.current(Fx.SCOPE), "nobody holds the scope after the release");
        assertEquals(2, c.acquire(Fx.trigger("run-b")).lease().orElseThrow().fence(), "the next acquire gets fence 2");
    }

    @Test
    void aStaleReleaseFreesNothing() {
        Coordinator c = coordinator(Policy.REPLACE);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        Lease b = c.acquire(Fx.trigger("run-b")).lease().orElseThrow();
        assertFalse(c.release(a, RunOutcome.LEASE_LOST), "the replaced run's release");
        assertEquals(Optional.of(b), c.current(Fx.SCOPE), "run-b still holds the scope, untouched");
    }

    @Test
    void nullTriggerIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> coordinator(Policy.SKIP).acquire(null), "acquire(null)");
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
