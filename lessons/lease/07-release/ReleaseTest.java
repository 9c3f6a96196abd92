package lease;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReleaseTest {
    @TempDir Path dir;

    private Path heldByA(long fence) {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, fence, null, 0);
        return db;
    }

    @Test
    void currentOwnerGivesTheLeaseBack() {
        Path db = heldByA(3);
        assertTrue(Jobs.release(db, "j", "A", 3), "release by A with fence 3");
        Db.Row row = Db.row(db, "j");
        assertNull(row.owner(), "owner after release");
        assertEquals(0.0, row.until(), "until after release");
        assertEquals(0, row.done(), "done after release");
    }

    @Test
    void releaseKeepsTheFence() {
        Path db = heldByA(3);
        assertTrue(Jobs.release(db, "j", "A", 3), "release by A with fence 3");
        assertEquals(3, Db.row(db, "j").fence(), "fence after release must stay 3");
    }

    @Test
    void nextClaimAfterReleaseGetsANewerFence() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        assertEquals(OptionalLong.of(1), Jobs.claim(db, "j", "A", 0.0, 10.0), "A's claim (setup)");
        assertTrue(Jobs.release(db, "j", "A", 1), "A releases");
        assertEquals(OptionalLong.of(2), Jobs.claim(db, "j", "B", 1.0, 10.0), "B claims after the release");
        assertFalse(Jobs.complete(db, "j", "A", 1, 2.0, "from-A"), "A's old fence after the release and a new claim");
    }

    @Test
    void otherOwnerCannotRelease() {
        Path db = heldByA(3);
        assertFalse(Jobs.release(db, "j", "B", 3), "release by B with A's fence");
        assertEquals(new Db.Row("j", "A", 15.0, 3, null, 0), Db.row(db, "j"), "row j after the refused release");
    }

    @Test
    void staleFenceCannotRelease() {
        Path db = heldByA(3);
        assertFalse(Jobs.release(db, "j", "A", 2), "release by A with an old fence 2 (the lease is generation 3)");
        assertEquals(new Db.Row("j", "A", 15.0, 3, null, 0), Db.row(db, "j"), "row j after the refused release");
    }

    @Test
    void finishedJobCannotBeReleased() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 3, "42", 1);
        assertFalse(Jobs.release(db, "j", "A", 3), "release of a finished job by its last owner");
        assertEquals(new Db.Row("j", "A", 15.0, 3, "42", 1), Db.row(db, "j"), "row j after the refused release");
    }

    @Test
    void missingJobCannotBeReleased() {
        Path db = Db.fresh(dir);
        assertFalse(Jobs.release(db, "missing", "A", 1), "release of an id that was never enqueued");
        assertEquals(0, Db.count(db), "release must not create a row");
    }

    @Test
    void releaseOnlyTouchesItsOwnJob() {
        Path db = heldByA(3);
        Db.insert(db, "k", "A", 15.0, 3, null, 0);
        assertTrue(Jobs.release(db, "j", "A", 3), "release of j");
        assertEquals(new Db.Row("k", "A", 15.0, 3, null, 0), Db.row(db, "k"), "row k is not touched");
    }

    @Test
    void aNewGenerationCommittedMidCallIsRespected() throws Exception {
        Path db = Db.freshWal(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        boolean released = Db.landingMidCall(db, () -> Jobs.release(db, "j", "A", 1),
                "UPDATE jobs SET owner = 'B', until = 30.0, fence = 2 WHERE id = 'j'");
        assertFalse(released, "release by A (fence 1) while B's claim with fence 2 lands between A's look and A's write");
        assertEquals(new Db.Row("j", "B", 30.0, 2, null, 0), Db.row(db, "j"), "row j keeps B's lease");
    }

    /** The contract of release as a model: what it returns and the row it leaves. */
    @Test
    void agreesWithTheContractOnRandomRows() throws Exception {
        Prop.check(dir, 7, 12, Prop.JobCase::draw, Prop.JobCase::simpler, (c, t) -> {
            List<Db.Row> before = c.setUp(t);
            Prop.Got got = Prop.call(() -> Jobs.release(t.db, "j", c.owner(), c.fence()));
            List<Db.Row> after = t.rows();
            Prop.Got want;
            Db.Row j = c.j();
            if (j != null && c.owner().equals(j.owner()) && c.fence() == j.fence() && j.done() == 0) {
                want = Prop.Got.of(true);
                j = new Db.Row("j", null, 0.0, j.fence(), j.result(), j.done());
            } else {
                want = Prop.Got.of(false);
            }
            return Prop.differs(before, "release(db, \"j\", \"" + c.owner() + "\", fence=" + c.fence() + ")", got, after, want, j);
        });
    }

    @Test
    void sqlErrorsAreThrownAsIllegalStateException() {
        Path db = dir.resolve("no-table.db");
        assertThrows(IllegalStateException.class, () -> Jobs.release(db, "j", "A", 1),
                "release on a database without a jobs table: the SQL error must come out as an IllegalStateException, not be hidden");
    }
}
