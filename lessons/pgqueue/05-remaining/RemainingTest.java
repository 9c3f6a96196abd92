package pgqueue;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Clock;
import java.time.Duration;
import java.util.OptionalDouble;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RemainingTest {
    private static final Clock CLOCK = Clock.systemUTC();
    private final Db db = Db.fresh();
    private final Pool pool = db.pool();

    @AfterEach
    void closeConnections() {
        db.close();
    }

    private static void assertAbout(double expected, OptionalDouble got, String what) {
        assertTrue(got.isPresent() && got.getAsDouble() > expected - 1.5 && got.getAsDouble() <= expected + 0.01,
                what + ": about " + expected + " s left by the server's clock, but got " + got);
    }

    @Test
    void itIsTheSecondsLeftByTheServersClock() {
        db.held("j", "A", 3, 20);
        assertAbout(20, new Leases(pool, CLOCK).remaining("j", "A", 3), "remaining(\"j\", \"A\", fence=3)");
    }

    @Test
    void fractionsOfASecondAreKept() {
        db.held("j", "A", 3, 20.9);
        java.util.OptionalDouble got = new Leases(pool, CLOCK).remaining("j", "A", 3);
        assertTrue(got.isPresent() && got.getAsDouble() > 20.3 && got.getAsDouble() <= 20.91,
                "remaining of a lease with 20.9 s left: the seconds with their fraction, but got " + got);
    }

    @Test
    void minutesLeftAreCountedInSeconds() {
        db.held("j", "A", 3, 150);
        assertAbout(150, new Leases(pool, CLOCK).remaining("j", "A", 3), "remaining of a lease with 2 min 30 s left");
    }

    @Test
    void aWorkerWhoseClockRunsAnHourSlowGetsTheSameAnswer() {
        db.held("j", "A", 3, 20);
        Leases slow = new Leases(pool, Clock.offset(CLOCK, Duration.ofHours(-1)));
        assertAbout(20, slow.remaining("j", "A", 3), "remaining asked by a worker whose clock runs an hour slow");
    }

    @Test
    void aWorkerWhoseClockRunsAnHourFastGetsTheSameAnswer() {
        db.held("j", "A", 3, 20);
        Leases fast = new Leases(pool, Clock.offset(CLOCK, Duration.ofHours(1)));
        assertAbout(20, fast.remaining("j", "A", 3), "remaining asked by a worker whose clock runs an hour fast");
    }

    @Test
    void anEndedLeaseHasNothingLeftWhateverTheWorkersClock() {
        db.held("j", "A", 3, -1);
        Leases slow = new Leases(pool, Clock.offset(CLOCK, Duration.ofHours(-1)));
        assertEquals(OptionalDouble.empty(), slow.remaining("j", "A", 3),
                "remaining of a lease that ended 1 s ago by the server's clock, asked by a worker whose clock runs an hour slow");
    }

    @Test
    void anOldFenceHasNothingLeft() {
        db.held("j", "A", 5, 20);
        assertEquals(OptionalDouble.empty(), new Leases(pool, CLOCK).remaining("j", "A", 4),
                "remaining with fence 4 when the row has fence 5 (the job was claimed again)");
    }

    @Test
    void anotherOwnerHasNothingLeft() {
        db.held("j", "A", 5, 20);
        assertEquals(OptionalDouble.empty(), new Leases(pool, CLOCK).remaining("j", "B", 5), "remaining asked by B for A's lease");
    }

    @Test
    void aDoneJobHasNothingLeft() {
        db.done("j", "A", 5, 20, "r");
        assertEquals(OptionalDouble.empty(), new Leases(pool, CLOCK).remaining("j", "A", 5), "remaining of a finished job");
    }

    @Test
    void aMissingJobHasNothingLeft() {
        assertEquals(OptionalDouble.empty(), new Leases(pool, CLOCK).remaining("j", "A", 1), "remaining of a job that does not exist");
    }

    @Test
    void itGivesItsConnectionBack() {
        db.held("j", "A", 3, 20);
        new Leases(pool, CLOCK).remaining("j", "A", 3);
        new Leases(pool, CLOCK).remaining("j", "A", 2);
        assertEquals("", pool.problems(), "the pool after two calls of remaining");
    }

    @Test
    void sqlErrorsAreThrownAsIllegalStateException() {
        try (Db broken = Db.empty()) {
            Leases w = new Leases(broken.pool(), CLOCK);
            assertThrows(IllegalStateException.class, () -> w.remaining("j", "A", 1), "remaining on a schema without a jobs table");
        }
    }
}
