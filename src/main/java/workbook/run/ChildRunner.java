package workbook.run;

import com.google.gson.Gson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import workbook.child.ChildMain;
import workbook.child.wire.ChildPlan;
import workbook.child.wire.Event;
import workbook.child.wire.RunSpec;
import workbook.child.wire.TestStatus;
import workbook.child.Seal;

/**
 * Runs suites in child JVMs and turns whatever they report, or fail to report, into {@link TestResult}s.
 *
 * <p>A child that dies (System.exit, out of memory, an output flood, a timed-out test, the wall clock) leaves
 * the test it was running without an outcome; that test gets one named after the cause, and a fresh child
 * carries on with the tests not yet settled. Every restart settles at least one test, so a batch always ends.
 */
public final class ChildRunner {
    private static final Gson GSON = new Gson();
    private static final int MAX_CHILDREN_PER_SHARD = 64;

    private final Limits limits;
    private final List<String> jvmOptions;
    private final ClassDataArchive cds;

    private final Host host;
    private final Launcher launcher;
    private final ClassBundle bundle;

    /**
     * @param host the class path and Java children are started from, and the temp folder they work in
     * @param cacheRoot where a class-data archive for children may be kept; null for none
     */
    public ChildRunner(Host host, Limits limits, List<String> jvmOptions, Path cacheRoot) {
        this(host, limits, jvmOptions, cacheRoot, false);
    }

    /**
     * @param serving keep children alive between batches (watch mode): a child that finished a plan waits for the
     *                next one, so a re-check costs no JVM start. A child that died is replaced by a fresh one.
     */
    public ChildRunner(Host host, Limits limits, List<String> jvmOptions, Path cacheRoot, boolean serving) {
        this(host, limits, jvmOptions, cacheRoot, serving, Sandbox.none("not asked for"));
    }

    /** @param sandbox where each child runs (see {@link Sandbox}) */
    public ChildRunner(Host host, Limits limits, List<String> jvmOptions, Path cacheRoot, boolean serving, Sandbox sandbox) {
        this(host, new Launcher(host), new ClassBundle(host.classPath()), limits, jvmOptions,
                new ClassDataArchive(cacheRoot, host), serving, sandbox);
    }

    private ChildRunner(Host host, Launcher launcher, ClassBundle bundle, Limits limits, List<String> jvmOptions,
            ClassDataArchive cds, boolean serving, Sandbox sandbox) {
        this.host = host;
        this.launcher = launcher;
        this.bundle = bundle;
        this.limits = limits;
        this.jvmOptions = List.copyOf(jvmOptions);
        this.cds = cds;
        this.serving = serving;
        this.sandbox = sandbox;
    }

    /** A child's launch ({@link ChildModule}), made on first use and kept by this runner and those made from it. */
    private static final class Launcher {
        private final Host host;
        private volatile ChildModule.Launch made;

        Launcher(Host host) {
            this.host = host;
        }

        ChildModule.Launch get() throws IOException {
            ChildModule.Launch l = made;
            if (l == null) {
                synchronized (this) {
                    if (made == null) {
                        made = ChildModule.launch(host);
                    }
                    l = made;
                }
            }
            return l;
        }
    }

    public Limits limits() {
        return limits;
    }

    /**
     * A runner with this one's options, launch, class bundles and class-data archive, within {@code limits}, keeping
     * children alive or not ({@code serving}), in {@code sandbox}: what the graders of one command are given.
     */
    public ChildRunner with(Limits limits, boolean serving, Sandbox sandbox) {
        return new ChildRunner(host, launcher, bundle, limits, jvmOptions, cds, serving, sandbox);
    }

    /** A runner like this one (options, sandbox, class-data archive) within other limits, that keeps no child alive. */
    public ChildRunner within(Limits other) {
        ChildRunner r = new ChildRunner(host, launcher, bundle, other, jvmOptions, cds, false, sandbox);
        r.deadline = deadline;
        r.calls = calls;
        return r;
    }

    /**
     * A runner like {@link #within} this one's limits that also ends by {@code nanoTime}, or by this one's deadline when
     * that comes first: a second try that must fit in what is left of a budget.
     */
    public ChildRunner endingBy(long nanoTime) {
        ChildRunner r = within(limits);
        r.deadline = Math.min(deadline, nanoTime);
        return r;
    }

    private final Sandbox sandbox;

    public Sandbox sandbox() {
        return sandbox;
    }

    private final boolean serving;

    private volatile long deadline = Long.MAX_VALUE;
    private volatile boolean outOfTime;

    /**
     * Every later run ends by {@code nanoTime} (a {@link System#nanoTime()} instant) as well as within its own budget:
     * one submission of a class, however many runs grading it takes, gets one time budget.
     */
    public ChildRunner until(long nanoTime) {
        this.deadline = nanoTime;
        return this;
    }

    private final Set<Process> live = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile boolean aborting;

    /**
     * Stops the run in progress at once (watch: a key pressed, or a save, during a long check): its children are killed
     * and no new one starts; the run returns what it has, which the caller throws away. Later runs go on as usual.
     */
    public void abort() {
        aborting = true;
        live.forEach(ChildRunner::kill);
    }

    /** Whether a run ended because its budget or the deadline was used up, with tests not yet settled. */
    public boolean ranOutOfTime() {
        return outOfTime;
    }

    private volatile java.util.function.Supplier<Map<String, Set<String>>> calls = Map::of;

    /**
     * Which learner methods each official test calls ({@code Class#method} to {@code Jobs#renew}): once a test times
     * out in one of them, a learner check settles the other tests that call it instead of running each into its
     * own time limit.
     */
    public ChildRunner knowingCalls(java.util.function.Supplier<Map<String, Set<String>>> calls) {
        this.calls = calls; // read only when a test times out: no parsing on the way to a check that never hangs
        return this;
    }

    private volatile Set<String> allOrNothing = Set.of();

    /**
     * Runs whose tests count only if they pass in every one of these runs and trials (a learner's tests on the
     * reference): once a test times out in one of them, its other runs and trials in the shard are settled with that
     * time-out instead of spending the time limit again. Such a test is invalid whatever those runs would say.
     */
    public ChildRunner allOrNothing(Set<String> runIds) {
        this.allOrNothing = Set.copyOf(runIds);
        return this;
    }

    public boolean serving() {
        return serving;
    }

    /** Runs the suites split over {@code shards} children working side by side. */
    public RunResults run(List<RunSpec> specs, int shards) {
        aborting = false;
        List<List<RunSpec>> groups = new ArrayList<>();
        int n = Math.max(1, Math.min(shards, specs.size()));
        for (int i = 0; i < n; i++) {
            groups.add(new ArrayList<>());
        }
        long[] load = new long[n];
        for (RunSpec spec : specs) {
            int lightest = 0;
            for (int i = 1; i < n; i++) {
                if (load[i] < load[lightest]) {
                    lightest = i;
                }
            }
            groups.get(lightest).add(spec);
            load[lightest] += cost(spec);
        }
        RunResults all = new RunResults();
        if (n == 1) {
            all.merge(runShard(groups.get(0)));
            return all;
        }
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<RunResults>> futures = new ArrayList<>();
            for (List<RunSpec> g : groups) {
                futures.add(pool.submit(() -> runShard(g)));
            }
            for (Future<RunResults> f : futures) {
                all.merge(f.get());
            }
            return all;
        } catch (Exception e) {
            throw new IllegalStateException("running the child JVMs failed: " + e, e);
        } finally {
            pool.shutdownNow();
        }
    }

    /** A rough weight for balancing shards: whole suites weigh more than a few selected tests. */
    private static long cost(RunSpec spec) {
        return (long) spec.trials() * (spec.only().isEmpty() ? 4 : 1);
    }

    /**
     * Runs one shard's suites, starting a fresh child after each one that dies, until every test is settled, no child
     * makes progress, or the time budget is used up.
     */
    /** With {@code -Dworkbook.timing=true}: how long a child took and how it ended. */
    private static void mark(int child, List<RunSpec> specs, long t0, Attempt attempt) {
        workbook.run.Timing.mark("child " + child + " of [" + specs.stream().map(RunSpec::id)
                .collect(java.util.stream.Collectors.joining(",")) + "] took " + (System.nanoTime() - t0) / 1_000_000
                + " ms, death=" + (attempt.finished ? "-" : attempt.death + " exit " + attempt.exitCode + ": "
                + attempt.output.substring(Math.max(0, attempt.output.length() - 600)).replace('\n', '|')));
    }

    private RunResults runShard(List<RunSpec> specs) {
        Settlement book = new Settlement(specs, calls, allOrNothing);
        long deadline = Math.min(this.deadline, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limits.budgetMillis()));
        boolean timedOut = false;
        boolean retried = false;
        for (int child = 0; child < MAX_CHILDREN_PER_SHARD; child++) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0 || aborting) {
                break;
            }
            long t0 = System.nanoTime();
            // A child whose wall clock is what is left of the budget dies of the budget, not of its own code.
            boolean budgetBound = left < limits.childWallMillis();
            Attempt attempt = runChild(specs, book.settled(), Math.min(left, limits.childWallMillis()), timedOut);
            mark(child, specs, t0, attempt);
            Settlement.Read read = book.absorb(attempt.events);
            if (attempt.finished) {
                return book.results();
            }
            ChildDeath death = attempt.death == ChildDeath.WALL_CLOCK && budgetBound ? ChildDeath.NOT_RUN : attempt.death;
            timedOut |= death == ChildDeath.TEST_TIMEOUT || death == ChildDeath.WALL_CLOCK;
            boolean progress = read.progress() | book.died(read.running(), death, attempt.exitCode);
            if (!progress) {
                if (!retried) {
                    // One more child before giving up: a JVM that died before its first test (the machine under
                    // load, a broken class-data archive) must not cost a learner a verdict. Learner code that kills
                    // every child at once costs one JVM start more.
                    retried = true;
                    continue;
                }
                book.neverStarted(death, attempt.exitCode, attempt.output); // nothing a retry would change
                return book.results();
            }
        }
        outOfTime = true;
        book.outOfTime();
        return book.results();
    }

    private record Attempt(List<Event> events, boolean finished, ChildDeath death, int exitCode, String output) {}

    /** A child JVM that is running, or waiting on standard input for its plan. */
    private record Started(Process process, Path tmp, OutputDrain drain, Thread drainer, boolean serving) {}

    private final java.util.Deque<Started> warm = new java.util.ArrayDeque<>();

    /**
     * Starts {@code n} children now, to be handed their plans later; their JVM start-up then overlaps the
     * compiling the caller still has to do. Children nobody uses are stopped by {@link #close}.
     */
    public void prestart(int n) {
        for (int i = 0; i < n; i++) {
            try {
                Started s = start();
                synchronized (warm) {
                    warm.add(s);
                }
            } catch (IOException e) {
                return;
            }
        }
    }

    /** Stops children started ahead that were never used. */
    public void close() {
        synchronized (warm) {
            for (Started s : warm) {
                kill(s.process());
                workbook.workspace.Folders.deleteQuietly(s.tmp());
            }
            warm.clear();
        }
    }

    /** A child that waits for its plan's path on standard input (its plan lives in the child's own folder). */
    private Started start() throws IOException {
        Path tmp = workbook.workspace.Folders.scratch(scratchRoot(), "workbook-child-");
        Path childTmp = Files.createDirectories(tmp.resolve("tmp"));
        ChildModule.Launch launch = launcher.get();
        // A JVM limited by --limit-modules can neither map nor record an archive.
        ClassDataArchive.Use archive = launch.limited() ? ClassDataArchive.Use.NONE : cds.use();
        if (archive.missing()) {
            cds.recordOnce(out -> command(launch, childTmp, List.of("-XX:ArchiveClassesAtExit=" + out), ChildMain.RECORD));
        }
        List<String> cmd = command(launch, childTmp, archive.options(), serving ? ChildMain.SERVE : null);
        // The scratch root (/dev/shm) holds every child's folder: inside the sandbox it is replaced by an empty one
        // with only this child's folder in it, so no child sees another's plan, socket or files.
        ProcessBuilder pb = new ProcessBuilder(sandbox.wrap(cmd, tmp, scratchRoot().equals(Path.of("/dev/shm")) ? scratchRoot() : null))
                .directory(childTmp.toFile()).redirectErrorStream(true);
        sandbox.environment(pb.environment(), childTmp);
        Process p = pb.start();
        OutputDrain drain = new OutputDrain(p.getInputStream(), limits.outputCapBytes(), () -> kill(p));
        Thread drainer = new Thread(drain, "child-output");
        drainer.setDaemon(true);
        drainer.start();
        return new Started(p, tmp, drain, drainer, serving);
    }

    /** The command line of a child JVM: {@code archive} its class-data options, {@code argument} for its main or null. */
    private List<String> command(ChildModule.Launch launch, Path childTmp, List<String> archive, String argument) {
        List<String> cmd = new ArrayList<>();
        cmd.add(launch.java().toString());
        cmd.add("-Xmx" + limits.heapMegabytes() + "m");
        cmd.add("-XX:+ExitOnOutOfMemoryError");
        cmd.add("-XX:TieredStopAtLevel=1");
        // C1 sooner, on one compiler thread: a child's hot code (JUnit, SQLite's driver, the learner's tests) is the
        // same short loop run after run, and interpreting it for the default 200 calls first cost more than compiling
        // it. Measured on 2 cores, four heavy submissions graded: 25.1 CPU-s against 26.9 (medians of 4 and 5); a
        // cold check 1.81 s against 1.91 (4 each).
        cmd.addAll(List.of("-XX:Tier3InvocationThreshold=50", "-XX:Tier3MinInvocationThreshold=20",
                "-XX:Tier3CompileThreshold=500", "-XX:CICompilerCount=1"));
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-XX:-UsePerfData"); // no hsperfdata file in /tmp (read-only in the sandbox), and a quicker start
        cmd.add("-Xshare:auto");
        cmd.add("-Xlog:cds=off");
        cmd.add("-Xlog:cds+dynamic=off");
        cmd.addAll(archive);
        cmd.add("-Djava.io.tmpdir=" + childTmp);
        cmd.add("-Dfile.encoding=UTF-8");
        cmd.add("-Dworkbook.outputCap=" + limits.outputCapBytes());
        cmd.add("-XX:+DisableAttachMechanism");
        cmd.addAll(jvmOptions);
        // The harness as a named module that learner code cannot reflect into (see ChildModule).
        cmd.addAll(launch.options());
        if (argument != null) {
            cmd.add(argument);
        }
        return cmd;
    }

    private Attempt runChild(List<RunSpec> specs, Set<String> settled, long wallMillis, boolean afterTimeout) {
        Started child = null;
        Path planDir = null;
        EventInbox inbox = null;
        boolean keep = false;
        try {
            child = warmOrStarted();
            // The plan lives in the child's own folder: in the sandbox no other child can see it (see Sandbox).
            planDir = Files.createTempDirectory(child.tmp(), "plan-");
            inbox = sendPlan(child, planDir, specs, settled, afterTimeout);
            Process p = child.process();
            live.add(p);
            if (aborting) {
                kill(p);
            }
            Ending ending = await(child, inbox, wallMillis);
            List<Event> log = inbox.events(ending.exited() || ending.done() ? 2000 : 200);
            boolean finished = log.stream().anyMatch(e -> e instanceof Event.AllDone);
            if (ending.done() && finished) {
                keep = true;
                synchronized (warm) {
                    warm.add(child);
                }
                return new Attempt(log, true, null, 0, "");
            }
            int code = ending.exited() ? p.exitValue() : -1;
            ChildDeath death = ChildDeath.classify(ending.exited() || ending.done(), child.drain().flooded.get(), code,
                    endsWithTimeout(log), child.drain().text().contains("OutOfMemoryError"));
            return new Attempt(log, finished, death, code, child.drain().text());
        } catch (IOException e) {
            throw new UncheckedIOException("could not start a child JVM", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a child JVM", e);
        } finally {
            release(child, keep, inbox, planDir);
        }
    }

    /** A warm serving child that is still alive, else a new one (it waits for its plan's path on standard input). */
    private Started warmOrStarted() throws IOException {
        synchronized (warm) {
            while (!warm.isEmpty()) {
                Started s = warm.poll();
                if (s.process().isAlive()) {
                    return s;
                }
                workbook.workspace.Folders.deleteQuietly(s.tmp());
            }
        }
        return start();
    }

    /**
     * Writes the plan of {@code specs} (those not yet settled) into {@code planDir} and hands its path to the child,
     * with the inbox its sealed events will come to. Every child reads its plan's path from standard input (a
     * serving one, plan after plan); the pipe stays open while the child runs: a child halts when it closes, the sign
     * that the workbook is gone.
     */
    private EventInbox sendPlan(Started child, Path planDir, List<RunSpec> specs, Set<String> settled,
                                boolean afterTimeout) throws IOException {
        Path planFile = planDir.resolve("plan.json");
        List<RunSpec> pending = specs.stream().filter(s -> !allTrialsSettled(s, settled)).toList();
        String key = Seal.newKey();
        EventInbox inbox = new EventInbox(planDir.resolve("events.sock"), new Seal(key), planFile);
        Files.writeString(planFile, GSON.toJson(new ChildPlan(pending, new ArrayList<>(settled), inbox.socket().toString(),
                afterTimeout ? limits.afterTimeoutMillis() : limits.testTimeoutMillis(), key, bundle.of(pending))));
        child.drain().reset();
        var in = child.process().getOutputStream();
        in.write((planFile + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
        return inbox;
    }

    /** How waiting for a child ended: it exited by itself, or (a serving child) finished its plan and waits for more. */
    private record Ending(boolean exited, boolean done) {}

    /**
     * Waits for the child until {@code wallMillis} pass: woken when the plan is done or the child's connection ends;
     * a child that never connects is looked at every 50 ms. A child still running at the end is killed, and so is one
     * that sent a sealed line holding no event this side can read (the inbox then says why).
     */
    private Ending await(Started child, EventInbox inbox, long wallMillis) throws InterruptedException {
        Process p = child.process();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(wallMillis);
        while (System.nanoTime() < deadline) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            boolean ended = inbox.awaitEnd(Math.max(1, Math.min(left, 50)));
            if (inbox.broken()) {
                break;
            }
            if (child.serving() && inbox.finished()) {
                return new Ending(false, true);
            }
            if (p.waitFor(ended ? 20 : 0, TimeUnit.MILLISECONDS)) {
                child.drainer().join(2000);
                return new Ending(true, false);
            }
        }
        kill(p);
        p.waitFor(5, TimeUnit.SECONDS);
        return new Ending(false, false);
    }

    /** Lets go of a child that is not kept warm, its inbox and its plan's folder. */
    private void release(Started child, boolean keep, EventInbox inbox, Path planDir) {
        if (child != null && !keep) {
            closeQuietly(child.process().getOutputStream());
            workbook.workspace.Folders.deleteQuietly(child.tmp());
        }
        if (child != null) {
            live.remove(child.process());
        }
        if (inbox != null) {
            inbox.close();
        }
        workbook.workspace.Folders.deleteQuietly(planDir);
    }

    private static void closeQuietly(java.io.OutputStream s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // the child is gone: nobody reads the pipe
        }
    }

    private static boolean endsWithTimeout(List<Event> log) {
        for (int i = log.size() - 1; i >= 0; i--) {
            Event e = log.get(i);
            if (e instanceof Event.End end) {
                return end.status() == TestStatus.TIMEOUT;
            }
            if (e instanceof Event.Container container) {
                return container.status() == TestStatus.TIMEOUT;
            }
            if (e instanceof Event.Start) {
                return false;
            }
        }
        return false;
    }

    /**
     * Where children keep their temporary files. Learner tests create many small SQLite databases and every commit
     * syncs to disk; on a memory file system (/dev/shm) that costs nothing, so it is preferred when writable.
     */
    private Path scratchRoot() {
        return host.fastTmp();
    }

    private static boolean allTrialsSettled(RunSpec s, Set<String> settled) {
        for (int t = 0; t < s.trials(); t++) {
            if (!settled.contains(s.id() + "|" + t + "|*")) {
                return false;
            }
        }
        return true;
    }


    private static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }


    /** Reads a child's output, keeps the first bytes, and stops the child once it passes the cap. */
    private static final class OutputDrain implements Runnable {
        private static final int KEEP = 4096;
        private final InputStream in;
        private final long cap;
        private final Runnable onFlood;
        private final AtomicLong total = new AtomicLong();
        private final AtomicBoolean flooded = new AtomicBoolean();
        private final StringBuilder kept = new StringBuilder();

        OutputDrain(InputStream in, long cap, Runnable onFlood) {
            this.in = in;
            this.cap = cap;
            this.onFlood = onFlood;
        }

        @Override
        public void run() {
            byte[] buf = new byte[8192];
            try {
                int n;
                while ((n = in.read(buf)) > 0) {
                    synchronized (kept) {
                        if (kept.length() < KEEP) {
                            kept.append(new String(buf, 0, Math.min(n, KEEP - kept.length()), StandardCharsets.UTF_8));
                        }
                    }
                    if (total.addAndGet(n) > cap && flooded.compareAndSet(false, true)) {
                        onFlood.run();
                    }
                }
            } catch (IOException ignored) {
                // the child is gone
            }
        }

        String text() {
            synchronized (kept) {
                return kept.toString();
            }
        }

        /** A serving child starts each plan with a clean slate: the cap is per plan, not per session. */
        void reset() {
            synchronized (kept) {
                kept.setLength(0);
            }
            total.set(0);
        }
    }
}
