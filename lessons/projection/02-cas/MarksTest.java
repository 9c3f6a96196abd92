package projection;

import static org.junit.jupiter.api.Assertions.*;

import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MarksTest {
    final Connection c = Db.memory();

    @AfterEach
    void close() {
        Db.close(c);
    }

    private void sql(String statement) throws Exception {
        try (Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }

    // ---- take ----------------------------------------------------------------------------------------------------

    @Test
    void aMissingMarkIsCreatedAndTaken() {
        Ownership own = Marks.take(c, Db.P, "w0", 100, 50);
        assertEquals(new Ownership(Db.P, "w0", 1, 0), own, "the first take of a missing mark");
        assertEquals(new Mark(Db.P, "w0", 1, 150, 0, 0), Db.mark(c), "the stored mark: owner, revision 1, lease_until = now + ttl");
    }

    @Test
    void anExpiredLeaseIsTakenAtTheExactInstant() {
        Marks.take(c, Db.P, "w0", 0, 50);
        Ownership own = Marks.take(c, Db.P, "w1", 50, 50);
        assertEquals(new Ownership(Db.P, "w1", 2, 0), own, "at now == lease_until the lease is over: w1 takes it");
        assertEquals(new Mark(Db.P, "w1", 2, 100, 0, 0), Db.mark(c), "the stored mark after w1's take");
    }

    @Test
    void anExistingMarkKeepsItsProgress() {
        Db.setMark(c, "w0", 4, 10, 7, 7);
        Ownership own = Marks.take(c, Db.P, "w1", 10, 50);
        assertEquals(new Ownership(Db.P, "w1", 5, 7), own, "an existing mark: revision 4 + 1, resume after projected 7");
        assertEquals(new Mark(Db.P, "w1", 5, 60, 7, 7), Db.mark(c), "the stored progress is kept");
    }

    @Test
    void aNonPositiveTtlIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Marks.take(c, Db.P, "w0", 0, 0), "ttl 0");
        assertThrows(IllegalArgumentException.class, () -> Marks.take(c, Db.P, "w0", 0, -5), "ttl -5");
    }

    @Test
    void aLiveLeaseIsHeld() {
        Marks.take(c, Db.P, "w0", 0, 50);
        Mark before = Db.mark(c);
        assertThrows(MarkHeld.class, () -> Marks.take(c, Db.P, "w1", 49, 50), "w0's lease lives until 50; now is 49");
        assertEquals(before, Db.mark(c), "a refused take changes nothing");
    }

    @Test
    void theSameWorkerCannotTakeItsLiveLeaseAgain() {
        Marks.take(c, Db.P, "w0", 0, 50);
        Mark before = Db.mark(c);
        assertThrows(MarkHeld.class, () -> Marks.take(c, Db.P, "w0", 10, 50),
                "a live lease is held whoever asks, its own owner's name included (a restarted process with the same name)");
        assertEquals(before, Db.mark(c), "a refused take changes nothing");
    }

    @Test
    void aRefusedTakeLeavesTheConnectionOutOfTransaction() throws Exception {
        Marks.take(c, Db.P, "w0", 0, 50);
        assertThrows(MarkHeld.class, () -> Marks.take(c, Db.P, "w1", 49, 50), "w0's lease lives until 50; now is 49");
        assertDoesNotThrow(() -> sql("BEGIN IMMEDIATE"),
                "after a refused take the caller's connection must have no transaction open (take rolls its own back)");
        sql("ROLLBACK");
        assertEquals(2, Marks.take(c, Db.P, "w1", 50, 50).revision(), "the same connection takes the mark once the lease is over");
    }

    // ---- the fence -------------------------------------------------------------------------------------------------

    @Test
    void everyTakeBumpsTheRevisionTheSameWorkersToo() {
        Ownership first = Marks.take(c, Db.P, "w0", 0, 50);
        Ownership again = Marks.take(c, Db.P, "w0", 50, 50);
        assertEquals(2, again.revision(), "w0 takes its own expired mark again: a new revision");
        assertThrows(StaleOwner.class, () -> Marks.advance(c, first, 3),
                "w0's first incarnation (revision 1) is a zombie now, even with the same name");
        assertEquals(0, Db.mark(c).projected(), "the zombie changed nothing");
    }

    @Test
    void advanceAndMarkSeenLeaveTheRevision() {
        Ownership own = Marks.take(c, Db.P, "w0", 0, 50);
        Marks.markSeen(c, own, 3);
        Marks.advance(c, own, 3);
        assertEquals(1, Db.mark(c).revision(), "only a take changes the revision");
        Marks.advance(c, own, 5);
        assertEquals(new Mark(Db.P, "w0", 1, 50, 5, 5), Db.mark(c), "the same ownership advances again");
    }

    // ---- seen is reset on take -------------------------------------------------------------------------------------

    @Test
    void takeResetsSeenToProjected() {
        Db.setMark(c, "w0", 1, 50, 9, 4);
        Marks.take(c, Db.P, "w1", 50, 50);
        assertEquals(new Mark(Db.P, "w1", 2, 100, 4, 4), Db.mark(c), "the old owner's seen 9 is not trusted: seen = projected 4");
    }

    @Test
    void aNewOwnerResumesAfterProjectedNotSeen() {
        Db.setMark(c, "w0", 1, 50, 9, 4);
        Ownership own = Marks.take(c, Db.P, "w1", 50, 50);
        assertEquals(4, own.resumeAfter(), "5..9 were only seen by w0: w1 must read them again");
    }

    // ---- the CAS tuple ---------------------------------------------------------------------------------------------

    @Test
    void anIntruderWithTheCurrentRevisionIsRefused() {
        Marks.take(c, Db.P, "w0", 0, 50);
        Mark before = Db.mark(c);
        Ownership intruder = new Ownership(Db.P, "w9", 1, 0);
        assertThrows(StaleOwner.class, () -> Marks.advance(c, intruder, 3), "w9 carries revision 1, but w0 owns the mark");
        assertThrows(StaleOwner.class, () -> Marks.markSeen(c, intruder, 3), "markSeen checks the same tuple");
        assertEquals(before, Db.mark(c), "the intruder changed nothing");
    }

    @Test
    void anotherProjectorsOwnershipIsRefused() {
        Ownership own = Marks.take(c, Db.P, "w0", 0, 50);
        Ownership elsewhere = new Ownership("other", "w0", 1, 0);
        assertThrows(StaleOwner.class, () -> Marks.advance(c, elsewhere, 3), "no mark row for projector 'other'");
        Marks.advance(c, own, 2);
        assertEquals(2, Db.mark(c).projected(), "the projector's own mark is untouched by the refusal and moves for its owner");
    }

    // ---- the update count ------------------------------------------------------------------------------------------

    @Test
    void aStaleAdvanceIsRefusedEvenWhenAhead() {
        Ownership old = Marks.take(c, Db.P, "w0", 0, 50);
        Marks.advance(c, old, 3);
        Ownership now = Marks.take(c, Db.P, "w1", 50, 50);
        Marks.advance(c, now, 5);
        StaleOwner refused = assertThrows(StaleOwner.class, () -> Marks.advance(c, old, 9),
                "w0 (revision 1) wakes and advances to 9, ahead of w1's 5: the update count is 0, a refusal");
        assertNotNull(refused.getMessage());
        assertEquals(new Mark(Db.P, "w1", 2, 100, 5, 5), Db.mark(c), "the refused advance changed nothing");
    }

    @Test
    void aStaleMarkSeenIsRefused() {
        Ownership old = Marks.take(c, Db.P, "w0", 0, 50);
        Marks.take(c, Db.P, "w1", 50, 50);
        assertThrows(StaleOwner.class, () -> Marks.markSeen(c, old, 9), "w0's revision 1 is stale");
        assertEquals(0, Db.mark(c).seen(), "seen is unchanged");
    }

    // ---- advance ---------------------------------------------------------------------------------------------------

    @Test
    void advanceMovesProjectedAndSeen() {
        Ownership own = Marks.take(c, Db.P, "w0", 0, 50);
        Marks.advance(c, own, 3);
        assertEquals(new Mark(Db.P, "w0", 1, 50, 3, 3), Db.mark(c), "projected 3, seen at least 3, nothing else changed");
    }

    @Test
    void aMarkNeverGoesBack() {
        Ownership own = Marks.take(c, Db.P, "w0", 0, 50);
        Marks.advance(c, own, 5);
        assertThrows(IllegalArgumentException.class, () -> Marks.advance(c, own, 3), "projected 5, asked 3");
        assertEquals(5, Db.mark(c).projected(), "still 5");
        Marks.advance(c, own, 5);
        assertEquals(5, Db.mark(c).projected(), "advancing to the same position is not going back");
    }

    @Test
    void advanceKeepsAHigherSeen() {
        Ownership own = Marks.take(c, Db.P, "w0", 0, 50);
        Marks.markSeen(c, own, 8);
        Marks.advance(c, own, 5);
        assertEquals(new Mark(Db.P, "w0", 1, 50, 8, 5), Db.mark(c), "seen = max(seen 8, 5): 6..8 are still in flight");
    }

    @Test
    void advanceJoinsTheCallersTransaction() throws Exception {
        Ownership own = Marks.take(c, Db.P, "w0", 0, 50);
        sql("BEGIN IMMEDIATE");
        Marks.advance(c, own, 4);
        sql("ROLLBACK");
        assertEquals(0, Db.mark(c).projected(), "the caller rolled back: the advance went with it");
        sql("BEGIN IMMEDIATE");
        Marks.advance(c, own, 4);
        sql("COMMIT");
        assertEquals(4, Db.mark(c).projected(), "the caller committed: the advance is in");
    }

    // ---- markSeen --------------------------------------------------------------------------------------------------

    @Test
    void markSeenRaisesSeenOnly() {
        Ownership own = Marks.take(c, Db.P, "w0", 0, 50);
        Marks.markSeen(c, own, 6);
        assertEquals(new Mark(Db.P, "w0", 1, 50, 6, 0), Db.mark(c), "seen 6, projected still 0");
    }

    @Test
    void markSeenNeverLowersSeen() {
        Ownership own = Marks.take(c, Db.P, "w0", 0, 50);
        Marks.markSeen(c, own, 6);
        Marks.markSeen(c, own, 2);
        assertEquals(6, Db.mark(c).seen(), "seen = max(6, 2)");
    }
}
