package pgqueue;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Clock;
import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FencedWritesTest {
    private static final Clock CLOCK = Clock.systemUTC();
    private final Db db = Db.fresh();
    private final Pool pool = db.pool();
    private final Leases worker = new Leases(pool, CLOCK);

    @AfterEach
    void closeConnections() {
        db.close();
    }

    @Test
    void completeStoresTheResultOfALiveLease() {
        db.held("j", "A", 3, 30);
        assertTrue(worker.complete("j", "A", 3, "42"), "complete(\"j\", \"A\", fence=3, \"42\") while A's lease is live");
        assertEquals(new Db.Row("j", "A", 0, 3, "42", true), db.row("j").timeless(), "row j after the complete");
    }

    @Test
    void renewMovesTheEndOfALiveLease() {
        db.held("j", "A", 3, 5);
        assertTrue(worker.renew("j", "A", 3, 30), "renew(\"j\", \"A\", fence=3, ttl=30) with 5 s left");
        double left = db.row("j").left();
        assertTrue(left > 28.5 && left <= 30.01, "after the renewal the lease must end 30 s after the server's now, but ends in " + left + " s");
    }

    @Test
    void releaseFreesTheJob() {
        db.held("j", "A", 3, 30);
        assertTrue(worker.release("j", "A", 3), "release(\"j\", \"A\", fence=3)");
        assertNull(db.row("j").owner(), "the owner of row j after the release");
    }

    @Test
    void aReleasedJobCanBeClaimedAtOnceWithTheNextFence() {
        db.held("j", "A", 3, 30);
        assertTrue(worker.release("j", "A", 3), "release(\"j\", \"A\", fence=3)");
        Db.Row row = db.row("j");
        assertEquals(new Db.Row("j", null, 0, 3, null, false), row.timeless(), "row j after the release");
        assertTrue(Double.isNaN(row.left()), "after a release until must be -infinity, but the lease ends in " + row.left() + " s");
        assertEquals(OptionalLong.of(4), worker.claim("j", "B", 30), "a claim right after the release");
    }

    @Test
    void theLateCompleteOfAStalledWorkerIsRefused() {
        Leases a = new Leases(pool, CLOCK);
        Leases b = new Leases(pool, CLOCK);
        db.free("j");
        long fenceA = a.claim("j", "A", 30).orElseThrow();
        db.setLeft("j", -1); // A is frozen past its lease
        long fenceB = b.claim("j", "B", 30).orElseThrow();
        assertTrue(b.complete("j", "B", fenceB, "B's result"), "B completes the job it claimed");
        assertFalse(a.complete("j", "A", fenceA, "A's result"), "A wakes up and completes with its old fence");
        assertEquals("B's result", db.row("j").result(), "the result of row j");
    }

    @Test
    void aRestartedWorkerUnderTheSameNameDoesNotLetTheOldFenceComplete() {
        db.held("j", "A", 5, 30); // A restarted and claimed again: fence 5; the old A still holds fence 4
        assertFalse(worker.complete("j", "A", 4, "old"), "complete by owner A with the old fence 4 (the row has fence 5)");
        assertEquals(new Db.Row("j", "A", 0, 5, null, false), db.row("j").timeless(), "row j after the refused complete");
    }

    @Test
    void aRestartedWorkerUnderTheSameNameDoesNotLetTheOldFenceRenew() {
        db.held("j", "A", 5, 10);
        assertFalse(worker.renew("j", "A", 4, 60), "renew by owner A with the old fence 4 (the row has fence 5)");
        assertTrue(db.row("j").left() < 10.01, "the lease must not move after a refused renew");
    }

    @Test
    void aRestartedWorkerUnderTheSameNameDoesNotLetTheOldFenceRelease() {
        db.held("j", "A", 5, 30);
        assertFalse(worker.release("j", "A", 4), "release by owner A with the old fence 4 (the row has fence 5)");
        assertEquals("A", db.row("j").owner(), "the owner of row j after the refused release");
    }

    @Test
    void aRenewStalledBetweenItsReadAndItsWriteDoesNotExtendTheLeaseAnotherWorkerTook() {
        db.held("j", "A", 1, 5);
        Pool cut = db.pool().cuttingIn(() -> db.exec(
                "UPDATE jobs SET owner = 'B', fence = fence + 1, until = now() + interval '30 seconds' WHERE id = 'j'"));
        new Leases(cut, CLOCK).renew("j", "A", 1, 120);
        Db.Row row = db.row("j");
        assertFalse("B".equals(row.owner()) && row.left() > 60, "B took the job while A's renew was between its read and "
                + "its write, and A's renew then moved B's lease to " + row.left() + " s: renew must be one conditional UPDATE");
    }

    @Test
    void aCompleteStalledBetweenItsReadAndItsWriteDoesNotFinishTheJobAnotherWorkerTook() {
        db.held("j", "A", 1, 30);
        Pool cut = db.pool().cuttingIn(() -> db.exec(
                "UPDATE jobs SET owner = 'B', fence = fence + 1, until = now() + interval '30 seconds' WHERE id = 'j'"));
        new Leases(cut, CLOCK).complete("j", "A", 1, "A's");
        Db.Row row = db.row("j");
        assertFalse("B".equals(row.owner()) && row.done(), "B took the job while A's complete was between its read and its "
                + "write, and A's complete then finished B's job with A's result: complete must be one conditional UPDATE");
    }

    @Test
    void anotherOwnerWithTheRightFenceIsRefused() {
        db.held("j", "A", 3, 30);
        assertFalse(worker.complete("j", "B", 3, "x"), "complete by B with A's fence");
        assertFalse(worker.renew("j", "B", 3, 30), "renew by B with A's fence");
        assertFalse(worker.release("j", "B", 3), "release by B with A's fence");
        assertEquals(new Db.Row("j", "A", 0, 3, null, false), db.row("j").timeless(), "row j after three refused calls");
    }

    @Test
    void completeAfterTheLeaseEndedIsRefused() {
        db.held("j", "A", 3, -1);
        assertFalse(worker.complete("j", "A", 3, "late"), "complete 1 s after A's lease ended (nobody claimed it since)");
        assertEquals(new Db.Row("j", "A", 0, 3, null, false), db.row("j").timeless(), "row j after the refused complete");
    }

    @Test
    void renewAfterTheLeaseEndedIsRefused() {
        db.held("j", "A", 3, -1);
        assertFalse(worker.renew("j", "A", 3, 30), "renew 1 s after A's lease ended: a lease that ended cannot be revived");
        assertTrue(db.row("j").left() < 0, "the lease must stay ended after a refused renew");
    }

    @Test
    void releaseWorksAfterTheLeaseEndedToo() {
        db.held("j", "A", 3, -1);
        assertTrue(worker.release("j", "A", 3), "release 1 s after A's lease ended, nobody having claimed it");
        assertNull(db.row("j").owner(), "the owner of row j after the release");
    }

    @Test
    void aDoneJobIsNeverWrittenAgain() {
        db.done("j", "A", 3, 30, "42");
        assertFalse(worker.complete("j", "A", 3, "43"), "a second complete of a finished job");
        assertFalse(worker.renew("j", "A", 3, 30), "renew of a finished job");
        assertFalse(worker.release("j", "A", 3), "release of a finished job");
        assertEquals(new Db.Row("j", "A", 0, 3, "42", true), db.row("j").timeless(), "row j after three refused calls");
    }

    @Test
    void renewRejectsABadTtl() {
        db.held("j", "A", 3, 30);
        assertThrows(IllegalArgumentException.class, () -> worker.renew("j", "A", 3, 0), "renew with ttl=0");
    }

    @Test
    void aWorkerWhoseClockRunsSlowCannotCompleteAfterTheServerEndedItsLease() {
        db.held("j", "A", 3, -1);
        Leases slow = new Leases(pool, Clock.offset(CLOCK, Duration.ofHours(-1)));
        assertFalse(slow.complete("j", "A", 3, "late"),
                "complete by a worker whose clock runs an hour slow, 1 s after the lease ended by the server's clock");
    }

    @Test
    void aWorkerWhoseClockRunsSlowCannotRenewAfterTheServerEndedItsLease() {
        db.held("j", "A", 3, -1);
        Leases slow = new Leases(pool, Clock.offset(CLOCK, Duration.ofHours(-1)));
        assertFalse(slow.renew("j", "A", 3, 30),
                "renew by a worker whose clock runs an hour slow, 1 s after the lease ended by the server's clock");
    }

    @Test
    void aRenewalEndsTtlAfterTheServersNowWhateverTheWorkersClock() {
        db.held("j", "A", 3, 5);
        Leases fast = new Leases(pool, Clock.offset(CLOCK, Duration.ofHours(1)));
        assertTrue(fast.renew("j", "A", 3, 30), "renew by a worker whose clock runs an hour fast");
        double left = db.row("j").left();
        assertTrue(left > 28.5 && left <= 30.01, "the renewed lease must end 30 s after the server's now, but ends in " + left + " s");
    }

    @Test
    void everyConnectionGoesBackClosedAndOutsideATransaction() {
        db.held("j", "A", 3, 30);
        worker.renew("j", "A", 3, 30);
        worker.complete("j", "B", 3, "x");
        worker.complete("j", "A", 3, "42");
        worker.release("j", "A", 3);
        assertEquals("", pool.problems(), "the pool after renew, complete and release");
    }

    @Test
    void sqlErrorsAreThrownAsIllegalStateException() {
        try (Db broken = Db.empty()) {
            Leases w = new Leases(broken.pool(), CLOCK);
            assertThrows(IllegalStateException.class, () -> w.complete("j", "A", 1, "x"), "complete on a schema without a jobs table");
            assertThrows(IllegalStateException.class, () -> w.renew("j", "A", 1, 30), "renew on a schema without a jobs table");
            assertThrows(IllegalStateException.class, () -> w.release("j", "A", 1), "release on a schema without a jobs table");
        }
    }
}
