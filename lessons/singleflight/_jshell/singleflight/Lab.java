package singleflight;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * JShell's way in to lab 2. Each scene has a world, named by its store file {@code db}: the two fake clocks, a
 * receipt log, the job's config, a coordinator made on first use, the leases each run got, and (when a scene writes)
 * the fake tenant on 127.0.0.1. Moments are short calls on runs by name; after each one the scene prints the lease,
 * the tenant's effect log and the receipts the moment wrote, never a body, a URL or the credential.
 */
public final class Lab {
    private Lab() {}

    private static final class World {
        final FakeClocks clocks = new FakeClocks();
        final ReceiptLog log = new ReceiptLog();
        final Map<String, Lease> leases = new HashMap<>();
        final Map<String, Acquisition> got = new HashMap<>();
        Config cfg = Config.of(Policy.SKIP);
        Coordinator coordinator;
        FakeTenantServer server;
        int shown;

        Coordinator coordinator(Path db) {
            if (coordinator == null) {
                coordinator = new Coordinator(db, clocks.clocks(), cfg, log);
            }
            return coordinator;
        }

        FakeTenantServer server() {
            if (server == null) {
                server = FakeTenantServer.start();
            }
            return server;
        }
    }

    private static final Map<Path, World> WORLDS = new HashMap<>();

    private static World w(Path db) {
        return WORLDS.computeIfAbsent(db, k -> new World());
    }

    /** A new, empty store file in the temp folder: a new world. */
    public static Path fresh() {
        try {
            return Files.createTempDirectory("lab2-").resolve("leases.db");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    // ---- the job's rules and the clocks ------------------------------------------------------------------------

    /** The job's policy, ttl and limits; only before the first acquire. */
    public static String config(Path db, String policy, long ttlSeconds, int maxInFlight, int attemptBudget, long deadlineSeconds) {
        w(db).cfg = new Config(Policy.valueOf(policy), Duration.ofSeconds(ttlSeconds), maxInFlight, attemptBudget,
                Duration.ofSeconds(deadlineSeconds), Duration.ofSeconds(1));
        return "ok";
    }

    /** Both clocks move on. */
    public static String tick(Path db, long seconds) {
        w(db).clocks.advance(Duration.ofSeconds(seconds));
        return "ok";
    }

    /** Only the monotonic clock moves (the wall clock is being stepped back meanwhile). */
    public static String mono(Path db, long seconds) {
        w(db).clocks.advanceMono(Duration.ofSeconds(seconds));
        return "ok";
    }

    /** The wall clock jumps, to an ISO instant. */
    public static String wall(Path db, String instant) {
        w(db).clocks.setWall(Instant.parse(instant));
        return "ok";
    }

    // ---- step 1: the outcome table -------------------------------------------------------------------------------

    /** classify a reply: {@code applied} is "true", "false" or "-" (the body does not say); key as given. */
    public static ReplyClass classify(Path db, int status, String applied, String key) {
        Reply r = Reply.of(status, "{}");
        if (!applied.equals("-")) {
            r = r.withApplied(Boolean.parseBoolean(applied), key);
        }
        return OutcomeTable.classify(r, "t1@09:00");
    }

    /** decide, with times in seconds; a hint of 0 means no Retry-After. */
    public static String decide(Path db, String cls, int attempt, long elapsedSeconds, long hintSeconds) {
        Decision d = OutcomeTable.decide(ReplyClass.valueOf(cls), attempt, Duration.ofSeconds(elapsedSeconds).toNanos(),
                hintSeconds == 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(hintSeconds)), w(db).cfg);
        return d.action() + (d.delay().isZero() ? "" : " wait=" + d.delay().toMillis() / 1000.0 + "s");
    }

    // ---- step 2: receipts ----------------------------------------------------------------------------------------

    /** The receipt line of a SEND by {@code owner} that got the fake tenant's chatty reply (credential, URL, name). */
    public static String receiptOf(Path db, String owner, int status) {
        String chatty = "{\"applied\":true,\"echo\":\"POST http://127.0.0.1:40404/tenants/t1/effects Authorization: Bearer "
                + FakeTenantServer.CREDENTIAL + "\",\"note\":\"담당자 김하늘 <haneul.kim@example.test>\"}";
        Lease l = new Lease("t1", "t1@09:00", owner, "run-a", 1, 0, 0);
        return redacted(Receipts.line(Receipts.of(w(db).clocks.mono(), "SEND", l, "SUCCESS", 1, Reply.of(status, chatty))));
    }

    /** The fake credential, for a scene that hands it where it must not go (never printed: see {@link #redacted}). */
    public static String credential() {
        return FakeTenantServer.CREDENTIAL;
    }

    /** What leaks from a text: the names of the secrets it holds, or "none". */
    private static String redacted(String line) {
        StringBuilder leaks = new StringBuilder();
        for (String[] s : new String[][] {{FakeTenantServer.CREDENTIAL, "credential"}, {"127.0.0.1", "url"},
                {"example.test", "email"}, {"김하늘", "name"}}) {
            if (line.contains(s[0])) {
                line = line.replace(s[0], "«" + s[1] + "»");
                leaks.append(leaks.length() == 0 ? "" : ",").append(s[1]);
            }
        }
        return (leaks.length() == 0 ? "no leak: " : "LEAK " + leaks + ": ") + line;
    }

    // ---- steps 3 and 4: the coordinator ---------------------------------------------------------------------------

    /** A trigger for {@code scope}, the work item {@code key}, by run {@code run}: its verdict and fence. */
    public static String acquire(Path db, String scope, String key, String run) {
        World w = w(db);
        Acquisition a = w.coordinator(db).acquire(new Trigger(scope, key, "host-" + run, run, Source.CRON));
        w.got.put(run, a);
        a.lease().ifPresent(l -> w.leases.put(run, l));
        return a.verdict() + a.lease().map(l -> " fence=" + l.fence()).orElse("")
                + a.leaderRun().map(r -> " leader=" + r).orElse("");
    }

    public static RenewVerdict renew(Path db, String run) {
        return w(db).coordinator(db).renew(lease(db, run));
    }

    public static boolean release(Path db, String run, String outcome) {
        return w(db).coordinator(db).release(lease(db, run), RunOutcome.valueOf(outcome));
    }

    /** What a trigger's outcome is now: its value, or "open". */
    public static String outcome(Path db, String run) {
        Acquisition a = w(db).got.get(run);
        return a == null ? "—" : a.outcome().isDone() ? String.valueOf(a.outcome().getNow(null)) : "open";
    }

    public static int inFlight(Path db) {
        return w(db).coordinator(db).inFlight();
    }

    private static Lease lease(Path db, String run) {
        Lease l = w(db).leases.get(run);
        if (l == null) {
            throw new IllegalArgumentException("run " + run + " holds no lease in this scene");
        }
        return l;
    }

    // ---- steps 5 and 6: the tenant ---------------------------------------------------------------------------------

    /** The next writes to {@code scope} get these scripted replies. */
    public static String script(Path db, String scope, String... replies) {
        for (String r : replies) {
            w(db).server().script(scope, FakeTenantServer.Script.valueOf(r));
        }
        return "ok";
    }

    public static String checkpoint(Path db, String scope, long value) {
        w(db).server().setCheckpoint(scope, value);
        return "ok";
    }

    /** A newer run's read reaches the tenant with {@code fence}, so older fences are refused from now on. */
    public static String newerFence(Path db, String scope, long fence) {
        w(db).server().client().read(scope, "probe", fence);
        return "ok";
    }

    /** The run executes its lease against the fake tenant: its outcome. */
    public static RunOutcome execute(Path db, String run) {
        World w = w(db);
        return new RunExecutor(w.coordinator(db), w.server().client(), w.clocks.clocks(), w.cfg, w.log).execute(lease(db, run));
    }

    /** A lease nobody granted (fence 0, never expiring): what an uncoordinated run writes with. */
    public static String unfenced(Path db, String scope, String key, String run) {
        w(db).leases.put(run, new Lease(scope, key, "host-" + run, run, 0, w(db).clocks.mono(), Long.MAX_VALUE));
        return "ok";
    }

    /** Runs {@code run} through an executor whose keeper always says RENEWED: no coordination at all. */
    public static RunOutcome executeAlone(Path db, String run) {
        World w = w(db);
        LeaseKeeper yes = new LeaseKeeper() {
            public RenewVerdict renew(Lease l) {
                return RenewVerdict.RENEWED;
            }

            public Optional<Lease> current(String scope) {
                return Optional.empty();
            }
        };
        return new RunExecutor(yes, w.server().client(), w.clocks.clocks(), w.cfg, w.log).execute(lease(db, run));
    }

    /** Arranges that {@code run}, a manual retry of {@code key}, fires just before the next write to {@code scope} is handled. */
    public static String manualDuringNextWrite(Path db, String scope, String key, String run, boolean coordinated) {
        World w = w(db);
        w.server().before(r -> r.method().equals("POST") && r.tenant().equals(scope), r -> {
            w.clocks.advance(Duration.ofSeconds(2));
            if (coordinated) {
                Acquisition a = worker(db).handle(new Trigger(scope, key, "host-" + run, run, Source.MANUAL));
                w.got.put(run, a);
            } else {
                unfenced(db, scope, key, run);
                executeAlone(db, run);
            }
        });
        return "ok";
    }

    /** A cron trigger handled by the learner's Worker: its verdict and its outcome. */
    public static String cron(Path db, String scope, String key, String run) {
        World w = w(db);
        Acquisition a = worker(db).handle(new Trigger(scope, key, "host-" + run, run, Source.CRON));
        w.got.put(run, a);
        return a.verdict() + " → " + (a.outcome().isDone() ? a.outcome().getNow(null) : "open");
    }

    private static Worker worker(Path db) {
        World w = w(db);
        return new Worker(w.coordinator(db), new RunExecutor(w.coordinator(db), w.server().client(), w.clocks.clocks(), w.cfg, w.log));
    }

    // ---- the scene -----------------------------------------------------------------------------------------------------

    /** One call of a scene, whatever it returns; a statement counts as {@code ok}. */
    public interface Moment {
        Object run() throws Exception;
    }

    public static Moment m(java.util.concurrent.Callable<?> call) {
        return call::call;
    }

    public static Moment m(Runnable call) {
        return () -> {
            call.run();
            return "ok";
        };
    }

    /** Plays a scene: one {@code #moment#} line per moment, as soon as it is known (see lab 1's bridge). */
    public static void scene(Path db, String scope, Moment... moments) {
        for (int i = 0; i < moments.length; i++) {
            String result;
            String message = "";
            try {
                result = String.valueOf(moments[i].run());
            } catch (Throwable t) {
                result = t.getClass().getSimpleName();
                message = String.valueOf(t.getMessage()).replace('\n', ' ');
            }
            System.out.println();
            System.out.println("#moment# " + i + " #|# " + redacted(result).replace("no leak: ", "").replace('\n', ' ')
                    + " #:# " + redacted(message).replace("no leak: ", "") + " #|# " + row(db, scope));
            System.out.flush();
        }
    }

    /**
     * The state after a moment: the scope's lease (fence, holder, seconds left), the tenant's checkpoint and effects
     * when a tenant is running, and the receipts written since the last moment, as kind:verdict.
     */
    public static String row(Path db, String scope) {
        World w = w(db);
        StringBuilder sb = new StringBuilder();
        if (w.coordinator != null) {
            try {
                Optional<Lease> l = w.coordinator.current(scope);
                sb.append(l.map(x -> "lease=" + x.run() + " fence=" + x.fence() + " left="
                        + Math.floorDiv(x.expiresNanos() - w.clocks.mono(), 1_000_000_000L) + "s").orElse("lease=-"));
            } catch (RuntimeException e) {
                sb.append("lease=? (").append(e.getClass().getSimpleName()).append(")");
            }
        }
        if (w.server != null) {
            sb.append(sb.length() == 0 ? "" : " ").append("cp=").append(w.server.checkpoint(scope)).append(" effects=")
                    .append(w.server.effects(scope).size());
            if (!w.server.duplicateKeys(scope).isEmpty()) {
                sb.append(" DUPLICATE");
            }
            if (!w.server.lostUpdates(scope).isEmpty()) {
                sb.append(" LOST-UPDATE");
            }
        }
        List<Receipt> all = w.log.all();
        StringBuilder receipts = new StringBuilder();
        for (Receipt r : all.subList(Math.min(w.shown, all.size()), all.size())) {
            receipts.append(receipts.length() == 0 ? "" : ", ").append(r.run()).append(':').append(r.kind()).append('=').append(r.verdict());
        }
        w.shown = all.size();
        if (receipts.length() > 0) {
            sb.append(sb.length() == 0 ? "" : " ").append("receipts[").append(receipts).append("]");
        }
        return sb.length() == 0 ? "-" : sb.toString();
    }
}
