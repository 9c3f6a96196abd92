package pgqueue;

import static org.junit.jupiter.api.Assertions.*;

import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class RetryTest {
    private static final Clock CLOCK = Clock.systemUTC();
    /** A worker that has retried this often is retrying for ever: the test stops it. */
    private static final int FOR_EVER = 12;
    private final Db db = Db.fresh();
    private final Pool pool = db.pool();
    private final Leases worker = new Leases(pool, CLOCK);
    private final AtomicInteger attempts = new AtomicInteger();

    @AfterEach
    void closeConnections() {
        db.close();
    }

    /** Fails with {@code state} on the first {@code failures} attempts, then inserts job {@code id} and returns 7. */
    private Leases.Work<Integer> failing(int failures, String state, String id) {
        return c -> {
            int n = attempts.incrementAndGet();
            if (n > FOR_EVER) {
                throw new AssertionError("still retrying after " + FOR_EVER + " attempts");
            }
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO jobs(id) VALUES ('attempt" + n + "')");
            }
            if (n <= failures) {
                throw new SQLException("simulated failure " + state + " #" + n, state);
            }
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO jobs(id) VALUES ('" + id + "')");
            }
            return 7;
        };
    }

    @Test
    void runsTheWorkInATransactionAndCommits() {
        assertEquals(7, worker.inTransaction(failing(0, null, "x")), "inTransaction's value is the work's");
        assertNotNull(db.row("x"), "the work's insert must be committed");
        assertEquals(1, attempts.get(), "attempts");
    }

    @Test
    void theWorkRunsWithAutocommitOff() {
        boolean auto = worker.inTransaction(c -> c.getAutoCommit());
        assertFalse(auto, "the work must run with autocommit off (one transaction, not one per statement)");
    }

    @Test
    void aSerializationFailureIsRetried() {
        assertEquals(7, worker.inTransaction(failing(2, "40001", "x")), "the value after two serialization failures");
        assertEquals(3, attempts.get(), "attempts: two failures with SQLSTATE 40001, then success");
    }

    @Test
    void aDeadlockIsRetried() {
        assertEquals(7, worker.inTransaction(failing(1, "40P01", "x")), "the value after a deadlock");
        assertEquals(2, attempts.get(), "attempts: one failure with SQLSTATE 40P01, then success");
    }

    @Test
    void aFailedAttemptLeavesNothingBehind() {
        worker.inTransaction(failing(2, "40001", "x"));
        assertNull(db.row("attempt1"), "the insert of the first (failed) attempt must be rolled back");
        assertNull(db.row("attempt2"), "the insert of the second (failed) attempt must be rolled back");
        assertNotNull(db.row("attempt3"), "the insert of the third attempt must be committed");
        assertEquals("", pool.problems(), "the pool after two failed attempts and a success");
    }

    @Test
    void itGivesUpAfterFiveAttempts() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> worker.inTransaction(failing(Integer.MAX_VALUE, "40001", "x")), "a transaction that always fails with 40001");
        assertEquals(5, attempts.get(), "attempts before giving up (5 in all)");
        assertTrue(e.getCause() instanceof SQLException s && "40001".equals(s.getSQLState())
                        && String.valueOf(s.getMessage()).endsWith("#5"),
                "the exception's cause must be the last SQLException (40001, of the fifth attempt), but was " + e.getCause());
        assertEquals("", pool.problems(), "the pool after five failed attempts");
    }

    @Test
    void anotherSqlErrorIsNotRetried() {
        assertThrows(IllegalStateException.class, () -> worker.inTransaction(failing(1, "23505", "x")),
                "a unique violation (23505) is a bug to report, not a race to retry");
        assertEquals(1, attempts.get(), "attempts after an error that is not a serialization failure");
        assertEquals("", pool.problems(), "the pool after the failure");
    }

    @Test
    void aRuntimeExceptionIsNotRetriedAndPassesThrough() {
        assertThrows(UnsupportedOperationException.class, () -> worker.inTransaction(c -> {
            attempts.incrementAndGet();
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO jobs(id) VALUES ('before-the-bug')");
            }
            throw new UnsupportedOperationException("the work's own bug");
        }), "a RuntimeException from the work");
        assertEquals(1, attempts.get(), "attempts after a RuntimeException");
        assertEquals("", pool.problems(), "the pool after the failure");
        assertNull(db.row("before-the-bug"), "what the work wrote before its RuntimeException must be rolled back");
    }

    @Test
    void anotherSqlErrorRollsBackWhatTheWorkWrote() {
        assertThrows(IllegalStateException.class, () -> worker.inTransaction(failing(1, "23505", "x")),
                "a work that fails with a unique violation (23505)");
        assertNull(db.row("attempt1"), "what the work wrote before its SQL error must be rolled back");
        assertEquals("", pool.problems(), "the pool after the failure");
    }

    @Test
    void aCommitThatFailsWith40001IsRetriedToo() {
        Pool failing = db.pool().failingCommits(1);
        assertEquals(7, new Leases(failing, CLOCK).inTransaction(failing(0, null, "x")),
                "the value after a commit that failed with 40001 (as under SERIALIZABLE)");
        assertEquals(2, attempts.get(), "attempts: the commit of the first failed with 40001, the second committed");
        assertNotNull(db.row("x"), "the second attempt's insert must be committed");
    }

    @Test
    @Timeout(20)
    void underRepeatableReadAClaimThatMeetsAConcurrentClaimIsRetriedAndRefused() throws Exception {
        Pool rr = db.pool("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL REPEATABLE READ");
        Leases c = new Leases(rr, CLOCK);
        db.held("j", "A", 1, -1);
        try (Db.Held other = db.claimingInAnotherTransaction("j", "B")) {
            CompletableFuture<OptionalLong> claim = CompletableFuture.supplyAsync(() -> c.claim("j", "C", 30));
            assertTrue(db.awaitWaitingForALock(5000), "C's claim must wait for B's uncommitted claim of the same row");
            other.commit();
            OptionalLong got;
            try {
                got = claim.get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new AssertionError("under REPEATABLE READ, C's claim met B's committed claim (SQLSTATE 40001) "
                        + "and must be retried and refused, but it threw: " + e.getCause(), e.getCause());
            }
            assertEquals(OptionalLong.empty(), got, "C's claim, retried after B's claim committed");
        }
        assertEquals(new Db.Row("j", "B", 0, 2, null, false), db.row("j").timeless(), "row j: B's claim stands");
        assertEquals("", rr.problems(), "the pool after the retried claim");
    }
}
