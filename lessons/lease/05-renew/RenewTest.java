package lease;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RenewTest {
    @TempDir Path dir;

    private Path heldByA() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        return db;
    }

    @Test
    void currentOwnerExtendsItsLease() {
        Path db = heldByA();
        assertTrue(Jobs.renew(db, "j", "A", 1, 12.0, 10.0), "renew by A with fence 1 at now=12 (lease until 15)");
        assertEquals(new Db.Row("j", "A", 22.0, 1, null, 0), Db.row(db, "j"), "row j after the renew");
    }

    @Test
    void untilBecomesExactlyNowPlusTtl() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 100.0, 1, null, 0);
        assertTrue(Jobs.renew(db, "j", "A", 1, 10.0, 5.0), "renew at now=10, ttl=5 of a lease until 100");
        assertEquals(15.0, Db.row(db, "j").until(), "until after renew must be now + ttl");
    }

    @Test
    void zeroTtlIsRejected() {
        Path db = heldByA();
        assertThrows(IllegalArgumentException.class, () -> Jobs.renew(db, "j", "A", 1, 12.0, 0.0), "renew with ttl=0");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after a rejected renew");
    }

    @Test
    void negativeTtlIsRejected() {
        Path db = heldByA();
        assertThrows(IllegalArgumentException.class, () -> Jobs.renew(db, "j", "A", 1, 12.0, -3.0), "renew with ttl=-3");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after a rejected renew");
    }

    @Test
    void otherOwnerCannotRenew() {
        Path db = heldByA();
        assertFalse(Jobs.renew(db, "j", "B", 1, 12.0, 10.0), "renew by B with A's fence");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after the refused renew");
    }

    @Test
    void staleFenceCannotRenew() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 2, null, 0);
        assertFalse(Jobs.renew(db, "j", "A", 1, 12.0, 10.0), "renew by A with its old fence 1 (the lease is generation 2)");
        assertEquals(new Db.Row("j", "A", 15.0, 2, null, 0), Db.row(db, "j"), "row j after the refused renew");
    }

    @Test
    void futureFenceCannotRenew() {
        Path db = heldByA();
        assertFalse(Jobs.renew(db, "j", "A", 2, 12.0, 10.0), "renew by A with fence 2 (the lease is generation 1)");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after the refused renew");
    }

    @Test
    void expiredLeaseCannotBeRenewed() {
        Path db = heldByA();
        assertFalse(Jobs.renew(db, "j", "A", 1, 16.0, 10.0), "renew by A at now=16 after its lease ran out at 15");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after the refused renew");
    }

    @Test
    void leaseAtItsExpiryInstantCannotBeRenewed() {
        Path db = heldByA();
        assertFalse(Jobs.renew(db, "j", "A", 1, 15.0, 10.0), "renew by A at now == until == 15");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after the refused renew");
    }

    @Test
    void doneJobCannotBeRenewed() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, "42", 1);
        assertFalse(Jobs.renew(db, "j", "A", 1, 12.0, 10.0), "renew of a finished job by its last owner");
        assertEquals(new Db.Row("j", "A", 15.0, 1, "42", 1), Db.row(db, "j"), "row j after the refused renew");
    }

    @Test
    void missingJobCannotBeRenewed() {
        Path db = Db.fresh(dir);
        assertFalse(Jobs.renew(db, "missing", "A", 1, 12.0, 10.0), "renew of an id that was never enqueued");
        assertEquals(0, Db.count(db), "renew must not create a row");
    }

    @Test
    void releasedJobCannotBeRenewed() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 1, null, 0);
        assertFalse(Jobs.renew(db, "j", "A", 1, 12.0, 10.0), "renew of a job nobody holds");
        assertEquals(new Db.Row("j", null, 0.0, 1, null, 0), Db.row(db, "j"), "row j after the refused renew");
    }

    @Test
    void badTtlIsRejectedBeforeAnythingElse() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        assertThrows(IllegalArgumentException.class, () -> Jobs.renew(db, "missing", "A", 1, 12.0, 0.0), "renew of a missing job with ttl=0");
        assertThrows(IllegalArgumentException.class, () -> Jobs.renew(db, "j", "B", 9, 12.0, -1.0), "renew by another owner with ttl=-1");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after the rejected calls");
    }

    @Test
    void renewOnlyTouchesItsOwnJob() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        Db.insert(db, "k", "A", 15.0, 1, null, 0);
        assertTrue(Jobs.renew(db, "j", "A", 1, 12.0, 10.0), "renew of j by A with fence 1");
        assertEquals(new Db.Row("k", "A", 15.0, 1, null, 0), Db.row(db, "k"), "row k, held by the same owner with the same fence, is not touched");
    }

    @Test
    void epochSecondsAreComparedAndStoredExactly() {
        Path db = Db.fresh(dir);
        double until = 1.7e9 + 0.5;
        Db.insert(db, "j", "A", until, 1, null, 0);
        Db.insert(db, "k", "A", until, 1, null, 0);
        assertFalse(Jobs.renew(db, "k", "A", 1, 1.7e9 + 0.6, 5.0), "renew of k 0.1 s after its lease ended at 1.7e9 + 0.5");
        double now = 1.7e9 + 0.4;
        assertTrue(Jobs.renew(db, "j", "A", 1, now, 0.3), "renew of j 0.1 s before its lease ends at 1.7e9 + 0.5");
        assertEquals(new Db.Row("j", "A", now + 0.3, 1, null, 0), Db.row(db, "j"), "until must be exactly now + ttl (a float loses it)");
    }

    @Test
    void aNewGenerationCommittedMidCallIsRespected() throws Exception {
        Path db = Db.freshWal(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        boolean renewed = Db.landingMidCall(db, () -> Jobs.renew(db, "j", "A", 1, 12.0, 10.0),
                "UPDATE jobs SET owner = 'B', until = 30.0, fence = 2 WHERE id = 'j'");
        assertFalse(renewed, "renew by A (fence 1) while B's claim with fence 2 lands between A's look and A's write");
        assertEquals(new Db.Row("j", "B", 30.0, 2, null, 0), Db.row(db, "j"), "row j keeps B's generation");
    }

    /** The contract of renew as a model: what it returns and the row it leaves. */
    @Test
    void agreesWithTheContractOnRandomRows() throws Exception {
        Prop.check(dir, 5, 12, Prop.JobCase::draw, Prop.JobCase::simpler, (c, t) -> {
            List<Db.Row> before = c.setUp(t);
            Prop.Got got = Prop.call(() -> Jobs.renew(t.db, "j", c.owner(), c.fence(), c.now(), c.ttl()));
            List<Db.Row> after = t.rows();
            Prop.Got want;
            Db.Row j = c.j();
            if (!(c.ttl() > 0)) {
                want = Prop.Got.threw(IllegalArgumentException.class);
            } else if (j != null && c.owner().equals(j.owner()) && c.fence() == j.fence() && j.done() == 0
                    && j.until() > c.now()) {
                want = Prop.Got.of(true);
                j = new Db.Row("j", j.owner(), c.now() + c.ttl(), j.fence(), j.result(), j.done());
            } else {
                want = Prop.Got.of(false);
            }
            return Prop.differs(before, "renew(db, \"j\", \"" + c.owner() + "\", fence=" + c.fence() + ", now=" + c.now() + ", ttl=" + c.ttl() + ")", got, after, want, j);
        });
    }

    @Test
    void sqlErrorsAreThrownAsIllegalStateException() {
        Path db = dir.resolve("no-table.db");
        assertThrows(IllegalStateException.class, () -> Jobs.renew(db, "j", "A", 1, 10.0, 5.0),
                "renew on a database without a jobs table: the SQL error must come out as an IllegalStateException, not be hidden");
    }
}
