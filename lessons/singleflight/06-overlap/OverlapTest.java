package singleflight;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The overlap the seed describes: the cron run has read checkpoint 41 and is about to write when a person's manual
 * retry of the same work item arrives (it fires inside the fake tenant, just before cron's write is handled).
 */
class OverlapTest {
    @TempDir Path dir;
    final FakeClocks clocks = new FakeClocks();
    final ReceiptLog log = new ReceiptLog();
    final FakeTenantServer server = FakeTenantServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    private record Played(Acquisition cron, Acquisition manual, Worker worker, Coordinator coordinator) {}

    private Played play(Policy p) {
        return play(p, Fx.SCOPE, log);
    }

    /** Plays the overlap on {@code scope} (its own store file), receipts into {@code into}. */
    private Played play(Policy p, String scope, ReceiptLog into) {
        server.setCheckpoint(scope, 41);
        Config cfg = Config.of(p);
        Coordinator c = new Coordinator(dir.resolve(scope + ".db"), clocks.clocks(), cfg, into);
        Worker w = new Worker(c, new RunExecutor(c, server.client(), clocks.clocks(), cfg, into));
        String key = scope + "@2026-03-01T09:00";
        AtomicReference<Acquisition> manual = new AtomicReference<>();
        server.before(r -> r.method().equals("POST") && r.tenant().equals(scope), r -> {
            clocks.advance(java.time.Duration.ofSeconds(2));
            manual.set(w.handle(Fx.trigger(scope, key, "run-manual", Source.MANUAL)));
        });
        Acquisition cron = w.handle(Fx.trigger(scope, key, "run-cron", Source.CRON));
        return new Played(cron, manual.get(), w, c);
    }

    private void assertOneEffect(String why) {
        assertEquals(List.of(), server.duplicateKeys(Fx.SCOPE), why + ": no duplicate effect");
        assertEquals(List.of(), server.lostUpdates(Fx.SCOPE), why + ": no lost update");
        assertEquals(1, server.effects(Fx.SCOPE).size(), why + ": exactly one effect");
        assertEquals(42, server.checkpoint(Fx.SCOPE), why + ": checkpoint 41 → 42");
    }

    @Test
    void withoutCoordinationBothRunsWrite() {
        server.setCheckpoint(Fx.SCOPE, 41);
        Config cfg = Config.of(Policy.SKIP);
        Fx.Keeper alwaysYes = new Fx.Keeper();
        RunExecutor bare = new RunExecutor(alwaysYes, server.client(), clocks.clocks(), cfg, log);
        Lease unfenced = new Lease(Fx.SCOPE, Fx.KEY, "host-x", "run-x", 0, clocks.mono(), Long.MAX_VALUE);
        server.before(r -> r.method().equals("POST"), r -> bare.execute(unfenced));
        assertEquals(RunOutcome.COMMITTED, bare.execute(unfenced), "the cron run, with nothing to stop the manual one");
        assertEquals(List.of(Fx.KEY), server.duplicateKeys(Fx.SCOPE), "the effect landed twice");
        assertEquals(1, server.lostUpdates(Fx.SCOPE).size(), "and one write overwrote a checkpoint it never saw");
    }

    @Test
    void aCronRunAloneCommitsOnce() {
        server.setCheckpoint(Fx.SCOPE, 41);
        Config cfg = Config.of(Policy.SKIP);
        Coordinator c = new Coordinator(Fx.db(dir), clocks.clocks(), cfg, log);
        Worker w = new Worker(c, new RunExecutor(c, server.client(), clocks.clocks(), cfg, log));
        Acquisition a = w.handle(Fx.trigger("run-cron"));
        assertEquals(AcquireVerdict.ACQUIRED, a.verdict(), "a cron trigger on a free scope");
        assertEquals(RunOutcome.COMMITTED, a.outcome().getNow(null), "its outcome, complete when handle returns");
        assertOneEffect("one cron run");
    }

    @Test
    void skipLeavesOneEffect() {
        Played p = play(Policy.SKIP);
        assertEquals(AcquireVerdict.SKIPPED, p.manual().verdict(), "the manual retry under SKIP");
        assertEquals(RunOutcome.COMMITTED, p.cron().outcome().getNow(null), "the cron run");
        assertOneEffect("SKIP");
    }

    @Test
    void joinSharesTheCronRunsOutcome() throws Exception {
        Played p = play(Policy.JOIN);
        assertEquals(AcquireVerdict.JOINED, p.manual().verdict(), "the manual retry under JOIN");
        assertEquals(RunOutcome.COMMITTED, p.manual().outcome().get(1, TimeUnit.SECONDS), "it shares cron's outcome");
        assertTrue(log.all().stream().noneMatch(r -> r.run().equals("run-manual") && r.kind().equals("SEND")),
                "the joiner sent nothing of its own");
        assertOneEffect("JOIN");
    }

    @Test
    void replaceFencesTheCronRunOut() {
        Played p = play(Policy.REPLACE);
        assertEquals(AcquireVerdict.REPLACED, p.manual().verdict(), "the manual retry under REPLACE");
        assertEquals(RunOutcome.COMMITTED, p.manual().outcome().getNow(null), "the manual run commits");
        assertEquals(RunOutcome.LEASE_LOST, p.cron().outcome().getNow(null), "the cron run, back from its pause, is refused");
        assertOneEffect("REPLACE");
    }

    @Test
    void everyRunIsReleasedAndEveryPermitReturned() {
        for (Policy policy : Policy.values()) {
            Played p = play(policy, "t-" + policy.name().toLowerCase(), new ReceiptLog());
            assertEquals(0, p.coordinator().inFlight(), policy + ": no permit is left taken");
            assertTrue(p.coordinator().current("t-" + policy.name().toLowerCase()).isEmpty(),
                    policy + ": nobody holds the scope afterwards");
        }
    }

    @Test
    void aRunThatThrowsIsReleasedAnyway() {
        Config cfg = Config.of(Policy.SKIP);
        Coordinator c = new Coordinator(Fx.db(dir), clocks.clocks(), cfg, log);
        TenantClient broken = new TenantClient() {
            public Reply read(String tenant, String key, long fence) {
                throw new IllegalStateException("the client broke");
            }

            public Reply write(String tenant, String key, long fence, long base) {
                throw new IllegalStateException("the client broke");
            }
        };
        Worker w = new Worker(c, new RunExecutor(c, broken, clocks.clocks(), cfg, log));
        assertThrows(IllegalStateException.class, () -> w.handle(Fx.trigger("run-a")), "the run's exception goes on");
        assertEquals(0, c.inFlight(), "its permit came back");
        assertTrue(c.current(Fx.SCOPE).isEmpty(), "its lease was released");
        assertEquals(AcquireVerdict.ACQUIRED, c.acquire(Fx.trigger("run-b")).verdict(), "the next trigger can run");

        Coordinator other = new Coordinator(dir.resolve("error.db"), clocks.clocks(), cfg, log);
        TenantClient failing = new TenantClient() {
            public Reply read(String tenant, String key, long fence) {
                throw new ClientError();
            }

            public Reply write(String tenant, String key, long fence, long base) {
                throw new ClientError();
            }
        };
        Worker w2 = new Worker(other, new RunExecutor(other, failing, clocks.clocks(), cfg, log));
        assertThrows(ClientError.class, () -> w2.handle(Fx.trigger("run-c")), "an Error, not an exception, goes on too");
        assertEquals(0, other.inFlight(), "the run that ended in an Error gave its permit back");
        assertTrue(other.current(Fx.SCOPE).isEmpty(), "and its lease was released");
    }

    /** What a client may throw that is not an exception: the run still ends, and is still released. */
    private static final class ClientError extends Error {
        ClientError() {
            super("the client failed hard");
        }
    }

    @Test
    void aRunIsReleasedWithItsOwnOutcome() {
        server.setCheckpoint(Fx.SCOPE, 41);
        server.script(Fx.SCOPE, FakeTenantServer.Script.REJECT_422);
        Config cfg = Config.of(Policy.JOIN);
        Coordinator c = new Coordinator(Fx.db(dir), clocks.clocks(), cfg, log);
        Worker w = new Worker(c, new RunExecutor(c, server.client(), clocks.clocks(), cfg, log));
        assertEquals(RunOutcome.QUARANTINED, w.handle(Fx.trigger("run-a")).outcome().getNow(null),
                "a 422: the run is released with QUARANTINED, the outcome it ended with");
        AtomicReference<Acquisition> joiner = new AtomicReference<>();
        TenantClient broken = new TenantClient() {
            public Reply read(String tenant, String key, long fence) {
                joiner.set(c.acquire(Fx.trigger("run-c"))); // a trigger arrives while run-b runs
                throw new IllegalStateException("the client broke");
            }

            public Reply write(String tenant, String key, long fence, long base) {
                throw new IllegalStateException("the client broke");
            }
        };
        Worker w2 = new Worker(c, new RunExecutor(c, broken, clocks.clocks(), cfg, log));
        assertThrows(IllegalStateException.class, () -> w2.handle(Fx.trigger("run-b")), "the run's exception goes on");
        assertEquals(AcquireVerdict.JOINED, joiner.get().verdict(), "the trigger that came while run-b ran joined it");
        assertEquals(RunOutcome.NEEDS_PERSON, joiner.get().outcome().getNow(null),
                "a run that threw is released with NEEDS_PERSON, and its joiner gets that");
    }

    @Test
    void nullArgumentsAreRefused() {
        Config cfg = Config.of(Policy.SKIP);
        Coordinator c = new Coordinator(Fx.db(dir), clocks.clocks(), cfg, log);
        RunExecutor executor = new RunExecutor(c, server.client(), clocks.clocks(), cfg, log);
        assertThrows(IllegalArgumentException.class, () -> new Worker(null, executor), "new Worker(null, executor)");
        assertThrows(IllegalArgumentException.class, () -> new Worker(c, null), "new Worker(coordinator, null)");
        assertThrows(IllegalArgumentException.class, () -> new Worker(c, executor).handle(null), "handle(null)");
    }

    @Test
    void theReceiptsAloneReplayEveryDecision() {
        for (Policy policy : Policy.values()) {
            ReceiptLog own = new ReceiptLog();
            String scope = "t-" + policy.name().toLowerCase();
            Played p = play(policy, scope, own);
            assertEquals(AcquireVerdict.ACQUIRED, p.worker().handle(Fx.trigger(scope, scope + "@2026-03-01T09:01", "run-next",
                    Source.CRON)).verdict(), policy + ": the next slot's run finds the scope free");
            List<Receipt> parsed = new ArrayList<>();
            own.all().forEach(r -> parsed.add(Receipts.parse(Receipts.line(r))));
            assertEquals(OptionalInt.empty(), Replay.firstDivergence(Config.of(policy), parsed),
                    policy + ": replaying the receipt lines alone reaches the same decisions");
        }
    }

    @Test
    void aChangedReceiptIsFoundAtItsIndex() {
        play(Policy.SKIP);
        List<Receipt> all = new ArrayList<>(log.all());
        int i = 0;
        while (!all.get(i).kind().equals("ACQUIRE") || !all.get(i).run().equals("run-manual")) {
            i++;
        }
        Receipt r = all.get(i);
        all.set(i, new Receipt(r.at(), r.kind(), r.scope(), r.run(), r.owner(), "ACQUIRED", r.fence() + 1, r.attempt(),
                r.status(), r.bodyLength(), r.bodyHash()));
        assertEquals(OptionalInt.of(i), Replay.firstDivergence(Config.of(Policy.SKIP), all),
                "a manual run that claims it acquired a busy scope is the first divergence");
    }

    @Test
    void nothingTheLabWritesHoldsASecret() {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        try (PrintStream both = new PrintStream(seen, true, StandardCharsets.UTF_8)) {
            System.setOut(both);
            System.setErr(both);
            server.script(Fx.SCOPE, FakeTenantServer.Script.THROTTLE, FakeTenantServer.Script.APPLY_THEN_500);
            play(Policy.REPLACE);
            int i = 0;
            for (FakeTenantServer.Script reply : FakeTenantServer.Script.values()) {
                String scope = "t-reply-" + i++;
                server.script(scope, reply);
                play(Policy.SKIP, scope, log);
            }
            server.failReads("t-unreadable", 1);
            play(Policy.SKIP, "t-unreadable", log);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        assertEquals(0, server.unauthorized(), "every request carried the credential");
        List<String> texts = new ArrayList<>(Fx.lines(log));
        texts.add(seen.toString(StandardCharsets.UTF_8));
        for (String t : texts) {
            assertNull(Fx.leak(t, server), "a secret in what the run wrote: " + Fx.mask(t, server));
        }
    }
}
