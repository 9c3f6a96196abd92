package projection;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarksTest {
    final Connection c = Db.memory();
    @TempDir Path dir;

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
        assertEquals(0, Db.count(c, "SELECT count(*) FROM mark"), "a refused take writes nothing, not even the missing row");
        assertTrue(Db.canBegin(c), "a refused take leaves no transaction open on the caller's connection");
    }

    @Test
    void aTakeWithoutAProjectorOrAWorkerIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Marks.take(c, null, "w0", 0, 50), "a null projector");
        assertThrows(IllegalArgumentException.class, () -> Marks.take(c, Db.P, null, 0, 50), "a null worker");
        assertEquals(0, Db.count(c, "SELECT count(*) FROM mark"), "a refused take writes nothing, not even the missing row");
        assertTrue(Db.canBegin(c), "a refused take leaves no transaction open on the caller's connection");
        assertEquals(1, Marks.take(c, Db.P, "w0", 0, 50).revision(), "the same connection takes the mark afterwards");
    }

    @Test
    void anArgumentErrorComesBeforeTheLease() {
        Marks.take(c, Db.P, "w0", 0, 50);
        Mark before = Db.mark(c);
        assertThrows(IllegalArgumentException.class, () -> Marks.take(c, Db.P, "w1", 10, 0),
                "ttl 0 while w0's lease is live: the argument error comes first, not MarkHeld");
        assertThrows(IllegalArgumentException.class, () -> Marks.take(c, Db.P, null, 10, 50),
                "a null worker while w0's lease is live: the argument error comes first, not MarkHeld");
        assertEquals(before, Db.mark(c), "a refused take changes nothing");
        assertTrue(Db.canBegin(c), "a refused take leaves no transaction open on the caller's connection");
    }

    @Test
    void aTakeThatFailsInTheStoreLeavesNothing() throws Exception {
        sql("CREATE TRIGGER refuse_insert BEFORE INSERT ON mark BEGIN SELECT RAISE(ABORT, 'the store refuses'); END");
        sql("CREATE TRIGGER refuse_update BEFORE UPDATE ON mark BEGIN SELECT RAISE(ABORT, 'the store refuses'); END");
        assertThrows(IllegalStateException.class, () -> Marks.take(c, Db.P, "w0", 0, 50),
                "triggers make every write to mark fail: an SQL error inside take is an IllegalStateException");
        assertEquals(0, Db.count(c, "SELECT count(*) FROM mark"), "the failed take left no row, not even on its own connection");
        assertTrue(Db.canBegin(c), "the failed take rolled its transaction back: the caller's connection holds none");
        sql("DROP TRIGGER refuse_insert");
        Db.setMark(c, "w0", 1, 50, 5, 2);
        Mark before = Db.mark(c);
        assertThrows(IllegalStateException.class, () -> Marks.take(c, Db.P, "w1", 50, 50),
                "a trigger makes the take of an existing mark fail: an IllegalStateException");
        assertEquals(before, Db.mark(c), "the failed take changed nothing of the existing mark");
        assertTrue(Db.canBegin(c), "the failed take rolled its transaction back: the caller's connection holds none");
        sql("DROP TRIGGER refuse_update");
        assertEquals(new Ownership(Db.P, "w1", 2, 2), Marks.take(c, Db.P, "w1", 50, 50), "the same connection takes the mark once the fault is gone");
    }

    @Test
    void aBusyStoreIsAnIllegalStateNotAHeldMark() throws Exception {
        Connection mine = Db.impatient(dir); // busy at once, not after the busy timeout: the same refusal, sooner
        Connection other = Db.file(dir);
        try (Statement lock = other.createStatement()) {
            lock.execute("BEGIN IMMEDIATE");
            assertThrows(IllegalStateException.class, () -> Marks.take(mine, Db.P, "w0", 0, 50),
                    "another connection holds the write lock past the busy timeout: a busy store is an SQL error (IllegalStateException), not a live lease (MarkHeld)");
            lock.execute("ROLLBACK");
            assertTrue(Db.canBegin(mine), "the failed take left no transaction on the caller's connection");
            assertEquals(new Ownership(Db.P, "w0", 1, 0), Marks.take(mine, Db.P, "w0", 0, 50), "once the lock is gone the same connection takes the mark");
        } finally {
            Db.close(mine);
            Db.close(other);
        }
    }

    @Test
    void aTakeWhoseCommitFailsLeavesNothing() throws Exception {
        Connection mine = Db.impatient(dir); // its COMMIT fails at once instead of after the busy timeout
        Connection reader = Db.file(dir);
        try (Statement read = reader.createStatement()) {
            read.execute("BEGIN");
            try (ResultSet r = read.executeQuery("SELECT count(*) FROM mark")) {
                r.next();
            }
            assertThrows(IllegalStateException.class, () -> Marks.take(mine, Db.P, "w0", 0, 50),
                    "a reader keeps its lock past the busy timeout: take's COMMIT fails, an SQL error (IllegalStateException)");
            read.execute("ROLLBACK");
            assertEquals(0, Db.count(reader, "SELECT count(*) FROM mark"), "the take whose COMMIT failed left nothing in the store");
            assertTrue(Db.canBegin(mine), "and it rolled its transaction back: the caller's connection holds no transaction and no lock");
            assertEquals(new Ownership(Db.P, "w0", 1, 0), Marks.take(mine, Db.P, "w0", 0, 50), "once the reader is gone the same connection takes the mark");
        } finally {
            Db.close(mine);
            Db.close(reader);
        }
    }

    /**
     * A take is one transaction: the worker dies at each boundary of a take in turn (of a missing mark, then of an
     * expired one) and leaves the mark as it was, never half taken.
     */
    @Test
    void aTakeThatDiesAtAnyBoundaryLeavesTheMarkAsItWas() throws Exception {
        for (boolean existing : new boolean[] {false, true}) {
            String scene = existing ? "the expired mark" : "the missing mark";
            int boundaries = boundariesOf(Files.createDirectory(dir.resolve("measure-die-" + existing)), (between, raw) -> {
                if (existing) {
                    Db.setMark(raw, "w0", 1, 50, 5, 2);
                }
                Marks.take(between.connection(), Db.P, "w1", 50, 50);
            });
            for (int k = 1; k <= boundaries; k++) {
                Path store = Files.createDirectory(dir.resolve("die-" + existing + "-" + k));
                Connection watcher = Db.file(store);
                Crashes crashes = Crashes.wrap(Db.file(store));
                try {
                    if (existing) {
                        Db.setMark(watcher, "w0", 1, 50, 5, 2);
                    }
                    Optional<Mark> before = Mark.load(watcher, Db.P);
                    crashes.arm(k);
                    try {
                        Marks.take(crashes.connection(), Db.P, "w1", 50, 50);
                    } catch (WorkerDied died) {
                        // as planned
                    }
                    assertEquals(before, Mark.load(watcher, Db.P), "w1 died at boundary " + k + " of its take of " + scene + " ("
                            + crashes.diedAt() + "): one transaction, so the mark is as it was");
                } finally {
                    Db.close(watcher);
                    Db.close(crashes.connection());
                }
            }
        }
    }

    @Test
    void takingOneProjectorsMarkLeavesAnothersAlone() {
        Ownership own = Marks.take(c, Db.P, "w0", 0, 50);
        Marks.markSeen(c, own, 4);
        Marks.advance(c, own, 2);
        Mark before = Db.mark(c);
        assertEquals(new Ownership("other", "w1", 1, 0), Marks.take(c, "other", "w1", 0, 50), "the first take of the projector 'other'");
        assertEquals(new Ownership("other", "w2", 2, 0), Marks.take(c, "other", "w2", 60, 50),
                "'other' taken again once w1's lease is over: revision 1, the same as " + Db.P + "'s, becomes 2");
        assertEquals(before, Db.mark(c), "taking 'other' changed nothing of " + Db.P + "'s mark");
        assertEquals(new Mark("other", "w2", 2, 110, 0, 0), Mark.load(c, "other").orElseThrow(), "the mark of 'other'");
    }

    @Test
    void aLiveLeaseIsHeld() {
        Ownership own = Marks.take(c, Db.P, "w0", 0, 50);
        Marks.markSeen(c, own, 5);
        Marks.advance(c, own, 2);
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
        assertTrue(Db.canBegin(c), "the refused take of the same worker rolled its own transaction back too");
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
        assertThrows(StaleOwner.class, () -> Marks.markSeen(c, first, 9),
                "the first w0's markSeen is refused the same way: the revision is part of markSeen's tuple too");
        assertEquals(new Mark(Db.P, "w0", 2, 100, 0, 0), Db.mark(c), "the zombie changed nothing");
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
    void theSameWorkerTakingAgainResetsSeenToo() {
        Ownership first = Marks.take(c, Db.P, "w0", 0, 50);
        Marks.markSeen(c, first, 9);
        Marks.advance(c, first, 4);
        Ownership again = Marks.take(c, Db.P, "w0", 50, 50);
        assertEquals(new Ownership(Db.P, "w0", 2, 4), again,
                "w0 taking its own expired mark again resumes after projected 4: 5..9 were only seen by its earlier incarnation");
        assertEquals(new Mark(Db.P, "w0", 2, 100, 4, 4), Db.mark(c), "seen = projected 4, whoever takes");
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
        assertThrows(StaleOwner.class, () -> Marks.markSeen(c, elsewhere, 3), "markSeen: no mark row for projector 'other'");
        assertEquals(new Mark(Db.P, "w0", 1, 50, 0, 0), Db.mark(c), "the refusals changed nothing of " + Db.P + "'s mark");
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

    @Test
    void aRefusedAdvanceLeavesTheCallersTransactionToTheCaller() throws Exception {
        Ownership old = Marks.take(c, Db.P, "w0", 0, 50);
        Ownership now = Marks.take(c, Db.P, "w1", 50, 50);
        sql("BEGIN IMMEDIATE");
        Marks.advance(c, now, 4);
        assertThrows(StaleOwner.class, () -> Marks.advance(c, old, 6), "w0 (revision 1) advances inside the caller's transaction: refused");
        assertThrows(IllegalArgumentException.class, () -> Marks.advance(c, now, 2), "w1 goes back from 4 to 2 inside the caller's transaction: refused");
        assertDoesNotThrow(() -> sql("COMMIT"), "the refusals ended nothing: the transaction is still the caller's, to commit");
        assertEquals(new Mark(Db.P, "w1", 2, 100, 4, 4), Db.mark(c), "the caller committed w1's advance to 4; the refusals changed nothing");
    }

    @Test
    void anSqlErrorInAnAdvanceOrAMarkSeenIsNotARefusal() throws Exception {
        Ownership own = Marks.take(c, Db.P, "w0", 0, 50);
        Mark before = Db.mark(c);
        sql("CREATE TRIGGER refuse_update BEFORE UPDATE ON mark BEGIN SELECT RAISE(ABORT, 'the store refuses'); END");
        assertThrows(IllegalStateException.class, () -> Marks.advance(c, own, 3),
                "a trigger makes advance's UPDATE fail: an SQL error is an IllegalStateException, not a StaleOwner");
        assertThrows(IllegalStateException.class, () -> Marks.markSeen(c, own, 3),
                "a trigger makes markSeen's UPDATE fail: an SQL error is an IllegalStateException, not a StaleOwner");
        sql("DROP TRIGGER refuse_update");
        assertEquals(before, Db.mark(c), "the failed calls changed nothing");
        Marks.advance(c, own, 3);
        assertEquals(3, Db.mark(c).projected(), "once the fault is gone the same ownership advances");
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

    // ---- a rival between two statements ------------------------------------------------------------------------------
    // The rival (w2, or w1) takes on its own connection just before the k-th statement of the call under test, for
    // every k: the interleaving is forced, not left to chance. The rival never waits: when the call holds the write
    // lock, the rival finds the store busy and does nothing.

    /**
     * w1 takes the expired mark while w2 takes it too, just before each statement of w1's take in turn. Either w2 came
     * first (the store was free) and w1 is told MarkHeld, or w2 found the store busy and w1 took it: never both.
     */
    @Test
    void aRivalTakerBetweenTheStatementsOfATakeLeavesOneOwner() throws Exception {
        int boundaries = boundariesOf(Files.createDirectory(dir.resolve("measure-take")),
                (between, raw) -> {
                    Db.setMark(raw, "w0", 1, 50, 3, 3);
                    Marks.take(between.connection(), Db.P, "w1", 50, 50);
                });
        for (int k = 1; k <= boundaries; k++) {
            Path store = Files.createDirectory(dir.resolve("take-" + k));
            Connection mine = Db.file(store);
            Connection rival = Db.impatient(store);
            try {
                Db.setMark(mine, "w0", 1, 50, 3, 3);
                Between between = Between.wrap(mine);
                boolean[] rivalTook = new boolean[1];
                between.at(k, () -> rivalTook[0] = Db.rivalTakes(rival, "w2", 50, 50));
                Ownership own = null;
                try {
                    own = Marks.take(between.connection(), Db.P, "w1", 50, 50);
                } catch (MarkHeld lost) {
                    // w2 was first
                }
                String where = "w2 tried to take the expired mark just before statement " + k + " of w1's take";
                if (rivalTook[0]) {
                    assertNull(own, where + ": w2 got it, so w1's take must be MarkHeld");
                    assertEquals(new Mark(Db.P, "w2", 2, 100, 3, 3), Db.mark(mine), where + ": the mark is w2's alone");
                } else {
                    assertEquals(new Ownership(Db.P, "w1", 2, 3), own, where + ", but found the store busy: w1 took it");
                    assertEquals(new Mark(Db.P, "w1", 2, 100, 3, 3), Db.mark(mine), where + ", and failed: the mark is w1's");
                }
            } finally {
                Db.close(mine);
                Db.close(rival);
            }
        }
    }

    /**
     * w0's lease is over, but nobody replaced it yet, so its advance is still accepted (the fence counts takes, not
     * time). It advances to 5 just before each statement of w1's take in turn: w1 resumes after the projected it
     * really took over, and its seen is that projected too.
     */
    @Test
    void anAdvanceOfTheOldOwnerJustBeforeATakeIsTakenOver() throws Exception {
        int boundaries = boundariesOf(Files.createDirectory(dir.resolve("measure-takeover")), (between, raw) -> {
            Db.setMark(raw, "w0", 1, 50, 5, 2);
            Marks.take(between.connection(), Db.P, "w1", 50, 50);
        });
        for (int k = 1; k <= boundaries; k++) {
            Path store = Files.createDirectory(dir.resolve("takeover-" + k));
            Connection mine = Db.file(store);
            Connection old = Db.impatient(store);
            try {
                Db.setMark(mine, "w0", 1, 50, 5, 2);
                Between between = Between.wrap(mine);
                boolean[] advanced = new boolean[1];
                between.at(k, () -> advanced[0] = Db.ownerAdvances(old, "w0", 1, 5));
                Ownership own = Marks.take(between.connection(), Db.P, "w1", 50, 50);
                String where = "w0 tried to advance from 2 to 5 just before statement " + k + " of w1's take";
                long projected = advanced[0] ? 5 : 2;
                assertEquals(new Mark(Db.P, "w1", 2, 100, projected, projected), Db.mark(mine),
                        where + ": the mark is w1's, its seen = projected (5 if w0 got in, else 2)");
                assertEquals(new Ownership(Db.P, "w1", 2, projected), own,
                        where + ": w1 resumes after the projected it took over (5 if w0 got in, else 2)");
            } finally {
                Db.close(mine);
                Db.close(old);
            }
        }
    }

    /**
     * w0's lease has run out; w1 takes the mark just before each statement of w0's advance (then markSeen) in turn.
     * Nothing may change the mark after w1's take: the call is refused with StaleOwner, or it was done before.
     */
    @Test
    void aTakeBetweenTheStatementsOfAnAdvanceOrAMarkSeenRefusesIt() throws Exception {
        for (String call : List.of("advance", "markSeen")) {
            Call run = (between, own) -> {
                if (call.equals("advance")) {
                    Marks.advance(between.connection(), own, 3);
                } else {
                    Marks.markSeen(between.connection(), own, 3);
                }
            };
            int boundaries = boundariesOf(Files.createDirectory(dir.resolve("measure-" + call)),
                    (between, raw) -> run.on(between, Marks.take(raw, Db.P, "w0", 0, 50)));
            for (int k = 1; k <= boundaries; k++) {
                Path store = Files.createDirectory(dir.resolve(call + "-" + k));
                Connection mine = Db.file(store);
                Connection rival = Db.impatient(store);
                try {
                    Ownership own = Marks.take(mine, Db.P, "w0", 0, 50);
                    Between between = Between.wrap(mine);
                    Mark[] taken = new Mark[1];
                    between.at(k, () -> {
                        if (Db.rivalTakes(rival, "w1", 50, 50)) {
                            taken[0] = Db.mark(rival);
                        }
                    });
                    boolean refused = false;
                    try {
                        run.on(between, own);
                    } catch (StaleOwner stale) {
                        refused = true;
                    }
                    String where = "w1 tried to take the mark just before statement " + k + " of w0's " + call;
                    if (taken[0] != null) {
                        assertEquals(taken[0], Db.mark(mine), where + ": nothing changed the mark after w1's take");
                        if (call.equals("advance") && !refused) {
                            assertEquals(3, taken[0].projected(), where + ": the advance returned normally, so it moved the mark before the take");
                        }
                    } else {
                        assertFalse(refused, where + ", but found the store busy: w0 still owned it");
                    }
                } finally {
                    Db.close(mine);
                    Db.close(rival);
                }
            }
        }
    }

    interface Call {
        void on(Between between, Ownership own) throws Exception;
    }

    interface Scene {
        void on(Between between, Connection raw) throws Exception;
    }

    /** The statements (and commits) the code under test passes on {@code between} in {@code scene}, undisturbed. */
    private static int boundariesOf(Path store, Scene scene) throws Exception {
        Connection mine = Db.file(store);
        try {
            Between between = Between.wrap(mine);
            scene.on(between, mine);
            return between.boundaries();
        } finally {
            Db.close(mine);
        }
    }
}
