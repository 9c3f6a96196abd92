package projection;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TallyTest {
    final Connection c = Db.memory();

    @AfterEach
    void close() {
        Db.close(c);
    }

    /** The applied log as given: one row per position listed, as many times as listed. */
    private void applied(long... positions) {
        for (long p : positions) {
            Db.exec(c, "INSERT INTO applied(position, owner, revision) VALUES(?, 'w0', 1)", p);
        }
    }

    @Test
    void aCleanProjectionCountsNothingWrong() {
        Db.stream(c, 5);
        applied(1, 2, 3, 4, 5);
        assertEquals(new Counts(5, 0, 0), Tally.count(c), "five events, each applied once");
    }

    @Test
    void anEmptyStoreCountsZero() {
        assertEquals(new Counts(0, 0, 0), Tally.count(c), "no events, nothing applied");
    }

    @Test
    void eventsAreCountedFromTheStream() {
        Db.stream(c, 5);
        applied(1, 2);
        assertEquals(5, Tally.count(c).events(), "five events in the stream, whatever was applied");
    }

    @Test
    void countingWritesNothingAndKeepsTheConnection(@TempDir Path dir) throws Exception {
        Connection f = Db.file(dir);
        try {
            Db.stream(f, 5);
            for (long p : new long[] {1, 2, 2, 3}) {
                Db.exec(f, "INSERT INTO applied(position, owner, revision) VALUES(?, 'w0', 1)", p);
            }
            byte[] before = Files.readAllBytes(dir.resolve("store.db"));
            long changes = Db.count(f, "SELECT total_changes()");
            assertEquals(new Counts(5, 2, 1), Tally.count(f), "4 and 5 never applied, 2 twice");
            assertFalse(f.isClosed(), "count works on the connection it is given and never closes it");
            assertEquals(changes, Db.count(f, "SELECT total_changes()"), "count changed no row, not even of a temporary table");
            assertArrayEquals(before, Files.readAllBytes(dir.resolve("store.db")),
                    "the store's file is byte for byte what it was: counting writes nothing (no table, no index, no statistics)");
            assertEquals(new Counts(5, 2, 1), Tally.count(f), "counting again on the same connection");
            Connection other = Db.file(dir);
            try {
                Db.exec(f, "INSERT INTO applied(position, owner, revision) VALUES(4, 'w0', 1)");
                assertEquals(5, Db.count(other, "SELECT count(*) FROM applied"),
                        "after count the connection is as it was (autocommit, no transaction): a write on it is committed at once");
                assertTrue(Db.canBegin(f), "count left no transaction open on the connection");
            } finally {
                Db.close(other);
            }
        } finally {
            Db.close(f);
        }
    }

    @Test
    void countingAStoreWithoutTheTablesIsAnIllegalState() throws Exception {
        try (Connection bare = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            assertThrows(IllegalStateException.class, () -> Tally.count(bare),
                    "a store without the tables: count's SQL error is an IllegalStateException");
            assertFalse(bare.isClosed(), "the connection it was given stays open");
        }
    }

    @Test
    void lostEventsAreTheOnesNeverApplied() {
        Db.stream(c, 5);
        applied(1, 2, 2, 3, 4);
        assertEquals(new Counts(5, 1, 1), Tally.count(c), "position 5 never applied (lost 1), position 2 twice (1 duplicate)");
    }

    @Test
    void aLossInTheMiddleIsCounted() {
        Db.stream(c, 5);
        applied(1, 2, 4, 5);
        assertEquals(new Counts(5, 1, 0), Tally.count(c), "position 3 never applied, though 4 and 5 were: lost 1");
    }

    @Test
    void anAppliedPositionOutsideTheStreamHidesNoLoss() {
        Db.stream(c, 3);
        applied(1, 2, 7);
        assertEquals(new Counts(3, 1, 0), Tally.count(c),
                "position 3 never applied (lost 1), though an applied row of position 7, outside the stream, makes the distinct positions 3");
    }

    @Test
    void aPositionAppliedThreeTimesCountsTwoDuplicates() {
        Db.stream(c, 2);
        applied(1, 1, 1, 2);
        assertEquals(new Counts(2, 0, 2), Tally.count(c), "position 1 applied 3 times: 2 applies beyond the first");
    }

    @Test
    void duplicatesAddUpAcrossPositions() {
        Db.stream(c, 4);
        applied(1, 1, 2, 2, 3);
        assertEquals(new Counts(4, 1, 2), Tally.count(c), "1 and 2 twice each (2 duplicates), 4 never (1 lost)");
    }

    @Test
    void aDuplicateIsARepeatedPositionWhoeverAppliedIt() {
        Db.stream(c, 3);
        Db.exec(c, "INSERT INTO applied(position, owner, revision) VALUES(1, 'w0', 1), (1, 'w1', 2), (3, 'w1', 2), (3, 'w1', 2)");
        assertEquals(new Counts(3, 1, 2), Tally.count(c),
                "1 applied by w0 and again by w1 after a failover, 3 twice by w1 (2 duplicates), 2 never (1 lost)");
    }

    @Test
    void aRepeatedPositionOutsideTheStreamIsADuplicateToo() {
        Db.stream(c, 3);
        applied(1, 2, 3, 7, 7);
        assertEquals(new Counts(3, 0, 1), Tally.count(c),
                "1..3 once each, and position 7, outside the stream, applied twice: 1 duplicate (the rows beyond the first of each position)");
    }

    @Test
    void theProbeIsDeterministic() {
        Counts once = FailoverProbe.run(5, 2, 4, 30);
        assertEquals(once, FailoverProbe.run(5, 2, 4, 30), "the same seed, workers and failovers give the same counts");
        assertEquals(30, once.events(), "the probe's stream");
    }

    @Test
    void theProbeLosesAndRepeatsNothingOnYourCode() {
        List<String> dirty = new ArrayList<>();
        for (int workers : new int[] {1, 2, 4}) {
            for (int failovers : new int[] {1, 3, 6}) {
                Counts counts = FailoverProbe.run(1, workers, failovers, 40);
                if (!counts.clean() || counts.events() != 40) {
                    dirty.add(workers + " workers, " + failovers + " failovers: " + counts);
                }
            }
        }
        assertEquals(List.of(), dirty, "cells with a loss or a duplicate (seed 1, 40 events)");
    }
}
