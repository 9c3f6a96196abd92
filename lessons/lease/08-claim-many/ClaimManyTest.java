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
                    Db.awaitWaiting(Db::waitingInJobs, GATED_RACERS, () -> racers.stream().allMatch(Future::isDone));
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

    @Test
    void aClaimCommittedMidCallIsRespected() throws Exception {
        Path db = Db.freshWal(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        OptionalLong a = Db.landingMidCall(db, () -> Jobs.claim(db, "j", "A", 10.0, 5.0),
                "UPDATE jobs SET owner = 'B', until = 20.0, fence = 1 WHERE id = 'j'");
        assertEquals(OptionalLong.empty(), a,
                "claim by A while another process's claim by B (fence 1) lands between A's read and A's write");
        assertEquals(new Db.Row("j", "B", 20.0, 1, null, 0), Db.row(db, "j"), "row j keeps B's claim");
    }

    @Test
    @Timeout(30)
    void claimsAreInFlightAtTheSameTime() throws Exception {
        Path db = Db.freshWal(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        List<String> owners = List.of("A", "B", "C", "D");
        // claimMany runs in this thread; another connection holds the write lock until the claims wait for it.
        Db.Locked<List<OptionalLong>> run = Db.underLock(db, () -> Jobs.claimMany(db, "j", owners, 0.0, 10.0),
                Db::waitingInJobs, owners.size(), 400, null);
        List<OptionalLong> results = run.value();
        int most = run.mostWaiting();
        assertTrue(most >= 2, "while another connection held the write lock, at most " + most
                + " of the 4 claims were waiting for it at once: claimMany must run the claims concurrently");
        assertEquals(owners.size(), results.size(), "claimMany must return one result per owner");
        assertEquals(owners.get(onlyWinner(results)), Db.row(db, "j").owner(), "the stored owner must be the owner whose position holds the fence");
    }

    @Test
    @Timeout(30)
    void theWinnersFenceIsAtTheWinnersIndexWhoeverWins() throws Exception {
        List<String> owners = List.of("w0", "w1", "w2", "w3", "w4", "w5");
        for (int round = 0; round < ROUNDS; round++) {
            Path roundDir = dir.resolve("order-" + round);
            roundDir.toFile().mkdirs();
            Path db = Db.freshWal(roundDir);
            Db.insert(db, "j", null, 0.0, 0, null, 0);
            // All claims wait behind another connection's lock; which one wins when it goes is up to SQLite.
            List<OptionalLong> results = Db.underLock(db, () -> Jobs.claimMany(db, "j", owners, 0.0, 10.0),
                    Db::waitingInJobs, owners.size(), 150, null).value();
            assertEquals(owners.size(), results.size(), "round " + round + ": one result per owner");
            int winner = onlyWinner(results);
            assertEquals(owners.get(winner), Db.row(db, "j").owner(),
                    "round " + round + ": results " + results + " must be in input order: the stored owner must be the owner at the position holding the fence");
        }
    }

    @Test
    void aBadTtlSurfacesFromClaimMany() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> Jobs.claimMany(db, "j", List.of("A", "B"), 0.0, 0.0),
                "claimMany with ttl=0: claim's IllegalArgumentException must come out of claimMany, not empty results");
        boolean iae = false;
        for (Throwable t = thrown; t != null && !iae; t = t.getCause() == t ? null : t.getCause()) {
            iae = t instanceof IllegalArgumentException;
        }
        if (!iae) {
            // keeps what was thrown as the cause, so a skeleton's "not yet" still reads as not started
            throw new AssertionError("claimMany with ttl=0 threw " + thrown
                    + ", which is not claim's IllegalArgumentException nor caused by it", thrown);
        }
        assertEquals(new Db.Row("j", null, 0.0, 0, null, 0), Db.row(db, "j"), "row j after the rejected claimMany");
    }

    @Test
    void epochSecondsAreStoredExactly() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        double now = 1.7e9 + 0.1;
        assertEquals(List.of(OptionalLong.of(1)), Jobs.claimMany(db, "j", List.of("A"), now, 0.25), "claimMany([A]) at now = 1.7e9 + 0.1, ttl 0.25");
        assertEquals(new Db.Row("j", "A", now + 0.25, 1, null, 0), Db.row(db, "j"), "until must be exactly now + ttl");
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

    /**
     * The contract of claimMany as a model, on random rows and owner lists: one result per owner, and on a claimable
     * job exactly one fence (the stored one + 1) at the position of the owner now stored.
     */
    @Test
    void agreesWithTheContractOnRandomRows() throws Exception {
        Prop.check(dir, 8, 6, r -> {
            Prop.JobCase c = Prop.JobCase.draw(r);
            List<String> owners = new ArrayList<>();
            for (int i = r.nextInt(4); i > 0; i--) {
                owners.add(Prop.pick(r, "A", "B", "C"));
            }
            // With no owners no claim runs; whether a bad ttl should still throw is not the contract's to say.
            return owners.isEmpty() && !(c.ttl() > 0) ? new Many(c, List.of("A")) : new Many(c, owners);
        }, m -> {
            List<Many> out = new ArrayList<>();
            for (int i = 0; i < m.owners().size() && (m.owners().size() > 1 || m.c().ttl() > 0); i++) {
                List<String> fewer = new ArrayList<>(m.owners());
                fewer.remove(i);
                out.add(new Many(m.c(), fewer));
            }
            m.c().simpler().forEach(s -> out.add(new Many(s, m.owners())));
            return out;
        }, (m, t) -> {
            Prop.JobCase c = m.c();
            List<Db.Row> before = c.setUp(t);
            Prop.Got got = Prop.call(() -> Jobs.claimMany(t.db, "j", m.owners(), c.now(), c.ttl()));
            List<Db.Row> after = t.rows();
            String call = "claimMany(db, \"j\", " + m.owners() + ", now=" + c.now() + ", ttl=" + c.ttl() + ")";
            Db.Row j = c.j();
            boolean claimable = j != null && j.done() == 0 && !(j.until() > c.now());
            if (m.owners().isEmpty() || !(c.ttl() > 0) || !claimable) {
                Prop.Got want = m.owners().isEmpty() ? Prop.Got.of(List.of())
                        : !(c.ttl() > 0) ? Prop.Got.threw(IllegalArgumentException.class)
                        : Prop.Got.of(m.owners().stream().map(o -> OptionalLong.empty()).toList());
                return got.agrees(want) && after.equals(before) ? null
                        : Prop.story(before, call, got.toString(), after, want.toString(), before);
            }
            long next = j.fence() + 1;
            String want = "one result per owner, exactly one of them OptionalLong[" + next
                    + "] at the position of the owner stored";
            if (got.thrown() == null && got.value() instanceof List<?> results && results.size() == m.owners().size()) {
                List<Integer> winners = new ArrayList<>();
                for (int i = 0; i < results.size(); i++) {
                    if (results.get(i) instanceof OptionalLong f && f.isPresent()) {
                        winners.add(i);
                    }
                }
                if (winners.size() == 1 && results.get(winners.get(0)).equals(OptionalLong.of(next))) {
                    Db.Row won = new Db.Row("j", m.owners().get(winners.get(0)), c.now() + c.ttl(), next, j.result(), j.done());
                    List<Db.Row> expected = Prop.with(before, "j", won);
                    if (after.equals(expected)) {
                        return null;
                    }
                    return Prop.story(before, call, got.toString(), after, want, expected);
                }
            }
            return Prop.story(before, call, got.toString(), after, want, List.of());
        });
    }

    private record Many(Prop.JobCase c, List<String> owners) {}
}
