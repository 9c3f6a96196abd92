package projection;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
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
        assertEquals(0, Db.mark(c).seen(), "nothing was handed out");
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
