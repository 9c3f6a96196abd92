package lease;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
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
}
