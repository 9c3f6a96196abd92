package lease;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class ClaimManyTest {
    private static final int RACERS = 16;
    private static final int ROUNDS = 3;
    private static final int GATED_RACERS = 6;
    private static final int GATE_MILLIS = 40;
    private static final int MANY_ROUNDS = 3;

    @TempDir Path dir;

    @Test
    void singleOwnerClaimsAFreeJob() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        assertEquals(List.of(OptionalLong.of(1)), Jobs.claimMany(db, "j", List.of("A"), 0.0, 10.0), "claimMany with the single owner A");
        assertEquals(new Db.Row("j", "A", 10.0, 1, null, 0), Db.row(db, "j"), "row j after claimMany");
    }

    @Test
    void oneResultPerOwnerInInputOrderAndExactlyOneWinner() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        List<String> owners = List.of("A", "B", "C", "D");
        List<OptionalLong> results = Jobs.claimMany(db, "j", owners, 0.0, 10.0);
        assertEquals(owners.size(), results.size(), "claimMany must return one result per owner");
        int winner = onlyWinner(results);
        assertEquals(OptionalLong.of(1), results.get(winner), "the winner's fence on a fresh job");
        assertEquals(owners.get(winner), Db.row(db, "j").owner(), "the stored owner must be the owner whose position holds the fence");
    }

    @Test
    void heldJobGivesNobodyAFence() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "Z", 50.0, 4, null, 0);
        List<OptionalLong> results = Jobs.claimMany(db, "j", List.of("A", "B", "C"), 10.0, 10.0);
        assertEquals(List.of(OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty()), results, "claimMany while Z holds the lease");
        assertEquals(new Db.Row("j", "Z", 50.0, 4, null, 0), Db.row(db, "j"), "row j after claimMany");
    }

    @Test
    void expiredJobGoesToExactlyOneWithTheNextFence() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "Z", 5.0, 4, null, 0);
        List<String> owners = List.of("A", "B", "C");
        List<OptionalLong> results = Jobs.claimMany(db, "j", owners, 10.0, 10.0);
        assertEquals(owners.size(), results.size(), "claimMany must return one result per owner");
        int winner = onlyWinner(results);
        assertEquals(OptionalLong.of(5), results.get(winner), "the winner's fence after generation 4 expired");
        assertEquals(new Db.Row("j", owners.get(winner), 20.0, 5, null, 0), Db.row(db, "j"), "row j after claimMany");
    }

    @Test
    void noOwnersGiveAnEmptyList() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        assertEquals(List.of(), Jobs.claimMany(db, "j", List.of(), 0.0, 10.0), "claimMany with no owners");
        assertEquals(new Db.Row("j", null, 0.0, 0, null, 0), Db.row(db, "j"), "row j after claimMany with no owners");
    }

    @Test
    @Timeout(60)
    void racingClaimsHaveExactlyOneWinner() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            Path roundDir = dir.resolve("round-" + round);
            roundDir.toFile().mkdirs();
            Path db = Db.freshWal(roundDir);
            Db.insert(db, "j", null, 0.0, 0, null, 0);
            CyclicBarrier start = new CyclicBarrier(GATED_RACERS);
            ExecutorService pool = Executors.newFixedThreadPool(GATED_RACERS);
            try {
                List<Future<OptionalLong>> racers = new ArrayList<>();
                // Every racer starts while another connection holds the write lock, so all of them are inside claim
                // at once; the lock then goes and they finish in whatever order SQLite lets them.
                try (AutoCloseable gate = Db.writeLock(db)) {
                    for (int i = 0; i < GATED_RACERS; i++) {
                        String owner = "w" + i;
                        racers.add(pool.submit(() -> {
                            start.await(10, TimeUnit.SECONDS);
                            return Jobs.claim(db, "j", owner, 0.0, 10.0);
                        }));
                    }
                    Thread.sleep(GATE_MILLIS);
                }
                List<OptionalLong> results = new ArrayList<>();
                for (Future<OptionalLong> f : racers) {
                    results.add(f.get(30, TimeUnit.SECONDS));
                }
                int winner = onlyWinner(results);
                assertEquals(OptionalLong.of(1), results.get(winner), "round " + round + ": the winner's fence");
                assertEquals(new Db.Row("j", "w" + winner, 10.0, 1, null, 0), Db.row(db, "j"), "round " + round + ": row j after the race");
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    @Timeout(60)
    void claimManyOnARaceHasExactlyOneWinner() {
        List<String> owners = new ArrayList<>();
        for (int i = 0; i < RACERS; i++) {
            owners.add("w" + i);
        }
        for (int round = 0; round < MANY_ROUNDS; round++) {
            Path roundDir = dir.resolve("many-" + round);
            roundDir.toFile().mkdirs();
            Path db = Db.freshWal(roundDir);
            Db.insert(db, "j", null, 0.0, 0, null, 0);
            List<OptionalLong> results = Jobs.claimMany(db, "j", owners, 0.0, 10.0);
            assertEquals(RACERS, results.size(), "round " + round + ": one result per owner");
            int winner = onlyWinner(results);
            assertEquals(OptionalLong.of(1), results.get(winner), "round " + round + ": the winner's fence");
            assertEquals("w" + winner, Db.row(db, "j").owner(), "round " + round + ": the stored owner");
        }
    }

    /** The index of the single present result; fails when there are none or more than one. */
    private static int onlyWinner(List<OptionalLong> results) {
        int winner = -1;
        int winners = 0;
        for (int i = 0; i < results.size(); i++) {
            if (results.get(i).isPresent()) {
                winner = i;
                winners++;
            }
        }
        assertEquals(1, winners, "number of owners that got a fence: " + results);
        return winner;
    }
}
