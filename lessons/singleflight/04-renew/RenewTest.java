package singleflight;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RenewTest {
    @TempDir Path dir;
    final FakeClocks clocks = new FakeClocks();
    final ReceiptLog log = new ReceiptLog();
    static final long TTL = Duration.ofSeconds(30).toNanos();

    private Coordinator coordinator(Policy p) {
        return new Coordinator(Fx.db(dir), clocks.clocks(), Config.of(p), log);
    }

    @Test
    void aLiveLeaseIsRenewedToNowPlusTtl() {
        Coordinator c = coordinator(Policy.SKIP);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        clocks.advance(Duration.ofSeconds(10));
        assertEquals(RenewVerdict.RENEWED, c.renew(a), "renew 10 s into a 30 s lease");
        assertEquals(clocks.mono() + TTL, c.current(Fx.SCOPE).orElseThrow().expiresNanos(), "the expiry is now + ttl");
        assertEquals(a.fence(), c.current(Fx.SCOPE).orElseThrow().fence(), "a renew keeps the fence");
    }

    @Test
    void theExpiryIsExactlyNowPlusTtlNotTheLater() {
        Coordinator c = new Coordinator(Fx.db(dir), clocks.clocks(), Config.of(Policy.SKIP), log);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        Coordinator shorter = new Coordinator(Fx.db(dir), clocks.clocks(), Config.of(Policy.SKIP).withTtl(Duration.ofSeconds(5)), log);
        assertEquals(RenewVerdict.RENEWED, shorter.renew(a), "renew with a 5 s ttl at once");
        assertEquals(clocks.mono() + Duration.ofSeconds(5).toNanos(), c.current(Fx.SCOPE).orElseThrow().expiresNanos(),
                "the expiry is now + 5 s, even though the old one was later");
    }

    @Test
    void aRenewAtTheExpiryInstantIsTooLate() {
        Coordinator c = coordinator(Policy.SKIP);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        clocks.advanceMono(Duration.ofSeconds(30));
        assertEquals(RenewVerdict.EXPIRED, c.renew(a), "now == expires: the lease is dead");
        assertEquals(a.expiresNanos(), c.current(Fx.SCOPE).orElseThrow().expiresNanos(), "an EXPIRED renew changes nothing");
        assertEquals(2, c.acquire(Fx.trigger("run-b")).lease().orElseThrow().fence(), "the next acquire gets a new fence");
    }

    @Test
    void aLeaseExpiresOnTheMonotonicClockWhateverTheWallSays() {
        Coordinator c = coordinator(Policy.SKIP);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        clocks.setWall(Instant.parse("2026-03-01T08:00:00Z"));
        assertEquals(RenewVerdict.RENEWED, c.renew(a), "the wall clock stepped back an hour: nothing about the lease changes");
        clocks.setWall(Instant.parse("2026-03-02T09:00:00Z"));
        assertEquals(RenewVerdict.RENEWED, c.renew(a), "the wall clock jumped a day ahead: the lease is still live");
        clocks.advanceMono(Duration.ofSeconds(31));
        assertEquals(RenewVerdict.EXPIRED, c.renew(a), "31 s on the monotonic clock with the wall clock still: expired");
    }

    @Test
    void anotherFenceIsFencedOut() {
        Coordinator c = coordinator(Policy.REPLACE);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        Lease b = c.acquire(Fx.trigger("run-b")).lease().orElseThrow();
        assertEquals(RenewVerdict.FENCED_OUT, c.renew(a), "the old fence 1 against stored fence 2");
        Lease newer = new Lease(b.scope(), b.key(), b.owner(), b.run(), 7, b.acquiredNanos(), b.expiresNanos());
        assertEquals(RenewVerdict.FENCED_OUT, c.renew(newer), "a fence newer than the stored one is not this lease either");
        assertEquals(2, c.current(Fx.SCOPE).orElseThrow().fence(), "renews never change the stored fence");
    }

    @Test
    void aReleasedOrMissingLeaseIsNotHeld() {
        Coordinator c = coordinator(Policy.SKIP);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        assertTrue(c.release(a, RunOutcome.COMMITTED), "release of the current lease");
        assertEquals(RenewVerdict.NOT_HELD, c.renew(a), "renew after the release");
        Lease elsewhere = new Lease("t9", "t9@x", "host-a", "run-z", 1, 0, TTL);
        assertEquals(RenewVerdict.NOT_HELD, c.renew(elsewhere), "renew of a scope that has no row");
    }

    @Test
    void renewAndReleaseWriteReceipts() {
        Coordinator c = coordinator(Policy.SKIP);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        c.renew(a);
        c.release(a, RunOutcome.COMMITTED);
        assertEquals(java.util.List.of("ACQUIRE ACQUIRED", "RENEW RENEWED", "RELEASE RELEASED"),
                log.all().stream().map(r -> r.kind() + " " + r.verdict()).toList(), "kinds and verdicts of the receipts");
        assertEquals(java.util.OptionalInt.empty(), Replay.firstDivergence(Config.of(Policy.SKIP), log.all()), "they replay");
    }

    @Test
    void nullLeaseIsRefused() {
        Coordinator c = coordinator(Policy.SKIP);
        assertThrows(IllegalArgumentException.class, () -> c.renew(null), "renew(null)");
        assertThrows(IllegalArgumentException.class, () -> c.release(null, RunOutcome.COMMITTED), "release(null, …)");
    }
}
