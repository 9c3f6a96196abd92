package lease;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompleteTest {
    @TempDir Path dir;

    private Path heldByA() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        return db;
    }

    @Test
    void currentLeaseStoresTheResult() {
        Path db = heldByA();
        assertTrue(Jobs.complete(db, "j", "A", 1, 12.0, "42"), "complete by A with fence 1 at now=12 (lease until 15)");
        Db.Row row = Db.row(db, "j");
        assertEquals("42", row.result(), "stored result");
        assertEquals(1, row.done(), "done after complete");
        assertEquals(1, row.fence(), "complete must not change the fence");
    }

    @Test
    void theResultIsStoredExactlyAsGiven() {
        Path db = heldByA();
        String result = "  첫 줄\n second line\t ";
        assertTrue(Jobs.complete(db, "j", "A", 1, 12.0, result), "complete by A with fence 1 at now=12, a result with spaces and a newline");
        assertEquals(quoted(result), quoted(Db.row(db, "j").result()), "stored result, character for character");
    }

    /** The text in quotes, with its newlines and tabs written out, so a message shows what changed. */
    private static String quoted(String s) {
        return s == null ? "null" : "\"" + s.replace("\n", "\\n").replace("\t", "\\t") + "\"";
    }

    @Test
    void lateWorkerWithAnOldFenceIsRefused() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        OptionalLong a = Jobs.claim(db, "j", "A", 0.0, 10.0);
        OptionalLong b = Jobs.claim(db, "j", "B", 10.0, 10.0);
        assertEquals(OptionalLong.of(1), a, "A's claim (setup)");
        assertEquals(OptionalLong.of(2), b, "B's claim after A expired (setup)");
        assertTrue(Jobs.complete(db, "j", "B", 2, 12.0, "from-B"), "B completes with fence 2");
        assertFalse(Jobs.complete(db, "j", "A", 1, 13.0, "from-A"), "A comes back late and completes with fence 1");
        assertEquals("from-B", Db.row(db, "j").result(), "the stored result after A's late complete");
    }

    @Test
    void oldFenceIsRefusedEvenBeforeTheNewOwnerFinishes() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "B", 20.0, 2, null, 0);
        assertFalse(Jobs.complete(db, "j", "A", 1, 12.0, "from-A"), "complete by A with fence 1 while B holds generation 2");
        assertEquals(new Db.Row("j", "B", 20.0, 2, null, 0), Db.row(db, "j"), "row j after the refused complete");
    }

    @Test
    void sameOwnerWithAnOldFenceIsRefused() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 20.0, 2, null, 0);
        assertFalse(Jobs.complete(db, "j", "A", 1, 12.0, "old"), "A completes with its previous fence 1 (the lease is generation 2)");
        assertEquals(new Db.Row("j", "A", 20.0, 2, null, 0), Db.row(db, "j"), "row j after the refused complete");
    }

    @Test
    void otherOwnerIsRefused() {
        Path db = heldByA();
        assertFalse(Jobs.complete(db, "j", "B", 1, 12.0, "from-B"), "complete by B with A's fence");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after the refused complete");
    }

    @Test
    void expiredLeaseIsRefused() {
        Path db = heldByA();
        assertFalse(Jobs.complete(db, "j", "A", 1, 16.0, "late"), "complete by A at now=16 after its lease ran out at 15");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after the refused complete");
    }

    @Test
    void leaseAtItsExpiryInstantIsRefused() {
        Path db = heldByA();
        assertFalse(Jobs.complete(db, "j", "A", 1, 15.0, "late"), "complete by A at now == until == 15");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after the refused complete");
    }

    @Test
    void finishedJobKeepsItsFirstResult() {
        Path db = heldByA();
        assertTrue(Jobs.complete(db, "j", "A", 1, 12.0, "first"), "first complete (setup)");
        assertFalse(Jobs.complete(db, "j", "A", 1, 13.0, "second"), "a second complete of a finished job, same owner and fence");
        Db.Row row = Db.row(db, "j");
        assertEquals("first", row.result(), "the stored result after the second complete");
        assertEquals(1, row.done(), "done after the second complete");
    }

    @Test
    void finishedJobIsRefusedEvenWithALiveLease() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, "first", 1);
        assertFalse(Jobs.complete(db, "j", "A", 1, 12.0, "second"), "complete of a job that is already done");
        assertEquals(new Db.Row("j", "A", 15.0, 1, "first", 1), Db.row(db, "j"), "row j after the refused complete");
    }

    @Test
    void missingJobIsRefused() {
        Path db = Db.fresh(dir);
        assertFalse(Jobs.complete(db, "missing", "A", 1, 12.0, "x"), "complete of an id that was never enqueued");
        assertEquals(0, Db.count(db), "complete must not create a row");
    }

    @Test
    void releasedJobIsRefused() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 1, null, 0);
        assertFalse(Jobs.complete(db, "j", "A", 1, 12.0, "x"), "complete of a job nobody holds (released after fence 1)");
        assertEquals(new Db.Row("j", null, 0.0, 1, null, 0), Db.row(db, "j"), "row j after the refused complete");
    }

    @Test
    void completeStoresOnlyResultAndDone() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        assertTrue(Jobs.complete(db, "j", "A", 1, 12.0, "42"), "complete by A with fence 1 at now=12");
        assertEquals(new Db.Row("j", "A", 15.0, 1, "42", 1), Db.row(db, "j"), "row j: owner, until and fence stay as they were");
    }

    @Test
    void completeOnlyTouchesItsOwnJob() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        Db.insert(db, "k", "A", 15.0, 1, null, 0);
        assertTrue(Jobs.complete(db, "j", "A", 1, 12.0, "42"), "complete of j by A with fence 1");
        assertEquals(new Db.Row("k", "A", 15.0, 1, null, 0), Db.row(db, "k"), "row k, held by the same owner with the same fence, is not touched");
    }

    @Test
    void epochSecondsAreComparedExactly() {
        Path db = Db.fresh(dir);
        double until = 1.7e9 + 0.5;
        Db.insert(db, "j", "A", until, 1, null, 0);
        assertFalse(Jobs.complete(db, "j", "A", 1, 1.7e9 + 0.6, "late"), "complete 0.1 s after the lease ended at 1.7e9 + 0.5");
        assertTrue(Jobs.complete(db, "j", "A", 1, 1.7e9 + 0.4, "42"), "complete 0.1 s before the lease ends at 1.7e9 + 0.5");
        assertEquals(new Db.Row("j", "A", until, 1, "42", 1), Db.row(db, "j"), "row j after the complete");
    }

    @Test
    void aNewGenerationCommittedMidCallIsRespected() throws Exception {
        Path db = Db.freshWal(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        boolean completed = Db.landingMidCall(db, () -> Jobs.complete(db, "j", "A", 1, 12.0, "from-A"),
                "UPDATE jobs SET owner = 'B', until = 30.0, fence = 2 WHERE id = 'j'");
        assertFalse(completed, "complete by A (fence 1) while B's claim with fence 2 lands between A's look and A's write");
        assertEquals(new Db.Row("j", "B", 30.0, 2, null, 0), Db.row(db, "j"), "row j keeps B's generation and no result");
    }

    /** The contract of complete as a model: what it returns and the row it leaves. */
    @Test
    void agreesWithTheContractOnRandomRows() throws Exception {
        Prop.check(dir, 6, 12, Prop.JobCase::draw, Prop.JobCase::simpler, (c, t) -> {
            List<Db.Row> before = c.setUp(t);
            Prop.Got got = Prop.call(() -> Jobs.complete(t.db, "j", c.owner(), c.fence(), c.now(), c.result()));
            List<Db.Row> after = t.rows();
            Prop.Got want;
            Db.Row j = c.j();
            if (j != null && c.owner().equals(j.owner()) && c.fence() == j.fence() && j.done() == 0 && j.until() > c.now()) {
                want = Prop.Got.of(true);
                j = new Db.Row("j", j.owner(), j.until(), j.fence(), c.result(), 1);
            } else {
                want = Prop.Got.of(false);
            }
            return Prop.differs(before, "complete(db, \"j\", \"" + c.owner() + "\", fence=" + c.fence() + ", now=" + c.now() + ", \"" + c.result() + "\")", got, after, want, j);
        });
    }

    @Test
    void sqlErrorsAreThrownAsIllegalStateException() {
        Path db = dir.resolve("no-table.db");
        assertThrows(IllegalStateException.class, () -> Jobs.complete(db, "j", "A", 1, 10.0, "42"),
                "complete on a database without a jobs table: the SQL error must come out as an IllegalStateException, not be hidden");
    }

    @Test
    void aLargerFenceIsRefused() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        assertFalse(Jobs.complete(db, "j", "A", 2, 12.0, "ahead"), "complete by A with fence 2 (the lease is generation 1)");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after the refused complete");
    }
}
