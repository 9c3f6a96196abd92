package singleflight;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FencedCommitTest {
    final FakeClocks clocks = new FakeClocks();
    final ReceiptLog log = new ReceiptLog();
    final FakeTenantServer server = FakeTenantServer.start();
    final Fx.Keeper keeper = new Fx.Keeper();
    Config cfg = Config.of(Policy.SKIP);

    @AfterEach
    void stop() {
        server.close();
    }

    private RunOutcome run(Lease lease) {
        server.setCheckpoint(Fx.SCOPE, 41);
        return new RunExecutor(keeper, server.client(), clocks.clocks(), cfg, log).execute(lease);
    }

    private Lease lease(long fence) {
        return Fx.lease(fence, clocks, cfg);
    }

    @Test
    void aPlainRunCommitsOnce() {
        assertEquals(RunOutcome.COMMITTED, run(lease(1)), "an APPLY reply");
        assertEquals(List.of(new FakeTenantServer.Effect(Fx.KEY, 1, 41, 41)), server.effects(Fx.SCOPE), "one effect, from 41");
        assertEquals(42, server.checkpoint(Fx.SCOPE), "the checkpoint moved to 42");
    }

    @Test
    void everyRequestCarriesTheLeasesOwnFence() {
        keeper.current = Optional.of(lease(2)); // a newer run holds the scope now
        server.before(r -> r.method().equals("POST"), r -> server.client().read(Fx.SCOPE, "probe", 2));
        assertEquals(RunOutcome.LEASE_LOST, run(lease(1)), "the newer run's fence 2 reached the tenant first");
        assertEquals(List.of(), server.effects(Fx.SCOPE), "the tenant refused the write of fence 1");
        assertTrue(server.writes().stream().allMatch(w -> w.fence() == 1), "every write carried fence 1: " + server.writes());
        assertTrue(server.requests().stream().filter(r -> r.key().equals(Fx.KEY)).allMatch(r -> r.fence() == 1),
                "every request of this run, its read-back too, carried fence 1: " + server.requests());
    }

    @Test
    void aStalledRunIsStoppedByTheTenant() {
        server.before(r -> r.method().equals("POST"), r -> server.client().read(Fx.SCOPE, "probe", 5));
        assertEquals(RunOutcome.LEASE_LOST, run(lease(4)), "a 409 stale-fence reply");
        assertEquals(1, server.writes().size(), "exactly one write: STOP means no retry");
        assertEquals(List.of(), server.effects(Fx.SCOPE), "no effect");
        assertEquals(0, keeper.currents.get(), "the run never looked for a fresher fence to write with");
    }

    @Test
    void aLostLeaseSendsNothing() {
        keeper.answer(RenewVerdict.EXPIRED);
        assertEquals(RunOutcome.LEASE_LOST, run(lease(1)), "renew said EXPIRED before the first write");
        for (RenewVerdict v : List.of(RenewVerdict.FENCED_OUT, RenewVerdict.NOT_HELD)) {
            Fx.Keeper lost = new Fx.Keeper().answer(v);
            assertEquals(RunOutcome.LEASE_LOST, new RunExecutor(lost, server.client(), clocks.clocks(), cfg, log).execute(lease(1)),
                    "renew said " + v + " before the first write");
        }
        assertEquals(List.of(), server.requests(), "no request at all");
    }

    @Test
    void aLeaseLostBeforeTheReadBackStopsTheRun() {
        keeper.answer(RenewVerdict.RENEWED, RenewVerdict.EXPIRED);
        server.script(Fx.SCOPE, FakeTenantServer.Script.FAIL_500);
        assertEquals(RunOutcome.LEASE_LOST, run(lease(1)), "500, then the renew that starts the read-back round said EXPIRED");
        assertEquals(List.of("GET", "POST"), server.requests().stream().map(FakeTenantServer.Request::method).toList(),
                "no read-back and no write after the lease was lost");
        assertEquals(2, keeper.renews.get(), "the round after an unknown effect starts with a renew too");
    }

    @Test
    void aLeaseLostBetweenRetriesStopsTheRun() {
        keeper.answer(RenewVerdict.RENEWED, RenewVerdict.EXPIRED);
        server.script(Fx.SCOPE, FakeTenantServer.Script.UNAVAILABLE);
        assertEquals(RunOutcome.LEASE_LOST, run(lease(1)), "503, then the renew before the retry said EXPIRED");
        assertEquals(1, server.writes().size(), "no write after the lease was lost");
        assertEquals(2, keeper.renews.get(), "one renew before each round");
    }

    @Test
    void aTwoHundredThatDidNotApplyNeedsAPerson() {
        server.script(Fx.SCOPE, FakeTenantServer.Script.ACK_NOT_APPLIED);
        assertEquals(RunOutcome.NEEDS_PERSON, run(lease(1)), "200 applied:false");
        assertEquals(List.of(), server.effects(Fx.SCOPE), "nothing was applied");
        assertEquals(1, server.writes().size(), "and it was not sent again");
    }

    @Test
    void aSilentTwoHundredIsReadBack() {
        server.script(Fx.SCOPE, FakeTenantServer.Script.APPLY_EMPTY_204);
        assertEquals(RunOutcome.COMMITTED, run(lease(1)), "204 then a read-back that finds the effect");
        assertEquals(1, server.effects(Fx.SCOPE).size(), "one effect");
        assertEquals(1, server.writes().size(), "one write");
        assertEquals(List.of("GET", "POST", "GET"), server.requests().stream().map(FakeTenantServer.Request::method).toList(),
                "read, write, then a read-back: a silent 204 is not taken as done");
    }

    @Test
    void anUnknownEffectIsReadBackBeforeAnyRetry() {
        server.script(Fx.SCOPE, FakeTenantServer.Script.APPLY_THEN_DROP);
        assertEquals(RunOutcome.COMMITTED, run(lease(1)), "applied, then the connection dropped");
        assertEquals(1, server.effects(Fx.SCOPE).size(), "one effect, not two");
        assertEquals(List.of("GET", "POST", "GET"), server.requests().stream().map(FakeTenantServer.Request::method).toList(),
                "read, write, then a read-back, and no second write");
    }

    @Test
    void aFiveHundredAfterApplyIsNotRetriedBlind() {
        server.script(Fx.SCOPE, FakeTenantServer.Script.APPLY_THEN_500);
        assertEquals(RunOutcome.COMMITTED, run(lease(1)), "applied, then 500");
        assertEquals(List.of(), server.duplicateKeys(Fx.SCOPE), "no duplicate effect");
    }

    @Test
    void aFiveHundredWithoutApplyIsSentAgainAfterTheReadBack() {
        server.script(Fx.SCOPE, FakeTenantServer.Script.FAIL_500);
        assertEquals(RunOutcome.COMMITTED, run(lease(1)), "500, a read-back finds nothing, then a second write");
        assertEquals(2, server.writes().size(), "two writes");
        assertEquals(1, server.effects(Fx.SCOPE).size(), "one effect");
        assertEquals(List.of(), clocks.slept(), "no wait: an unknown effect is read back at once, only a RETRY waits");
    }

    @Test
    void everyWriteStartsFromTheLatestReadBack() {
        server.script(Fx.SCOPE, FakeTenantServer.Script.FAIL_500);
        server.after(r -> r.method().equals("POST"), r -> server.setCheckpoint(Fx.SCOPE, 50));
        assertEquals(RunOutcome.COMMITTED, run(lease(1)), "500 (not applied) while the checkpoint moved to 50, then APPLY");
        assertEquals(List.of(new FakeTenantServer.Effect(Fx.KEY, 1, 50, 50)), server.effects(Fx.SCOPE),
                "the second write's base is the checkpoint its own read-back saw, 50, not the first one's 41");
    }

    @Test
    void anEffectThatLandedOnTheLastWriteIsFound() {
        cfg = cfg.withAttemptBudget(1);
        server.script(Fx.SCOPE, FakeTenantServer.Script.APPLY_THEN_500);
        assertEquals(RunOutcome.COMMITTED, run(lease(1)), "the one write the budget allows was applied, then 500: the read-back finds it");
        assertEquals(List.of("GET", "POST", "GET"), server.requests().stream().map(FakeTenantServer.Request::method).toList(),
                "read, write, read back: the budget ends the sending, not the looking");
    }

    private record OddReadBack(String what, Reply reply) {}

    @Test
    void aReadBackThatIsNotA200WithFoundAndCheckpointNeedsAPerson() {
        List<OddReadBack> odd = List.of(
                new OddReadBack("200 found:false with no checkpoint", new Reply(200, Optional.empty(), Optional.empty(),
                        Optional.of(false), OptionalLong.empty(), Optional.empty(), "{\"found\":false}")),
                new OddReadBack("200 found:true with no checkpoint", new Reply(200, Optional.empty(), Optional.empty(),
                        Optional.of(true), OptionalLong.empty(), Optional.empty(), "{\"found\":true}")),
                new OddReadBack("200 with a checkpoint and no found", new Reply(200, Optional.empty(), Optional.empty(),
                        Optional.empty(), OptionalLong.of(41), Optional.empty(), "{\"checkpoint\":41}")),
                new OddReadBack("203 found:true with a checkpoint", new Reply(203, Optional.empty(), Optional.empty(),
                        Optional.of(true), OptionalLong.of(41), Optional.empty(), "{\"found\":true,\"checkpoint\":41}")),
                new OddReadBack("204 found:false with a checkpoint", new Reply(204, Optional.empty(), Optional.empty(),
                        Optional.of(false), OptionalLong.of(41), Optional.empty(), "{\"found\":false,\"checkpoint\":41}")));
        for (OddReadBack o : odd) {
            Fx.OneReadBack tenant = new Fx.OneReadBack(o.reply());
            assertEquals(RunOutcome.NEEDS_PERSON, new RunExecutor(keeper, tenant, clocks.clocks(), cfg, log).execute(lease(1)),
                    "a read-back of " + o.what() + " is unreadable");
            assertEquals(0, tenant.writes.get(), "a read-back of " + o.what() + ": no write");
        }
    }

    @Test
    void retriesStopAtTheAttemptBudget() {
        cfg = cfg.withAttemptBudget(4);
        for (int i = 0; i < 10; i++) {
            server.script(Fx.SCOPE, FakeTenantServer.Script.UNAVAILABLE);
        }
        assertEquals(RunOutcome.GAVE_UP, run(lease(1)), "503 every time");
        assertEquals(4, server.writes().size(), "a budget of 4 writes");
    }

    @Test
    void aFiveHundredEveryTimeStopsAtTheBudget() {
        cfg = cfg.withAttemptBudget(3);
        for (int i = 0; i < 10; i++) {
            server.script(Fx.SCOPE, FakeTenantServer.Script.FAIL_500);
        }
        assertEquals(RunOutcome.GAVE_UP, run(lease(1)), "500 every time, each read back and found absent");
        assertEquals(3, server.writes().size(), "a send after a read-back counts against the budget of 3 too");
        assertEquals(List.of(), server.effects(Fx.SCOPE), "nothing was applied");
    }

    @Test
    void retriesStopAtTheDeadlineOnTheMonotonicClock() {
        cfg = cfg.withAttemptBudget(10).withDeadline(Duration.ofSeconds(5));
        for (int i = 0; i < 12; i++) {
            server.script(Fx.SCOPE, FakeTenantServer.Script.UNAVAILABLE);
        }
        assertEquals(RunOutcome.GAVE_UP, run(lease(1)), "503 with Retry-After 1 s, every time");
        assertEquals(5, server.writes().size(), "writes at 0, 1, 2, 3 and 4 s, then the 5 s deadline (the wall clock never moves)");
        assertEquals(List.of(Fx.s(1), Fx.s(1), Fx.s(1), Fx.s(1)), clocks.slept(), "each wait is the Retry-After hint");
    }

    @Test
    void theDeadlineCountsFromTheAcquire() {
        cfg = cfg.withAttemptBudget(10).withDeadline(Duration.ofSeconds(5));
        Lease lease = lease(1);
        clocks.advanceMono(Duration.ofSeconds(3));
        for (int i = 0; i < 10; i++) {
            server.script(Fx.SCOPE, FakeTenantServer.Script.UNAVAILABLE);
        }
        assertEquals(RunOutcome.GAVE_UP, run(lease), "503 with Retry-After 1 s every time, the run starting 3 s after its acquire");
        assertEquals(2, server.writes().size(), "writes 3 s and 4 s after the acquire; a third would end at the 5 s deadline");
    }

    @Test
    void aRunPastItsDeadlineSendsNothing() {
        cfg = cfg.withDeadline(Duration.ofSeconds(5));
        Lease lease = lease(1);
        clocks.advanceMono(Duration.ofSeconds(5));
        assertEquals(RunOutcome.GAVE_UP, run(lease), "the run starts 5 s after its acquire, at its deadline");
        assertEquals(0, server.writes().size(), "no write at all, not even a first one");
        assertEquals(List.of("READ_BACK ABSENT", "DECIDE GIVE_UP"), log.all().stream().map(r -> r.kind() + " " + r.verdict()).toList(),
                "the read-back found nothing and no write was left");
    }

    @Test
    void eachRetryWaitsWhatTheTableDecided() {
        server.retryAfter(3);
        server.script(Fx.SCOPE, FakeTenantServer.Script.UNAVAILABLE, FakeTenantServer.Script.THROTTLE);
        assertEquals(RunOutcome.COMMITTED, run(lease(1)), "503 and 429 with Retry-After 3 s, then APPLY");
        assertEquals(List.of(Fx.s(3), Fx.s(3)), clocks.slept(), "each wait is the 3 s hint, not the 1 s backoff");
    }

    @Test
    void aRefusedRequestIsQuarantined() {
        server.script(Fx.SCOPE, FakeTenantServer.Script.REJECT_422);
        assertEquals(RunOutcome.QUARANTINED, run(lease(1)), "422");
        assertEquals(1, server.writes().size(), "sent once");
    }

    @Test
    void anUnreadableReadBackNeedsAPerson() {
        server.failReads(Fx.SCOPE, 1);
        assertEquals(RunOutcome.NEEDS_PERSON, run(lease(1)), "the read-back answered 500");
        assertEquals(0, server.writes().size(), "no write without knowing whether the effect exists");
    }

    @Test
    void theCredentialGoesEverywhereAndTheReceiptsHoldNone() {
        server.script(Fx.SCOPE, FakeTenantServer.Script.THROTTLE, FakeTenantServer.Script.APPLY_THEN_DROP);
        assertEquals(RunOutcome.COMMITTED, run(lease(1)), "429, then applied-and-dropped, then a read-back");
        assertEquals(0, server.unauthorized(), "every request carried the credential");
        for (String line : Fx.lines(log)) {
            assertNull(Fx.leak(line, server), "a receipt holds a secret: " + Fx.mask(line, server));
        }
    }

    @Test
    void everyDecisionHasAReceiptThatReplays() {
        server.script(Fx.SCOPE, FakeTenantServer.Script.UNAVAILABLE);
        assertEquals(RunOutcome.COMMITTED, run(lease(1)), "503, then APPLY");
        assertEquals(List.of("READ_BACK ABSENT", "SEND RETRYABLE", "DECIDE RETRY", "READ_BACK ABSENT", "SEND SUCCESS", "DECIDE DONE"),
                log.all().stream().map(r -> r.kind() + " " + r.verdict()).toList(), "the receipts, in order");
        assertEquals(OptionalInt.empty(), Replay.firstDivergence(cfg, log.all()), "replay agrees with every decision");
    }

    @Test
    void everyReceiptHoldsItsDecisionExactly() throws Exception {
        server.setCheckpoint(Fx.SCOPE, 41);
        server.script(Fx.SCOPE, FakeTenantServer.Script.UNAVAILABLE, FakeTenantServer.Script.FAIL_500);
        Fx.Recording tenant = new Fx.Recording(server.client());
        long t0 = clocks.mono();
        Lease lease = lease(1);
        assertEquals(RunOutcome.COMMITTED, new RunExecutor(keeper, tenant, clocks.clocks(), cfg, log).execute(lease),
                "503, then 500 (not applied), then APPLY");
        List<Reply> r = tenant.replies();
        assertEquals(List.of(200, 503, 200, 500, 200, 200), r.stream().map(Reply::status).toList(), "read, write, three times over");
        long t1 = t0 + Duration.ofSeconds(1).toNanos();
        assertEquals(List.of(
                        Fx.receipt(t0, "READ_BACK", "ABSENT", 0, r.get(0)),
                        Fx.receipt(t0, "SEND", "RETRYABLE", 1, r.get(1)),
                        Fx.receipt(t0, "DECIDE", "RETRY", 1, null),
                        Fx.receipt(t1, "READ_BACK", "ABSENT", 1, r.get(2)),
                        Fx.receipt(t1, "SEND", "UNKNOWN_EFFECT", 2, r.get(3)),
                        Fx.receipt(t1, "DECIDE", "READ_BACK", 2, null),
                        Fx.receipt(t1, "READ_BACK", "ABSENT", 2, r.get(4)),
                        Fx.receipt(t1, "SEND", "SUCCESS", 3, r.get(5)),
                        Fx.receipt(t1, "DECIDE", "DONE", 3, null)),
                log.all(), "each receipt: its time, the writes sent so far, and the status, UTF-8 length and hash of the reply it records");
    }

    @Test
    void aReadBackLeavesItsReceiptWhateverItFinds() {
        server.script(Fx.SCOPE, FakeTenantServer.Script.APPLY_THEN_DROP);
        assertEquals(RunOutcome.COMMITTED, run(lease(1)), "applied, then the connection dropped");
        assertEquals(List.of("READ_BACK ABSENT", "SEND UNKNOWN_EFFECT", "DECIDE READ_BACK", "READ_BACK FOUND"),
                log.all().stream().map(r -> r.kind() + " " + r.verdict()).toList(), "the read-back that found the effect has its receipt");
        ReceiptLog second = new ReceiptLog();
        server.failReads(Fx.SCOPE, 1);
        assertEquals(RunOutcome.NEEDS_PERSON, new RunExecutor(keeper, server.client(), clocks.clocks(), cfg, second).execute(lease(1)),
                "a read-back answering 500");
        assertEquals(List.of("READ_BACK UNREADABLE 500"), second.all().stream().map(r -> r.kind() + " " + r.verdict() + " " + r.status()).toList(),
                "the unreadable read-back has its receipt, with the status it got");
    }

    @Test
    void aReadBackAtTheDeadlineGivesUpWithoutSending() {
        cfg = cfg.withAttemptBudget(10).withDeadline(Duration.ofSeconds(5));
        server.script(Fx.SCOPE, FakeTenantServer.Script.FAIL_500, FakeTenantServer.Script.FAIL_500);
        server.before(r -> r.method().equals("POST"), r -> clocks.advanceMono(Duration.ofSeconds(5)));
        assertEquals(RunOutcome.GAVE_UP, run(lease(1)), "the first write took the whole 5 s, then a 500");
        assertEquals(1, server.writes().size(), "the read-back after it found nothing at elapsed == deadline: no second write");
        assertEquals(List.of("READ_BACK ABSENT", "SEND UNKNOWN_EFFECT", "DECIDE READ_BACK", "READ_BACK ABSENT", "DECIDE GIVE_UP"),
                log.all().stream().map(r -> r.kind() + " " + r.verdict()).toList(), "giving up after a read-back is a decision too");
        assertEquals(OptionalInt.empty(), Replay.firstDivergence(cfg, log.all()), "replay agrees with every decision");
    }

    @Test
    void nullArgumentsAreRefused() {
        TenantClient client = server.client();
        Clocks k = clocks.clocks();
        assertThrows(IllegalArgumentException.class, () -> new RunExecutor(null, client, k, cfg, log), "new RunExecutor(null keeper, …)");
        assertThrows(IllegalArgumentException.class, () -> new RunExecutor(keeper, null, k, cfg, log), "new RunExecutor(…, null client, …)");
        assertThrows(IllegalArgumentException.class, () -> new RunExecutor(keeper, client, null, cfg, log), "new RunExecutor(…, null clocks, …)");
        assertThrows(IllegalArgumentException.class, () -> new RunExecutor(keeper, client, k, null, log), "new RunExecutor(…, null config, …)");
        assertThrows(IllegalArgumentException.class, () -> new RunExecutor(keeper, client, k, cfg, null), "new RunExecutor(…, null receipt log)");
        RunExecutor executor = new RunExecutor(keeper, client, k, cfg, log);
        assertThrows(IllegalArgumentException.class, () -> executor.execute(null), "execute(null)");
        assertEquals(List.of(), server.requests(), "nothing was sent for it");
    }

    @Test
    void receiptsCarryTheMonotonicTimeOfTheirDecision() {
        server.script(Fx.SCOPE, FakeTenantServer.Script.UNAVAILABLE);
        long start = clocks.mono();
        assertEquals(RunOutcome.COMMITTED, run(lease(1)), "503 with Retry-After 1 s, then APPLY");
        long second = start + Duration.ofSeconds(1).toNanos();
        assertEquals(List.of(start, start, start, second, second, second), log.all().stream().map(Receipt::at).toList(),
                "the first round's three receipts at the start, the second round's after the 1 s wait, on the monotonic clock");
    }
}
