package pgqueue;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ClaimTest {
    private static final Clock CLOCK = Clock.systemUTC();
    private final Db db = Db.fresh();
    private final Pool pool = db.pool();
    private final Leases worker = new Leases(pool, CLOCK);

    @AfterEach
    void closeConnections() {
        db.close();
    }

    /** A lease that should end about {@code ttl} seconds from the server's now. */
    private static void assertLeft(double ttl, Db.Row row, String what) {
        assertTrue(row.left() > ttl - 1.5 && row.left() <= ttl + 0.01,
                what + ": the lease must end " + ttl + " s after the server's now, but it ends in " + row.left() + " s");
    }

    @Test
    void freeJobIsClaimedWithFenceOne() {
        db.free("j");
        assertEquals(OptionalLong.of(1), worker.claim("j", "A", 30), "claim(\"j\", \"A\", ttl=30) on a free job");
        Db.Row row = db.row("j");
        assertEquals(new Db.Row("j", "A", 0, 1, null, false), row.timeless(), "row j after the claim");
        assertLeft(30, row, "row j after the claim");
    }

    @Test
    void zeroTtlIsRejected() {
        db.free("j");
        Db.Row before = db.row("j");
        assertThrows(IllegalArgumentException.class, () -> worker.claim("j", "A", 0), "claim with ttl=0");
        assertEquals(before.timeless(), db.row("j").timeless(), "row j after a rejected claim");
    }

    @Test
    void negativeTtlIsRejectedEvenForAMissingJob() {
        assertThrows(IllegalArgumentException.class, () -> worker.claim("missing", "A", -1), "claim of a missing job with ttl=-1");
    }

    @Test
    void missingJobIsNotClaimed() {
        assertEquals(OptionalLong.empty(), worker.claim("missing", "A", 30), "claim of an id that was never enqueued");
        assertEquals(0, db.count(), "claim must not create a row");
    }

    @Test
    void doneJobIsNotClaimedEvenAfterItsLeaseEnded() {
        db.done("j", "A", 2, -5, "42");
        assertEquals(OptionalLong.empty(), worker.claim("j", "B", 30), "claim of a finished job whose lease ended 5 s ago");
        assertEquals(new Db.Row("j", "A", 0, 2, "42", true), db.row("j").timeless(), "row j after the refused claim");
    }

    @Test
    void liveLeaseIsNotClaimed() {
        db.held("j", "A", 1, 30);
        assertEquals(OptionalLong.empty(), worker.claim("j", "B", 30), "claim of a job A holds for 30 more seconds");
        assertEquals(new Db.Row("j", "A", 0, 1, null, false), db.row("j").timeless(), "row j after the refused claim");
    }

    @Test
    void liveLeaseIsNotClaimedEvenByItsOwner() {
        db.held("j", "A", 1, 30);
        assertEquals(OptionalLong.empty(), worker.claim("j", "A", 30), "A claims again the job it holds for 30 more seconds");
        assertEquals(1, db.row("j").fence(), "the fence of row j after the refused claim");
    }

    @Test
    void aLeaseHalfASecondFromItsEndStillHolds() {
        db.held("j", "A", 1, 0.5);
        assertEquals(OptionalLong.empty(), worker.claim("j", "B", 30), "claim of a job whose lease ends in 0.5 s");
    }

    @Test
    void expiredLeaseIsTakenOverWithTheNextFence() {
        db.held("j", "A", 4, -1);
        assertEquals(OptionalLong.of(5), worker.claim("j", "B", 30), "claim of a job whose lease (fence 4) ended 1 s ago");
        Db.Row row = db.row("j");
        assertEquals(new Db.Row("j", "B", 0, 5, null, false), row.timeless(), "row j after the takeover");
        assertLeft(30, row, "row j after the takeover");
    }

    @Test
    void aFractionOfASecondIsKeptAsIs() {
        db.free("j");
        assertEquals(OptionalLong.of(1), worker.claim("j", "A", 0.5), "claim with ttl=0.5");
        double left = db.row("j").left();
        assertTrue(left > 0.2 && left <= 0.51, "a 0.5 s lease must end half a second after the server's now, but it ends in " + left + " s");
    }

    @Test
    void theFenceIsTheStoredOneWhenTheClaimWrites() {
        db.free("j");
        java.util.concurrent.atomic.AtomicLong theirs = new java.util.concurrent.atomic.AtomicLong();
        Pool cut = db.pool().cuttingIn(() -> theirs.set(db.claimAndRelease("j")));
        OptionalLong mine = new Leases(cut, CLOCK).claim("j", "A", 30);
        assertTrue(mine.isPresent(), "claim of a free job (another worker claimed and released it while A was deciding)");
        assertTrue(mine.getAsLong() > theirs.get(), "another worker was handed fence " + theirs.get()
                + " between A's read and A's write, and A was handed fence " + mine.getAsLong()
                + ": a fence must come from the row as it is when the claim writes, never from an earlier read");
        assertEquals(mine.getAsLong(), db.row("j").fence(), "the fence of row j after A's claim");
    }

    @Test
    void aReleasedJobContinuesItsFence() {
        db.released("j", 3);
        assertEquals(OptionalLong.of(4), worker.claim("j", "B", 30), "claim of a released job (no owner, fence 3)");
    }

    @Test
    void fencesOfTwoWorkersAreOneSequence() {
        Leases a = new Leases(pool, CLOCK);
        Leases b = new Leases(pool, CLOCK);
        db.free("j");
        assertEquals(OptionalLong.of(1), a.claim("j", "A", 30), "worker A's claim of a free job");
        db.setLeft("j", -1);
        assertEquals(OptionalLong.of(2), b.claim("j", "B", 30),
                "worker B (another process) claims after A's lease ended: the fence comes from the row, not from B's memory");
        db.setLeft("j", -1);
        assertEquals(OptionalLong.of(3), a.claim("j", "A", 30), "worker A claims again after B's lease ended");
    }

    @Test
    @Timeout(30)
    void twoWorkersRacingForAFreeJobHaveOneWinner() throws Exception {
        for (int round = 1; round <= 3; round++) {
            race("free" + round, false, round);
        }
    }

    @Test
    @Timeout(30)
    void twoWorkersRacingForAnExpiredJobHaveOneWinner() throws Exception {
        for (int round = 1; round <= 3; round++) {
            race("expired" + round, true, round);
        }
    }

    /** Two workers claim {@code id} at once, each reading before the other writes unless a row lock keeps them apart. */
    private void race(String id, boolean expired, int round) throws Exception {
        if (expired) {
            db.held(id, "old", 7, -1);
        } else {
            db.free(id);
        }
        long next = expired ? 8 : 1;
        Pool racing = db.pool().racing(2);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            List<Future<OptionalLong>> claims = new ArrayList<>();
            for (String owner : List.of("A", "B")) {
                claims.add(threads.submit(() -> new Leases(racing, CLOCK).claim(id, owner, 30)));
            }
            OptionalLong a = claims.get(0).get();
            OptionalLong b = claims.get(1).get();
            assertTrue(a.isPresent() != b.isPresent(), "round " + round + ": two workers raced for job " + id
                    + " and exactly one must win, but A got " + a + " and B got " + b);
            String winner = a.isPresent() ? "A" : "B";
            assertEquals(OptionalLong.of(next), a.isPresent() ? a : b, "round " + round + ": the winner's fence");
            assertEquals(new Db.Row(id, winner, 0, next, null, false), db.row(id).timeless(),
                    "round " + round + ": row " + id + " after the race");
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aRefusedClaimGivesItsConnectionBackOutsideATransaction() {
        db.held("j", "A", 1, 30);
        worker.claim("j", "B", 30);
        worker.claim("missing", "B", 30);
        assertEquals("", pool.problems(), "the pool after two refused claims");
    }

    @Test
    void aGrantedClaimGivesItsConnectionBackOutsideATransaction() {
        db.free("j");
        worker.claim("j", "B", 30);
        assertEquals("", pool.problems(), "the pool after a granted claim");
    }

    @Test
    void sqlErrorsAreThrownAsIllegalStateException() {
        try (Db broken = Db.empty()) {
            Leases w = new Leases(broken.pool(), CLOCK);
            assertThrows(IllegalStateException.class, () -> w.claim("j", "A", 30), "claim on a schema without a jobs table");
        }
    }

    @Test
    void aWorkerWhoseClockRunsAnHourFastDoesNotTakeALiveLease() {
        db.held("j", "A", 1, 30);
        Leases fast = new Leases(pool, Clock.offset(CLOCK, Duration.ofHours(1)));
        assertEquals(OptionalLong.empty(), fast.claim("j", "B", 30),
                "a worker whose clock runs an hour fast claims a job A holds for 30 more seconds by the server's clock");
        assertEquals("A", db.row("j").owner(), "the owner of row j");
    }

    @Test
    void aWorkerWhoseClockRunsAnHourSlowTakesAnExpiredLease() {
        db.held("j", "A", 1, -5);
        Leases slow = new Leases(pool, Clock.offset(CLOCK, Duration.ofHours(-1)));
        assertEquals(OptionalLong.of(2), slow.claim("j", "B", 30),
                "a worker whose clock runs an hour slow claims a job whose lease ended 5 s ago by the server's clock");
    }

    @Test
    void theLeaseEndsTtlAfterTheServersNowWhateverTheWorkersClock() {
        db.free("j");
        Leases slow = new Leases(pool, Clock.offset(CLOCK, Duration.ofHours(-1)));
        assertEquals(OptionalLong.of(1), slow.claim("j", "B", 30), "a claim by a worker whose clock runs an hour slow");
        assertLeft(30, db.row("j"), "row j after that claim");
    }
}
