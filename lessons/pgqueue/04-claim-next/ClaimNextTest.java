package pgqueue;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ClaimNextTest {
    private static final Clock CLOCK = Clock.systemUTC();
    /** How long a statement may wait for another worker's row lock in these tests: claimNext must not wait at all. */
    private static final String LOCK_TIMEOUT = "SET lock_timeout = '300ms'";
    private final Db db = Db.fresh();
    private final Pool pool = db.pool(LOCK_TIMEOUT);
    private final Leases worker = new Leases(pool, CLOCK);

    @AfterEach
    void closeConnections() {
        db.close();
    }

    @Test
    void itTakesTheClaimableJobWithTheSmallestId() {
        db.free("b");
        db.done("a0", "X", 1, -5, "r");
        db.held("a1", "X", 1, 30);
        db.free("a2");
        db.held("c", "X", 6, -1);
        assertEquals(Optional.of(new Leases.Claim("a2", 1)), worker.claimNext("A", 30),
                "the first claimNext: a0 is done and a1 held, so a2 (free) comes first");
        assertEquals(Optional.of(new Leases.Claim("b", 1)), worker.claimNext("A", 30), "the second claimNext");
        assertEquals(Optional.of(new Leases.Claim("c", 7)), worker.claimNext("A", 30),
                "the third claimNext takes c, whose lease (fence 6) ended");
        assertEquals(Optional.empty(), worker.claimNext("A", 30), "the fourth claimNext: nothing is claimable");
    }

    @Test
    void theClaimIsStoredLikeClaimStoresIt() {
        db.free("a");
        worker.claimNext("W", 30);
        Db.Row row = db.row("a");
        assertEquals(new Db.Row("a", "W", 0, 1, null, false), row.timeless(), "row a after claimNext");
        assertTrue(row.left() > 28.5 && row.left() <= 30.01, "the lease must end 30 s after the server's now, but ends in " + row.left() + " s");
    }

    @Test
    void noDoneOrLiveJobIsEverTaken() {
        db.done("a", "X", 1, -5, "r");
        db.held("b", "X", 2, 30);
        assertEquals(Optional.empty(), worker.claimNext("A", 30), "claimNext with only a done job and a held one");
        assertEquals(new Db.Row("b", "X", 0, 2, null, false), db.row("b").timeless(), "row b after claimNext");
    }

    @Test
    void aJobAnotherWorkerHoldsLockedIsSkippedNotWaitedFor() throws Exception {
        db.free("a");
        db.free("b");
        try (AutoCloseable lock = db.lockRow("a")) {
            Optional<Leases.Claim> got;
            try {
                got = worker.claimNext("A", 30);
            } catch (IllegalStateException e) {
                throw new AssertionError("claimNext waited for job a, which another worker holds locked mid-claim, until the "
                        + "lock timeout: " + e.getMessage() + " (it must pass over a locked row and take the next)", e);
            }
            assertEquals(Optional.of(new Leases.Claim("b", 1)), got, "claimNext while another worker holds job a locked");
        }
    }

    @Test
    void whenTheOnlyFreeJobIsLockedThereIsNothingToTake() throws Exception {
        db.free("a");
        try (AutoCloseable lock = db.lockRow("a")) {
            Optional<Leases.Claim> got;
            try {
                got = worker.claimNext("A", 30);
            } catch (IllegalStateException e) {
                throw new AssertionError("claimNext waited for the only free job, which another worker holds locked, until "
                        + "the lock timeout: " + e.getMessage(), e);
            }
            assertEquals(Optional.empty(), got, "claimNext while another worker holds the only free job locked");
        }
    }

    @Test
    @Timeout(30)
    void twoWorkersAtOnceGetTwoDifferentJobs() throws Exception {
        for (int round = 1; round <= 3; round++) {
            String a = "r" + round + "a";
            String b = "r" + round + "b";
            db.free(a);
            db.free(b);
            Pool racing = db.pool(LOCK_TIMEOUT).racing(2);
            ExecutorService threads = Executors.newFixedThreadPool(2);
            try {
                Future<Optional<Leases.Claim>> one = threads.submit(() -> new Leases(racing, CLOCK).claimNext("A", 30));
                Future<Optional<Leases.Claim>> two = threads.submit(() -> new Leases(racing, CLOCK).claimNext("B", 30));
                Optional<Leases.Claim> x = one.get();
                Optional<Leases.Claim> y = two.get();
                assertTrue(x.isPresent() && y.isPresent(), "round " + round + ": two free jobs and two workers calling "
                        + "claimNext at once: each must get a job, but they got " + x + " and " + y);
                assertNotEquals(x.get().id(), y.get().id(), "round " + round + ": both workers were granted the same job");
            } finally {
                threads.shutdownNow();
            }
        }
    }

    @Test
    @Timeout(60)
    void fourWorkersDrainAQueueWithEveryJobGrantedExactlyOnce() throws Exception {
        int jobs = 20;
        for (int i = 0; i < jobs; i++) {
            db.free(String.format("q%02d", i));
        }
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<String>>> workers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                String owner = "w" + w;
                workers.add(threads.submit(() -> {
                    Leases me = new Leases(pool, CLOCK);
                    List<String> mine = new ArrayList<>();
                    for (Optional<Leases.Claim> c = me.claimNext(owner, 30); c.isPresent(); c = me.claimNext(owner, 30)) {
                        mine.add(c.get().id());
                    }
                    return mine;
                }));
            }
            List<String> all = new ArrayList<>();
            for (Future<List<String>> f : workers) {
                all.addAll(f.get());
            }
            Set<String> distinct = new HashSet<>(all);
            assertEquals(all.size(), distinct.size(), "jobs granted more than once: " + all);
            assertEquals(jobs, distinct.size(), "jobs granted to four workers draining a queue of " + jobs);
        } finally {
            threads.shutdownNow();
        }
        for (int i = 0; i < jobs; i++) {
            assertEquals(1, db.row(String.format("q%02d", i)).fence(), "the fence of job q" + i + " (granted once)");
        }
    }

    @Test
    void aWorkerWhoseClockRunsAnHourFastTakesNoLiveJob() {
        db.held("a", "X", 1, 30);
        Leases fast = new Leases(pool, java.time.Clock.offset(CLOCK, java.time.Duration.ofHours(1)));
        assertEquals(Optional.empty(), fast.claimNext("A", 30),
                "claimNext by a worker whose clock runs an hour fast, with only a job X holds for 30 more seconds");
    }

    @Test
    void aWorkerWhoseClockRunsAnHourSlowTakesAnEndedJob() {
        db.held("a", "X", 1, -5);
        Leases slow = new Leases(pool, java.time.Clock.offset(CLOCK, java.time.Duration.ofHours(-1)));
        assertEquals(Optional.of(new Leases.Claim("a", 2)), slow.claimNext("A", 30),
                "claimNext by a worker whose clock runs an hour slow, with a job whose lease ended 5 s ago by the server's clock");
    }

    @Test
    void everyConnectionGoesBackClosedAndOutsideATransaction() {
        db.free("a");
        worker.claimNext("A", 30);
        worker.claimNext("A", 30);
        assertEquals("", pool.problems(), "the pool after a granted and an empty claimNext");
    }

    @Test
    void aBadTtlIsRejected() {
        db.free("a");
        assertThrows(IllegalArgumentException.class, () -> worker.claimNext("A", 0), "claimNext with ttl=0");
        assertNull(db.row("a").owner(), "row a after the rejected claimNext");
    }
}
