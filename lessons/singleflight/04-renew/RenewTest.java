package singleflight;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
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
    void anOldFenceIsFencedOutEvenWhenTheLeaseIsReleasedOrExpired() {
        Coordinator c = coordinator(Policy.REPLACE);
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        Lease b = c.acquire(Fx.trigger("run-b")).lease().orElseThrow();
        assertTrue(c.release(b, RunOutcome.COMMITTED), "run-b (fence 2) is released");
        assertEquals(RenewVerdict.FENCED_OUT, c.renew(a), "run-a's fence 1 against the stored fence 2, released: the fence decides first");
        Lease x = c.acquire(Fx.trigger("t2", "t2@x", "run-x", Source.CRON)).lease().orElseThrow();
        Lease y = c.acquire(Fx.trigger("t2", "t2@x", "run-y", Source.MANUAL)).lease().orElseThrow();
        clocks.advanceMono(Duration.ofSeconds(31));
        assertEquals(RenewVerdict.FENCED_OUT, c.renew(x), "run-x's fence 1 against the stored fence 2, expired: EXPIRED is for the same fence only");
        assertEquals(RenewVerdict.EXPIRED, c.renew(y), "run-y's own fence 2, expired");
    }

    @Test
    void aRenewChangesOnlyItsOwnLease() {
        Coordinator c = coordinator(Policy.SKIP);
        Lease other = c.acquire(Fx.trigger("t2", "t2@x", "run-x", Source.CRON)).lease().orElseThrow();
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        clocks.advance(Duration.ofSeconds(10));
        assertEquals(RenewVerdict.RENEWED, c.renew(a), "run-a's renew, 10 s in");
        assertEquals(Optional.of(other), c.current("t2"), "another scope's lease of the same fence 1 keeps its own expiry");
    }

    @Test
    void everyRenewAndReleaseLeavesItsReceipt() {
        Coordinator c = coordinator(Policy.REPLACE);
        long t0 = clocks.mono();
        Lease a = c.acquire(Fx.trigger("run-a")).lease().orElseThrow();
        clocks.advance(Duration.ofSeconds(1));
        long t1 = clocks.mono();
        assertEquals(RenewVerdict.RENEWED, c.renew(a), "run-a's renew");
        Lease b = c.acquire(Fx.trigger("run-b")).lease().orElseThrow();
        assertEquals(RenewVerdict.FENCED_OUT, c.renew(a), "run-a's renew after run-b replaced it");
        clocks.advanceMono(Duration.ofSeconds(31));
        long t2 = clocks.mono();
        assertEquals(RenewVerdict.EXPIRED, c.renew(b), "run-b's renew, 31 s on");
        assertFalse(c.release(a, RunOutcome.LEASE_LOST), "run-a's release");
        assertTrue(c.release(b, RunOutcome.GAVE_UP), "run-b's release: its lease is still the stored, held one");
        assertEquals(RenewVerdict.NOT_HELD, c.renew(b), "run-b's renew after its release");
        assertEquals(List.of(
                        new Receipt(t0, "ACQUIRE", Fx.SCOPE, "run-a", "host-run-a", "ACQUIRED", 1, 0, -1, 0, ""),
                        new Receipt(t1, "RENEW", Fx.SCOPE, "run-a", "host-run-a", "RENEWED", 1, 0, -1, 0, ""),
                        new Receipt(t1, "ACQUIRE", Fx.SCOPE, "run-b", "host-run-b", "REPLACED", 2, 0, -1, 0, ""),
                        new Receipt(t1, "RENEW", Fx.SCOPE, "run-a", "host-run-a", "FENCED_OUT", 1, 0, -1, 0, ""),
                        new Receipt(t2, "RENEW", Fx.SCOPE, "run-b", "host-run-b", "EXPIRED", 2, 0, -1, 0, ""),
                        new Receipt(t2, "RELEASE", Fx.SCOPE, "run-a", "host-run-a", "NOT_HELD", 1, 0, -1, 0, ""),
                        new Receipt(t2, "RELEASE", Fx.SCOPE, "run-b", "host-run-b", "RELEASED", 2, 0, -1, 0, ""),
                        new Receipt(t2, "RENEW", Fx.SCOPE, "run-b", "host-run-b", "NOT_HELD", 2, 0, -1, 0, "")),
                log.all(), "one receipt per renew and per release, whatever its verdict, with the asking lease's run and fence at the monotonic time");
        assertEquals(OptionalInt.empty(), Replay.firstDivergence(Config.of(Policy.REPLACE), log.all()), "and they replay");
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
