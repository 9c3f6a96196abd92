package lease;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaimTest {
    @TempDir Path dir;

    @Test
    void freeJobIsClaimedWithFenceOne() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        assertEquals(OptionalLong.of(1), Jobs.claim(db, "j", "A", 10.0, 5.0), "claim(db, \"j\", \"A\", now=10, ttl=5) on a free job");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after the claim");
    }

    @Test
    void zeroTtlIsRejected() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        assertThrows(IllegalArgumentException.class, () -> Jobs.claim(db, "j", "A", 10.0, 0.0), "claim with ttl=0");
        assertEquals(new Db.Row("j", null, 0.0, 0, null, 0), Db.row(db, "j"), "row j after a rejected claim");
    }

    @Test
    void negativeTtlIsRejected() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        assertThrows(IllegalArgumentException.class, () -> Jobs.claim(db, "j", "A", 10.0, -1.0), "claim with ttl=-1");
        assertEquals(new Db.Row("j", null, 0.0, 0, null, 0), Db.row(db, "j"), "row j after a rejected claim");
    }

    @Test
    void badTtlIsRejectedEvenForAMissingJob() {
        Path db = Db.fresh(dir);
        assertThrows(IllegalArgumentException.class, () -> Jobs.claim(db, "missing", "A", 10.0, 0.0), "claim of a missing job with ttl=0");
    }

    @Test
    void missingJobIsNotClaimed() {
        Path db = Db.fresh(dir);
        assertEquals(OptionalLong.empty(), Jobs.claim(db, "missing", "A", 10.0, 5.0), "claim of an id that was never enqueued");
        assertEquals(0, Db.count(db), "claim must not create a row");
    }

    @Test
    void doneJobIsNotClaimed() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 2, "42", 1);
        assertEquals(OptionalLong.empty(), Jobs.claim(db, "j", "A", 10.0, 5.0), "claim of a finished job");
        assertEquals(new Db.Row("j", null, 0.0, 2, "42", 1), Db.row(db, "j"), "row j after the refused claim");
    }

    @Test
    void doneJobWithAnExpiredLeaseIsNotClaimed() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 5.0, 1, "42", 1);
        assertEquals(OptionalLong.empty(), Jobs.claim(db, "j", "B", 10.0, 5.0), "claim of a finished job whose lease has run out");
        assertEquals(new Db.Row("j", "A", 5.0, 1, "42", 1), Db.row(db, "j"), "row j after the refused claim");
    }

    @Test
    void heldJobIsNotClaimed() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        assertEquals(OptionalLong.empty(), Jobs.claim(db, "j", "B", 14.0, 5.0), "claim by B at now=14 while A holds until 15");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after the refused claim");
    }

    @Test
    void heldJobIsNotClaimedEvenByItsOwner() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        assertEquals(OptionalLong.empty(), Jobs.claim(db, "j", "A", 14.0, 5.0), "claim by A at now=14 while A itself holds until 15");
        assertEquals(new Db.Row("j", "A", 15.0, 1, null, 0), Db.row(db, "j"), "row j after the refused claim");
    }

    @Test
    void expiryInstantIsClaimable() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        assertEquals(OptionalLong.of(2), Jobs.claim(db, "j", "B", 15.0, 5.0), "claim by B at now == until == 15");
        assertEquals(new Db.Row("j", "B", 20.0, 2, null, 0), Db.row(db, "j"), "row j after the claim at the boundary");
    }

    @Test
    void expiredLeaseIsTakenOverWithTheNextFence() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        assertEquals(OptionalLong.of(2), Jobs.claim(db, "j", "B", 16.0, 10.0), "claim by B at now=16 after A's lease ran out at 15");
        assertEquals(new Db.Row("j", "B", 26.0, 2, null, 0), Db.row(db, "j"), "row j after B took over");
    }

    @Test
    void fenceGrowsFromTheStoredValue() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 7, null, 0);
        assertEquals(OptionalLong.of(8), Jobs.claim(db, "j", "A", 1.0, 1.0), "claim of a released job whose fence is 7");
        assertEquals(8, Db.row(db, "j").fence(), "stored fence after the claim");
    }

    @Test
    void everyClaimGetsANewFence() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        assertEquals(OptionalLong.of(1), Jobs.claim(db, "j", "A", 0.0, 1.0), "first claim");
        assertEquals(OptionalLong.of(2), Jobs.claim(db, "j", "B", 1.0, 1.0), "second claim at A's expiry");
        assertEquals(OptionalLong.of(3), Jobs.claim(db, "j", "A", 2.5, 1.0), "third claim after B's expiry");
        assertEquals(new Db.Row("j", "A", 3.5, 3, null, 0), Db.row(db, "j"), "row j after three claims");
    }

    @Test
    void claimDoesNotTouchResultOrOtherJobs() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, "partial", 0);
        Db.insert(db, "k", null, 0.0, 0, null, 0);
        assertEquals(OptionalLong.of(1), Jobs.claim(db, "j", "A", 1.0, 2.0), "claim of j");
        assertEquals(new Db.Row("j", "A", 3.0, 1, "partial", 0), Db.row(db, "j"), "row j keeps its result and stays not done");
        assertEquals(new Db.Row("k", null, 0.0, 0, null, 0), Db.row(db, "k"), "row k is not touched");
    }

    @Test
    void previousOwnerMayClaimAgainOnceItsLeaseExpired() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 15.0, 1, null, 0);
        assertEquals(OptionalLong.of(2), Jobs.claim(db, "j", "A", 15.0, 5.0), "claim by A again at now == until == 15, its own lease over");
        assertEquals(new Db.Row("j", "A", 20.0, 2, null, 0), Db.row(db, "j"), "row j after A claimed it again");
    }

    @Test
    void epochSecondsAreStoredExactly() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        double now = 1.7e9 + 0.1;
        assertEquals(OptionalLong.of(1), Jobs.claim(db, "j", "A", now, 0.25), "claim at now = 1.7e9 + 0.1 with ttl 0.25");
        assertEquals(new Db.Row("j", "A", now + 0.25, 1, null, 0), Db.row(db, "j"), "until must be exactly now + ttl (a float loses it)");
    }

    @Test
    void aFractionOfASecondStillHoldsAtEpochTimes() {
        Path db = Db.fresh(dir);
        double until = 1.7e9 + 0.5;
        Db.insert(db, "j", "A", until, 1, null, 0);
        assertEquals(OptionalLong.empty(), Jobs.claim(db, "j", "B", 1.7e9 + 0.4, 5.0), "claim by B 0.1 s before A's lease ends at 1.7e9 + 0.5");
        assertEquals(new Db.Row("j", "A", until, 1, null, 0), Db.row(db, "j"), "row j after the refused claim");
        assertEquals(OptionalLong.of(2), Jobs.claim(db, "j", "B", until, 5.0), "claim by B at now == until == 1.7e9 + 0.5");
    }

    /** The contract of claim as a model: what it returns and the row it leaves. */
    @Test
    void agreesWithTheContractOnRandomRows() throws Exception {
        Prop.check(dir, 4, 12, Prop.JobCase::draw, Prop.JobCase::simpler, (c, t) -> {
            List<Db.Row> before = c.setUp(t);
            Prop.Got got = Prop.call(() -> Jobs.claim(t.db, "j", c.owner(), c.now(), c.ttl()));
            List<Db.Row> after = t.rows();
            Prop.Got want;
            Db.Row j = c.j();
            if (!(c.ttl() > 0)) {
                want = Prop.Got.threw(IllegalArgumentException.class);
            } else if (j == null || j.done() == 1 || j.until() > c.now()) {
                want = Prop.Got.of(OptionalLong.empty());
            } else {
                want = Prop.Got.of(OptionalLong.of(j.fence() + 1));
                j = new Db.Row("j", c.owner(), c.now() + c.ttl(), j.fence() + 1, j.result(), j.done());
            }
            return Prop.differs(before, "claim(db, \"j\", \"" + c.owner() + "\", now=" + c.now() + ", ttl=" + c.ttl() + ")", got, after, want, j);
        });
    }

    @Test
    void sqlErrorsAreThrownAsIllegalStateException() {
        Path db = dir.resolve("no-table.db");
        assertThrows(IllegalStateException.class, () -> Jobs.claim(db, "j", "A", 10.0, 5.0),
                "claim on a database without a jobs table: the SQL error must come out as an IllegalStateException, not be hidden");
    }
}
