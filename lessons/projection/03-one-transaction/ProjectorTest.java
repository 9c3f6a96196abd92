package projection;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectorTest {
    static final long TTL = 100;

    @TempDir Path dir;
    final List<Connection> opened = new ArrayList<>();

    @AfterEach
    void close() {
        opened.forEach(Db::close);
    }

    private Connection file(Path store) {
        Connection c = Db.file(store);
        opened.add(c);
        return c;
    }

    private Connection file() {
        return file(dir);
    }

    private static List<Long> positions(List<Event> events) {
        return events.stream().map(Event::position).toList();
    }

    // ---- read ------------------------------------------------------------------------------------------------------

    @Test
    void readsInOrderAtMostMaxAndMovesOn() {
        Connection c = file();
        Db.stream(c, 5);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        assertEquals(List.of(1L, 2L), positions(p.read(2)), "the first read");
        assertEquals(List.of(3L, 4L), positions(p.read(2)), "the next read goes on after the cursor");
        assertEquals(List.of(5L), positions(p.read(5)), "the rest: fewer than max");
        assertEquals(List.of(), p.read(1), "a drained stream");
    }

    @Test
    void aReadAfterTheStreamGrewHandsOutTheNewEvents() {
        Connection c = file();
        Db.stream(c, 3);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        assertEquals(List.of(1L, 2L, 3L), positions(p.read(5)), "the stream as it is");
        assertEquals(List.of(), p.read(5), "drained, for now");
        Streams.append(c, new Event(4, "cash", 5), new Event(5, "card", 7));
        assertEquals(List.of(4L, 5L), positions(p.read(5)), "the stream grew: the next read hands out the new events 4 and 5");
    }

    @Test
    void aNewOwnerReadsAfterResumeAfter() {
        Connection c = file();
        Db.stream(c, 6);
        Projector first = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        first.apply(first.read(3));
        Ownership next = Marks.take(c, Db.P, "w1", TTL, TTL);
        assertEquals(3, next.resumeAfter(), "w1 resumes after w0's projected 3");
        assertEquals(List.of(4L, 5L), positions(new Projector(c, next).read(2)), "w1's first read starts at 4");
    }

    @Test
    void aReadOfLessThanOneIsRefused() {
        Connection c = file();
        Db.stream(c, 3);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        assertThrows(IllegalArgumentException.class, () -> p.read(0), "max 0");
        assertThrows(IllegalArgumentException.class, () -> p.read(-1), "max -1");
        assertEquals(0, Db.mark(c).seen(), "nothing was handed out");
        assertEquals(List.of(1L), positions(p.read(1)), "the refusals moved nothing: the next read starts at 1");
    }

    @Test
    void aReadThatFailsHandsNothingOut() {
        Connection c = file();
        Db.stream(c, 4);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        Db.exec(c, "ALTER TABLE events RENAME TO gone");
        assertThrows(IllegalStateException.class, () -> p.read(2), "the events table is gone: the read's SQL error is an IllegalStateException");
        Db.exec(c, "ALTER TABLE gone RENAME TO events");
        Db.exec(c, "CREATE TRIGGER refuse_update BEFORE UPDATE ON mark BEGIN SELECT RAISE(ABORT, 'the store refuses'); END");
        assertThrows(IllegalStateException.class, () -> p.read(2), "a trigger makes the read's markSeen fail: an IllegalStateException");
        Db.exec(c, "DROP TRIGGER refuse_update");
        assertEquals(List.of(1L, 2L), positions(p.read(2)),
                "the failed reads handed nothing out and left the cursor where it was: the next read hands out 1 and 2");
        assertEquals(2, Db.mark(c).seen(), "seen 2, what the read that worked handed out");
    }

    @Test
    void anAmountBeyondAnIntIsHandedOutWhole() {
        Connection c = file();
        List<Event> events = List.of(new Event(1, "cash", 5_000_000_000L), new Event(2, "cash", -7_000_000_000L), new Event(3, "card", 3));
        Streams.append(c, events);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        List<Event> batch = p.read(3);
        assertEquals(events, batch, "amounts of 5·10^9 and -7·10^9 are longs: handed out whole");
        p.apply(batch);
        assertEquals(Map.of("cash", -2_000_000_000L, "card", 3L), Db.balance(c), "the balances add the whole amounts");
    }

    @Test
    void aReadRecordsSeenOnly() {
        Connection c = file();
        Db.stream(c, 5);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        p.read(3);
        Mark m = Db.mark(c);
        assertEquals(3, m.seen(), "a read of 1..3 is recorded as seen 3");
        assertEquals(0, m.projected(), "nothing is projected before apply commits");
        assertEquals(State.SEEN, MarkStates.stateOf(3, m), "position 3 is SEEN");
        p.read(5);
        assertEquals(5, Db.mark(c).seen(), "read(5) after 3 handed out only 4 and 5: seen 5, what it handed out");
    }

    @Test
    void aStaleOwnersReadIsRefused() {
        Connection c = file();
        Db.stream(c, 6);
        Projector zombie = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        zombie.apply(zombie.read(2));
        // w0 stalls; its lease runs out and w1 takes over
        Marks.take(c, Db.P, "w1", TTL, TTL);
        Mark before = Db.mark(c);
        assertThrows(StaleOwner.class, () -> zombie.read(2), "w0 (revision 1) reads after w1 took over: its markSeen is refused, so is its read");
        assertEquals(before, Db.mark(c), "the zombie's read changed nothing of w1's mark");
        assertTrue(Db.canBegin(c), "the refused read left no transaction open on its connection");
    }

    @Test
    void aRestartedWorkersOldReadIsRefused() {
        Connection c = file();
        Db.stream(c, 6);
        Projector old = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        old.apply(old.read(2));
        // w0's process restarts under the same name; its first incarnation's lease has run out
        Marks.take(c, Db.P, "w0", TTL, TTL);
        Mark before = Db.mark(c);
        assertThrows(StaleOwner.class, () -> old.read(2),
                "the first w0 (revision 1) reads after the restarted w0 (revision 2) took over: its markSeen is refused, so is its read");
        assertEquals(before, Db.mark(c), "the old incarnation's read changed nothing of the new one's mark");
        assertTrue(Db.canBegin(c), "the refused read left no transaction open on its connection");
    }

    @Test
    void anEmptyReadRecordsNothing() {
        Connection c = file();
        Db.stream(c, 3);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        p.apply(p.read(5));
        long changes = Db.count(c, "SELECT total_changes()");
        assertEquals(List.of(), p.read(5), "the stream is drained");
        assertEquals(changes, Db.count(c, "SELECT total_changes()"), "a read that hands out nothing records nothing: not one row written");
        Marks.take(c, Db.P, "w1", TTL, TTL);
        Mark taken = Db.mark(c);
        assertEquals(List.of(), assertDoesNotThrow(() -> p.read(5),
                "w0's read after w1 took over finds nothing to hand out: it records nothing, so nothing refuses it"), "still drained");
        assertEquals(taken, Db.mark(c), "w1's mark is unchanged");
    }

    @Test
    void twoProjectorsOfOneOwnershipNeverLowerSeen() {
        Connection c = file();
        Db.stream(c, 5);
        Ownership own = Marks.take(c, Db.P, "w0", 0, TTL);
        new Projector(c, own).read(4);
        assertEquals(List.of(1L, 2L), positions(new Projector(c, own).read(2)),
                "a second projector of the same ownership starts at its own cursor, resumeAfter 0");
        assertEquals(4, Db.mark(c).seen(), "seen stays 4: a read records seen through markSeen, which never lowers it");
    }

    @Test
    void aWorkerThatDiesAfterItsReadLeavesTheBatchToTheNextOwner() {
        Connection c = file();
        List<Event> events = Db.stream(c, 5);
        Projector dead = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        dead.read(3);
        // w0's process is gone before apply; its lease runs out
        Ownership next = Marks.take(c, Db.P, "w1", TTL, TTL);
        assertEquals(0, next.resumeAfter(), "1..3 were only seen: w1 resumes after 0");
        Db.drain(new Projector(c, next), 2);
        assertEquals(List.of(), Db.notOnce(c, 5), "every position applied exactly once (position×times otherwise)");
        assertEquals(Streams.totals(events), Db.balance(c), "the balances");
    }

    // ---- apply -----------------------------------------------------------------------------------------------------

    @Test
    void aReadAndApplyProjectsTheBatch() {
        Connection c = file();
        List<Event> events = Db.stream(c, 5);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        List<Event> batch = p.read(3);
        assertEquals(events.subList(0, 3), batch, "the first three events");
        p.apply(batch);
        assertEquals(List.of("1/w0/1", "2/w0/1", "3/w0/1"), Db.appliedRows(c), "one applied row per event: position/owner/revision");
        assertEquals(Streams.totals(events.subList(0, 3)), Db.balance(c), "the balances of events 1..3");
        assertEquals(new Mark(Db.P, "w0", 1, TTL, 3, 3), Db.mark(c), "projected 3");
    }

    @Test
    void aKindIsTheBalanceNameAsItIs() {
        Connection c = file();
        Streams.append(c, new Event(1, "o'neil", 4), new Event(2, "Cash", 5), new Event(3, "cash", 6), new Event(4, "o'neil", 1));
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        p.apply(p.read(4));
        assertEquals(Map.of("o'neil", 5L, "Cash", 5L, "cash", 6L), Db.balance(c),
                "each kind is its balance's name as it is: a quote kept, Cash and cash apart");
    }

    @Test
    void aReadAheadOfTheApplyIsNotProjected() {
        Connection c = file();
        Db.stream(c, 6);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        List<Event> first = p.read(2);
        List<Event> second = p.read(2);
        p.apply(first);
        assertEquals(new Mark(Db.P, "w0", 1, TTL, 4, 2), Db.mark(c),
                "1..4 read in two batches, only 1..2 applied: projected 2 (the batch's last position), seen 4");
        assertEquals(List.of("1/w0/1", "2/w0/1"), Db.appliedRows(c), "only the applied batch has rows");
        assertEquals(List.of(5L, 6L), positions(p.read(2)), "the cursor is where the reads left it, whatever was applied: 5 and 6 come next");
        p.apply(second);
        assertEquals(new Mark(Db.P, "w0", 1, TTL, 6, 4), Db.mark(c), "3..4 applied too: projected 4, seen 6");
    }

    @Test
    void appliedRowsNameTheirOwnerAndRevision() {
        Connection c = file();
        Db.stream(c, 4);
        Marks.take(c, Db.P, "w0", 0, TTL);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w1", TTL, TTL));
        p.apply(p.read(2));
        assertEquals(List.of("1/w1/2", "2/w1/2"), Db.appliedRows(c), "w1 at revision 2 applied 1 and 2");
    }

    @Test
    void aCrashAnywhereInApplyLeavesAllOrNothing() throws Exception {
        int boundaries = boundariesOfOneApply();
        for (int k = 1; k <= boundaries; k++) {
            Path store = Files.createDirectory(dir.resolve("apply-" + k));
            Connection c = file(store);
            List<Event> events = Db.stream(c, 5);
            Crashes crashes = Crashes.wrap(file(store));
            Projector p = new Projector(crashes.connection(), Marks.take(crashes.connection(), Db.P, "w0", 0, TTL));
            List<Event> batch = p.read(3);
            crashes.arm(k);
            try {
                p.apply(batch);
            } catch (WorkerDied died) {
                // as planned
            }
            long rows = Db.count(c, "SELECT count(*) FROM applied");
            Mark m = Db.mark(c);
            String where = "a crash at boundary " + k + " of apply (" + crashes.diedAt() + ")";
            if (rows == 0) {
                assertEquals(0, m.projected(), where + ": no effect is committed, so nothing is projected");
                assertEquals(Map.of(), Db.balance(c), where + ": no balance either");
            } else {
                assertEquals(3, rows, where + ": all of the batch or nothing");
                assertEquals(3, m.projected(), where + ": the effect is committed, so is the projected mark");
                assertEquals(Streams.totals(events.subList(0, 3)), Db.balance(c), where + ": the balances");
            }
        }
    }

    /** The boundaries (statements and commits) one apply of a 3-event batch passes, measured on the code under test. */
    private int boundariesOfOneApply() throws Exception {
        Path store = Files.createDirectory(dir.resolve("measure-apply"));
        Connection c = file(store);
        Db.stream(c, 5);
        Crashes crashes = Crashes.wrap(c);
        Projector p = new Projector(crashes.connection(), Marks.take(crashes.connection(), Db.P, "w0", 0, TTL));
        List<Event> batch = p.read(3);
        int before = crashes.boundaries().size();
        p.apply(batch);
        return crashes.boundaries().size() - before;
    }

    @Test
    void aStaleOwnersBatchLeavesNothing() throws Exception {
        Connection zombieConnection = file();
        Connection c = file();
        List<Event> events = Db.stream(c, 6);
        Projector zombie = new Projector(zombieConnection, Marks.take(zombieConnection, Db.P, "w0", 0, TTL));
        List<Event> held = zombie.read(3);
        // w0 stalls; its lease runs out and w1 takes over
        Projector now = new Projector(c, Marks.take(c, Db.P, "w1", TTL, TTL));
        now.apply(now.read(2));
        assertThrows(StaleOwner.class, () -> zombie.apply(held), "w0 wakes and applies 1..3 with revision 1: refused");
        assertEquals(List.of("1/w1/2", "2/w1/2"), Db.appliedRows(zombieConnection),
                "nothing of w0's batch is left, not even on w0's own connection (its transaction was rolled back)");
        assertEquals(Streams.totals(events.subList(0, 2)), Db.balance(c), "the balances are w1's 1..2 only");
        assertEquals(new Mark(Db.P, "w1", 2, 2 * TTL, 2, 2), Db.mark(c), "the mark is w1's");
        try (Statement s = zombieConnection.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            s.execute("ROLLBACK");
        }
        now.apply(now.read(4));
        assertEquals(List.of(), Db.notOnce(c, 6), "w1 drains 3..6 (w0's connection holds no lock): each position once");
    }

    @Test
    void aRestartedWorkersOldBatchLeavesNothing() {
        Connection zombieConnection = file();
        Connection c = file();
        List<Event> events = Db.stream(c, 6);
        Projector zombie = new Projector(zombieConnection, Marks.take(zombieConnection, Db.P, "w0", 0, TTL));
        List<Event> held = zombie.read(3);
        // w0 stalls; its lease runs out and w0's process restarts under the same name
        Projector now = new Projector(c, Marks.take(c, Db.P, "w0", TTL, TTL));
        now.apply(now.read(2));
        assertThrows(StaleOwner.class, () -> zombie.apply(held),
                "the first w0 wakes and applies 1..3 with revision 1, after the restarted w0 (revision 2) took over: refused");
        assertEquals(List.of("1/w0/2", "2/w0/2"), Db.appliedRows(zombieConnection),
                "nothing of the old incarnation's batch is left, not even on its own connection");
        assertEquals(Streams.totals(events.subList(0, 2)), Db.balance(c), "the balances are the restarted w0's 1..2 only");
        assertEquals(new Mark(Db.P, "w0", 2, 2 * TTL, 2, 2), Db.mark(c), "the mark is the restarted w0's");
        assertTrue(Db.canBegin(zombieConnection), "the old incarnation's connection holds no transaction and no lock");
    }

    @Test
    void anIntrudersBatchLeavesNothing() {
        Connection c = file();
        List<Event> events = Db.stream(c, 4);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        p.apply(p.read(2));
        Mark before = Db.mark(c);
        Projector intruder = new Projector(c, new Ownership(Db.P, "w9", 1, 2));
        assertThrows(StaleOwner.class, () -> intruder.apply(events.subList(2, 4)),
                "w9 carries revision 1, but w0 owns the mark: w9's batch 3..4 is refused");
        assertEquals(List.of("1/w0/1", "2/w0/1"), Db.appliedRows(c), "nothing of w9's batch is left");
        assertEquals(Streams.totals(events.subList(0, 2)), Db.balance(c), "the balances are w0's 1..2 only");
        assertEquals(before, Db.mark(c), "the mark is w0's, unchanged");
        assertTrue(Db.canBegin(c), "and no transaction is left open");
    }

    @Test
    void anApplyWhoseCommitFailsLeavesNothing() throws Exception {
        Connection c = Db.impatient(dir); // its COMMIT fails at once instead of after the busy timeout
        Connection reader = file();
        Db.stream(c, 5);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        List<Event> batch = p.read(3);
        try (Statement read = reader.createStatement()) {
            read.execute("BEGIN");
            try (ResultSet r = read.executeQuery("SELECT count(*) FROM events")) {
                r.next();
            }
            assertThrows(IllegalStateException.class, () -> p.apply(batch),
                    "a reader keeps its lock past the busy timeout: apply's COMMIT fails, an SQL error (IllegalStateException)");
            read.execute("ROLLBACK");
        }
        assertEquals(List.of(), Db.appliedRows(c),
                "nothing of the batch is left, not even on the worker's own connection (its transaction was rolled back)");
        assertEquals(Map.of(), Db.balance(c), "no balance either");
        assertEquals(0, Db.mark(c).projected(), "projected stays 0");
        assertTrue(Db.canBegin(reader), "after the failed apply no lock is held: another connection can write");
        assertTrue(Db.canBegin(c), "and the worker's connection has no transaction open");
        p.apply(batch);
        assertEquals(List.of(), Db.notOnce(c, 3), "the same batch applies once the reader is gone: 1..3 once each");
    }

    @Test
    void aFailingEffectRollsTheWholeBatchBack() {
        Connection c = file();
        List<Event> events = Db.stream(c, 5);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        p.apply(p.read(1));
        Db.exec(c, "CREATE TRIGGER refuse_three BEFORE INSERT ON applied WHEN NEW.position = 3"
                + " BEGIN SELECT RAISE(ABORT, 'position 3 is refused'); END");
        List<Event> batch = p.read(3);
        assertThrows(IllegalStateException.class, () -> p.apply(batch),
                "the effect of position 3 fails with an SQL error inside the transaction: apply throws IllegalStateException");
        assertEquals(List.of("1/w0/1"), Db.appliedRows(c),
                "nothing of 2..4 is left, not even on the worker's own connection (its transaction was rolled back)");
        assertEquals(Streams.totals(events.subList(0, 1)), Db.balance(c), "the balances are position 1's only");
        assertEquals(new Mark(Db.P, "w0", 1, TTL, 4, 1), Db.mark(c), "projected stays 1");
        assertTrue(Db.canBegin(file()), "after the failed apply no lock is held: another connection can write");
        assertTrue(Db.canBegin(c), "and the worker's connection has no transaction open");
        Db.exec(c, "DROP TRIGGER refuse_three");
        p.apply(batch);
        assertEquals(List.of(), Db.notOnce(c, 4), "the same batch applies once the fault is gone: 1..4 once each");
        assertEquals(4, Db.mark(c).projected(), "projected 4");
    }

    @Test
    void aBatchBehindTheMarkLeavesNothing() {
        Connection c = file();
        List<Event> events = Db.stream(c, 6);
        Projector p = new Projector(c, Marks.take(c, Db.P, "w0", 0, TTL));
        List<Event> first = p.read(2);
        List<Event> second = p.read(2);
        p.apply(second);
        assertThrows(IllegalArgumentException.class, () -> p.apply(first), "1..2 end behind projected 4: a mark never goes back");
        assertEquals(List.of("3/w0/1", "4/w0/1"), Db.appliedRows(c),
                "nothing of 1..2 is left, not even on the worker's own connection (its transaction was rolled back)");
        assertEquals(Streams.totals(events.subList(2, 4)), Db.balance(c), "the balances are 3..4's only");
        assertEquals(4, Db.mark(c).projected(), "projected stays 4");
        assertTrue(Db.canBegin(file()), "after the refused apply no lock is held: another connection can write");
        assertTrue(Db.canBegin(c), "and the worker's connection has no transaction open");
    }

    /**
     * w0's lease has run out; w1 takes the mark on its own connection just before each statement of w0's apply in
     * turn (it never waits: while w0 holds the write lock it finds the store busy and does nothing). After w1's take
     * nothing of w0's may change the store: the batch was committed before the take, or it is refused and left nothing.
     */
    @Test
    void aTakeBetweenTheStatementsOfAnApplyLeavesAllOrNothing() throws Exception {
        int boundaries = boundariesOfOneApply();
        for (int k = 1; k <= boundaries; k++) {
            Path store = Files.createDirectory(dir.resolve("race-" + k));
            Connection c = file(store);
            List<Event> events = Db.stream(c, 5);
            Connection rival = Db.impatient(store);
            opened.add(rival);
            Between between = Between.wrap(file(store));
            Projector p = new Projector(between.connection(), Marks.take(between.connection(), Db.P, "w0", 0, TTL));
            List<Event> batch = p.read(3);
            String[] atTake = new String[1];
            between.at(k, () -> {
                if (Db.rivalTakes(rival, "w1", TTL, TTL)) {
                    atTake[0] = store(rival);
                }
            });
            boolean refused = false;
            try {
                p.apply(batch);
            } catch (StaleOwner stale) {
                refused = true;
            }
            String where = "w1 tried to take the mark just before statement " + k + " of w0's apply";
            if (atTake[0] != null) {
                assertEquals(atTake[0], store(c), where + ": nothing of w0's changed the store after w1's take");
                if (refused) {
                    assertEquals(List.of(), Db.appliedRows(c), where + ": w0's batch was refused, so none of it is left");
                } else {
                    assertEquals(3, Db.mark(c).projected(), where + ": w0's apply returned, so its batch was in before the take");
                }
            } else {
                assertFalse(refused, where + ", but found the store busy: w0 still owned it");
                assertEquals(List.of("1/w0/1", "2/w0/1", "3/w0/1"), Db.appliedRows(c), where + " and failed: w0's batch is in");
                assertEquals(Streams.totals(events.subList(0, 3)), Db.balance(c), where + " and failed: the balances");
            }
        }
    }

    /** What the store holds: the mark, the applied rows and the balances, as one text. */
    private static String store(Connection c) {
        return Db.mark(c) + " " + Db.appliedRows(c) + " " + Db.balance(c);
    }

    @Test
    void anEmptyBatchIsANoOp() {
        Connection c = file();
        Db.stream(c, 3);
        Crashes crashes = Crashes.wrap(c);
        Projector p = new Projector(crashes.connection(), Marks.take(crashes.connection(), Db.P, "w0", 0, TTL));
        p.apply(p.read(2));
        Mark before = Db.mark(c);
        int boundaries = crashes.boundaries().size();
        p.apply(List.of());
        assertEquals(boundaries, crashes.boundaries().size(), "an empty batch runs no statement at all");
        assertEquals(before, Db.mark(c), "the mark is unchanged");
        assertEquals(2, Db.count(c, "SELECT count(*) FROM applied"), "no applied row");
    }

    // ---- crashes at every boundary ---------------------------------------------------------------------------------

    @Test
    void aCrashAtAnyBoundaryOfReadAndApplyLosesAndRepeatsNothing() throws Exception {
        int boundaries = boundariesOfOneRound() + 1;
        for (int k = 1; k <= boundaries; k++) {
            Path store = Files.createDirectory(dir.resolve("round-" + k));
            Connection c = file(store);
            List<Event> events = Db.stream(c, 8);
            Crashes crashes = Crashes.wrap(file(store));
            Projector first = new Projector(crashes.connection(), Marks.take(crashes.connection(), Db.P, "w0", 0, TTL));
            first.apply(first.read(2));
            crashes.arm(k);
            try {
                Db.drain(first, 3);
            } catch (WorkerDied died) {
                // w0's process is gone; its lease runs out
            }
            String where = "w0 died at boundary " + k + " of a read + apply after 1..2 (" + crashes.diedAt() + ")";
            Ownership next = Marks.take(c, Db.P, "w1", TTL, TTL);
            Db.drain(new Projector(c, next), 3);
            assertEquals(List.of(), Db.notOnce(c, 8), where + ", then w1 drained: positions not applied exactly once (position×times)");
            assertEquals(Streams.totals(events), Db.balance(c), where + ": the balances");
            assertEquals(8, Db.mark(c).projected(), where + ": projected at the end");
        }
    }

    /** The boundaries one read of 3 and its apply pass, measured on the code under test. */
    private int boundariesOfOneRound() throws Exception {
        Path store = Files.createDirectory(dir.resolve("measure-round"));
        Connection c = file(store);
        Db.stream(c, 8);
        Crashes crashes = Crashes.wrap(c);
        Projector p = new Projector(crashes.connection(), Marks.take(crashes.connection(), Db.P, "w0", 0, TTL));
        p.apply(p.read(2));
        int before = crashes.boundaries().size();
        p.apply(p.read(3));
        return crashes.boundaries().size() - before;
    }
}
