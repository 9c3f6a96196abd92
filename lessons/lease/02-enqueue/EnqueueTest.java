package lease;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnqueueTest {
    @TempDir Path dir;

    @Test
    void newIdIsInsertedInTheDefaultState() {
        Path db = Db.fresh(dir);
        assertTrue(Jobs.enqueue(db, "j"), "enqueue(db, \"j\") on an empty table");
        assertEquals(new Db.Row("j", null, 0.0, 0, null, 0), Db.row(db, "j"), "row j after enqueue");
    }

    @Test
    void existingIdReturnsFalse() {
        Path db = Db.fresh(dir);
        Jobs.enqueue(db, "j");
        assertFalse(Jobs.enqueue(db, "j"), "enqueue(db, \"j\") a second time");
        assertEquals(1, Db.count(db), "number of rows after enqueueing j twice");
    }

    @Test
    void reEnqueueKeepsALiveLease() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 30.0, 4, null, 0);
        assertFalse(Jobs.enqueue(db, "j"), "enqueue of a job that is held by A");
        assertEquals(new Db.Row("j", "A", 30.0, 4, null, 0), Db.row(db, "j"), "row j after re-enqueue");
    }

    @Test
    void reEnqueueKeepsAFinishedResult() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 2, "42", 1);
        assertFalse(Jobs.enqueue(db, "j"), "enqueue of a job that is done");
        assertEquals(new Db.Row("j", null, 0.0, 2, "42", 1), Db.row(db, "j"), "row j after re-enqueue");
    }

    @Test
    void differentIdsAreIndependent() {
        Path db = Db.fresh(dir);
        Db.insert(db, "a", "A", 9.0, 1, null, 0);
        assertTrue(Jobs.enqueue(db, "b"), "enqueue(db, \"b\") while a exists");
        assertEquals(new Db.Row("b", null, 0.0, 0, null, 0), Db.row(db, "b"), "row b");
        assertEquals(new Db.Row("a", "A", 9.0, 1, null, 0), Db.row(db, "a"), "row a is not touched");
    }

    @Test
    void aRowCommittedBetweenTheCheckAndTheInsertIsKept() throws Exception {
        Path db = Db.freshWal(dir);
        boolean added = Db.landingMidCall(db, () -> Jobs.enqueue(db, "j"),
                "INSERT INTO jobs(id, owner, until, fence) VALUES ('j', 'B', 20.0, 3)");
        assertFalse(added, "enqueue(db, \"j\") while another worker's insert of j lands between its look and its write");
        assertEquals(new Db.Row("j", "B", 20.0, 3, null, 0), Db.row(db, "j"), "row j keeps the other worker's lease");
    }

    /** The contract of enqueue as a model: what it returns and the rows it leaves. */
    @Test
    void agreesWithTheContractOnRandomRows() throws Exception {
        Prop.check(dir, 2, 12, Prop.JobCase::draw, Prop.JobCase::simpler, (c, t) -> {
            List<Db.Row> before = c.setUp(t);
            Prop.Got got = Prop.call(() -> Jobs.enqueue(t.db, "j"));
            List<Db.Row> after = t.rows();
            Prop.Got want = Prop.Got.of(c.j() == null);
            Db.Row j = c.j() == null ? new Db.Row("j", null, 0.0, 0, null, 0) : c.j();
            return Prop.differs(before, "enqueue(db, \"j\")", got, after, want, j);
        });
    }

    @Test
    void sqlErrorsAreThrownAsIllegalStateException() {
        Path db = dir.resolve("no-table.db");
        assertThrows(IllegalStateException.class, () -> Jobs.enqueue(db, "j"),
                "enqueue on a database without a jobs table: the SQL error must come out as an IllegalStateException, not be hidden");
    }
}
