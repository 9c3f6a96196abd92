package workbook.child;

import workbook.child.order.KillersFirst;
import workbook.child.wire.Output;
import workbook.child.wire.RunSpec;
import workbook.child.wire.ChildPlan;
import workbook.child.wire.Event;
import workbook.child.wire.EventCodec;
import workbook.child.wire.TestStatus;
import com.google.gson.Gson;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.platform.engine.CancellationToken;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherExecutionRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The entry point of a child JVM: runs each suite of a {@link ChildPlan} with the JUnit Platform launcher and
 * sends one sealed event per line to the parent over the plan's Unix socket. Learner code only ever runs here, in
 * unnamed modules of its own class loaders (see {@link MemoryLoader}), outside this named module.
 *
 * <p>A test that times out may leave its thread spinning; Java cannot stop it, so the child halts with
 * {@link ChildExit#POISONED} and the parent starts a fresh child for whatever is left.
 */
public final class ChildMain {

    private final BufferedWriter events;
    private final Seal seal;
    private final Set<String> skip;
    /** The plan's class folders, by class-path entry: file bytes by path in the folder. */
    private final Map<String, Map<String, byte[]>> classes;
    private final long testTimeoutMillis;

    private ChildMain(ChildPlan plan) throws IOException {
        this.seal = new Seal(plan.key());
        // The parent's socket for this plan (see EventInbox): connected before any learner code runs.
        java.nio.channels.SocketChannel channel = java.nio.channels.SocketChannel.open(
                java.net.UnixDomainSocketAddress.of(Path.of(plan.events())));
        this.events = new BufferedWriter(new java.io.OutputStreamWriter(java.nio.channels.Channels.newOutputStream(channel),
                StandardCharsets.UTF_8));
        // First a hello sealed with the plan's key: the parent takes no other connection for this plan.
        events.write(seal.close("hello"));
        events.newLine();
        events.flush();
        // The parent answers once it has deleted the plan file (which names what is under test and holds the events'
        // key): no learner code runs while it can still be read.
        if (channel.read(java.nio.ByteBuffer.allocate(1)) != 1) {
            throw new IOException("the parent did not confirm the plan");
        }
        this.skip = new HashSet<>(plan.skip());
        this.classes = new HashMap<>();
        plan.classes().forEach((entry, files) -> {
            Map<String, byte[]> decoded = new HashMap<>();
            files.forEach((name, base64) -> decoded.put(name, java.util.Base64.getDecoder().decode(base64)));
            classes.put(entry, decoded);
        });
        this.testTimeoutMillis = plan.testTimeoutMillis();
        Thread watchdog = new Thread(this::watchClassSetup, "workbook-class-setup-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    /**
     * JUnit's timeouts cover test and lifecycle methods, not a test class's static initialiser: a class whose set-up
     * (static initialiser, constructor) has not reached its first test after this long is reported as timed out, and
     * the child halts, as after any timeout.
     */
    public static final long CLASS_SETUP_MILLIS = 10_000;

    /** The test class being set up (its container started, no test of it yet), or null. */
    private volatile Setup setup;

    private record Setup(String run, int trial, String className, long since) {}

    private void watchClassSetup() {
        while (true) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
            Setup s = setup;
            if (s != null && (System.nanoTime() - s.since()) / 1_000_000 > CLASS_SETUP_MILLIS) {
                emit(new Event.Container(s.run(), s.trial(), s.className(), s.className(), TestStatus.TIMEOUT,
                        "ClassSetupTimeout", "the class's set-up (its static initialiser) did not finish within "
                        + CLASS_SETUP_MILLIS / 1000 + " s", null, java.util.List.of()));
                flushQuietly();
                ChildExit.POISONED.halt();
            }
        }
    }

    private static final Capture OUT = new Capture(new java.io.FileOutputStream(java.io.FileDescriptor.out));
    private static final Capture ERR = new Capture(new java.io.FileOutputStream(java.io.FileDescriptor.err));

    /**
     * One JUnit launcher session for every run of this child, without the Java Flight Recorder listeners JUnit registers
     * whenever {@code jdk.jfr} can be loaded. {@link LauncherFactory#create()} would open a session, find the engines
     * and register those listeners again for each run: a child grading a class executes a few hundred runs. Nobody
     * records a child, and setting up JFR's event classes alone took about 3 % of a check's child CPU; the session
     * looks for JFR through the thread's context class loader, which here does not show it. Runs share nothing more
     * through the session than they already could (a system property): each is still its own execution request.
     */
    private static Launcher launcherWithoutFlightRecorder() {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(new ClassLoader(previous) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (name.startsWith("jdk.jfr.")) {
                    throw new ClassNotFoundException(name);
                }
                return super.loadClass(name, resolve);
            }
        });
        try {
            return LauncherFactory.openSession().getLauncher();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The plan being served, for the shutdown hook and the memory listener. */
    private static volatile ChildMain current;

    /**
     * In a shutdown hook, so after {@code System.exit} (the child itself only ever halts): finds the thread that is
     * exiting and tells the parent which learner methods it was in, so tests that call them need not die too.
     */
    private void reportExit() {
        for (Map.Entry<Thread, StackTraceElement[]> t : Thread.getAllStackTraces().entrySet()) {
            StackTraceElement[] stack = t.getValue();
            for (int i = 0; i < stack.length; i++) {
                if ("java.lang.Runtime".equals(stack[i].getClassName()) && "exit".equals(stack[i].getMethodName())) {
                    List<String> frames = Outcome.learnerFrames(java.util.Arrays.copyOfRange(stack, i, stack.length));
                    emit(new Event.Exiting(frames));
                    flushQuietly();
                    return;
                }
            }
        }
    }

    /** The test that runs now (its {@code start} event), or null. */
    private volatile Event.Start running;

    /**
     * In the thread that prints, once one test has printed a quarter of the output cap: tells the parent which learner
     * methods print, before it stops this child, so tests that call them need not flood too.
     */
    private void reportFlooding() {
        Event.Start now = running;
        if (now != null) {
            emit(new Event.Flooding(now.run(), now.trial(), now.test(), now.name(),
                    Outcome.learnerFrames(Thread.currentThread().getStackTrace())));
            flushQuietly();
        }
    }

    /**
     * Once the old generation is an eighth full (more than a test of this size keeps), the current test may be about
     * to run out of memory ({@code -XX:+ExitOnOutOfMemoryError} then ends the child without a word): tells the parent
     * which learner methods the test's thread is in, so tests that call them need not fill the heap too. The notice
     * comes from another thread, so a test that fills the heap at once may die before it is sent; the parent then
     * just runs the next test.
     */
    private static void watchMemory() {
        if (memoryWatched) {
            return;
        }
        memoryWatched = true;
        for (java.lang.management.MemoryPoolMXBean pool : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP && pool.isUsageThresholdSupported()
                    && pool.getUsage().getMax() > 0) {
                pool.setUsageThreshold(pool.getUsage().getMax() / 8);
            }
        }
        ((javax.management.NotificationEmitter) java.lang.management.ManagementFactory.getMemoryMXBean())
                .addNotificationListener((n, handback) -> {
                    ChildMain c = current;
                    if (c != null && java.lang.management.MemoryNotificationInfo.MEMORY_THRESHOLD_EXCEEDED
                            .equals(n.getType())) {
                        c.reportMemory();
                    }
                }, null, null);
    }

    private static boolean memoryWatched;

    private void reportMemory() {
        Event.Start now = running;
        if (now == null) {
            return;
        }
        for (StackTraceElement[] stack : Thread.getAllStackTraces().values()) {
            List<String> frames = Outcome.learnerFrames(stack);
            if (!frames.isEmpty()) {
                emit(new Event.Memory(now.run(), now.trial(), now.test(), now.name(), frames));
                flushQuietly();
                return;
            }
        }
    }

    /**
     * The plan paths the parent writes on standard input, read by a thread of their own. The parent keeps that pipe
     * open for as long as it waits on this child, so its end means the workbook is gone, even mid-plan and where this
     * child cannot see its parent (in a PID namespace of its own, the parent is outside): the child then halts.
     */
    private static java.util.concurrent.BlockingQueue<String> watchingTheParent() {
        java.util.concurrent.BlockingQueue<String> lines = new java.util.concurrent.LinkedBlockingQueue<>();
        java.io.BufferedReader stdin = new java.io.BufferedReader(new java.io.InputStreamReader(System.in, StandardCharsets.UTF_8));
        Thread t = new Thread(() -> {
            try {
                for (String line = stdin.readLine(); line != null; line = stdin.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // a broken pipe ends it the same way
            }
            ChildExit.ORPHANED.halt();
        }, "parent-watch");
        t.setDaemon(true);
        t.start();
        return lines;
    }

    /**
     * The argument of a child that only records the class-data archive (see {@code ClassDataArchive}): it runs the
     * runner's own {@link workbook.child.warm.Warm} tests through the same launcher, listener, events and seal as a
     * real plan, writes the events nowhere, and exits. No learner code runs in it, so nothing learner code did can end
     * up in the archive every later child maps.
     */
    public static final String RECORD = "--record";

    private static void record(Launcher launcher) throws IOException {
        ChildMain child = new ChildMain(new BufferedWriter(java.io.Writer.nullWriter()), new Seal(Seal.newKey()));
        RunSpec run = new RunSpec("warm", List.of(), List.of(workbook.child.warm.Warm.class.getName()), List.of(), 1);
        child.execute(launcher, ChildMain.class.getClassLoader(), run, 0);
        child.emit(new Event.AllDone());
    }

    /** A child that writes its events to {@code events} (the recording child's, which go nowhere). */
    private ChildMain(BufferedWriter events, Seal seal) {
        this.seal = seal;
        this.events = events;
        this.skip = new HashSet<>();
        this.classes = new HashMap<>();
        this.testTimeoutMillis = 10_000;
    }

    /** The argument that keeps a child serving plan after plan (watch mode). */
    public static final String SERVE = "--serve";

    /**
     * {@code ChildMain PLAN}; or with no argument: get ready (JUnit, SQLite's native library), then read one plan's
     * path from standard input; or {@code --serve}: read plan paths line by line until standard input closes. A child
     * started early overlaps its start-up with the parent's compiling; a serving child answers in milliseconds.
     */
    public static void main(String[] args) throws Exception {
        // Nobody reads a verdict once the workbook is gone: stop then, whatever learner code is doing.
        ProcessHandle.current().parent().ifPresent(p -> p.onExit().thenRun(ChildExit.ORPHANED::halt));
        // A System.exit in learner code runs the hooks: the processes it started go with it, and the parent learns
        // where the exit was called.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            ChildMain c = current;
            if (c != null) {
                c.reportExit();
            }
            ChildExit.stopDescendants();
        }, "stop-descendants"));
        // Learner output still goes to the parent (which caps it), and each test's first bytes are kept as its output.
        System.setOut(new java.io.PrintStream(OUT, true, StandardCharsets.UTF_8));
        System.setErr(new java.io.PrintStream(ERR, true, StandardCharsets.UTF_8));
        Relay.startIfAsked();
        Launcher launcher = launcherWithoutFlightRecorder();
        warmUp();
        if (args.length > 0 && RECORD.equals(args[0])) {
            record(launcher);
            ChildExit.DONE.halt();
        }
        boolean serve = args.length > 0 && SERVE.equals(args[0]);
        java.util.concurrent.BlockingQueue<String> plans = args.length > 0 && !serve ? null : watchingTheParent();
        do {
            String planPath = plans == null ? args[0] : plans.take();
            if (planPath == null || planPath.isBlank()) {
                break;
            }
            ChildPlan plan = new Gson().fromJson(Files.readString(Path.of(planPath)), ChildPlan.class);
            ChildMain child = new ChildMain(plan);
            current = child;
            Capture.onFlooding(child::reportFlooding);
            watchMemory();
            for (RunSpec run : plan.runs()) {
                child.run(launcher, run);
            }
            child.closeShared();
            child.emit(new Event.AllDone());
            child.events.close();
        } while (serve);
        // Learner code may leave non-daemon threads behind; they must not keep this JVM alive.
        ChildExit.DONE.halt();
    }

    /**
     * Loads what the lab declares ({@code -Dworkbook.warmUp}: {@code Class}, {@code Class#staticMethod} or
     * {@code Class#staticMethod(text)} for a method of one String argument, whose result is closed when it can be;
     * comma separated) before a plan arrives, so its cost overlaps the parent's compiling.
     */
    private static void warmUp() {
        for (String item : System.getProperty("workbook.warmUp", "").split(",")) {
            if (item.isBlank()) {
                continue;
            }
            try {
                String[] parts = item.strip().split("#", 2);
                Class<?> c = Class.forName(parts[0]);
                if (parts.length == 2 && parts[1].endsWith(")") && parts[1].contains("(")) {
                    // Class#method(text): a static method of one String argument, e.g. opening a first connection.
                    String name = parts[1].substring(0, parts[1].indexOf('('));
                    String arg = parts[1].substring(parts[1].indexOf('(') + 1, parts[1].length() - 1);
                    Object made = c.getMethod(name, String.class).invoke(null, arg);
                    if (made instanceof AutoCloseable closeable) {
                        closeable.close();
                    }
                } else if (parts.length == 2) {
                    c.getMethod(parts[1]).invoke(null);
                }
            } catch (Exception | LinkageError e) {
                // the first test that needs it will report it
            }
        }
    }

    private void run(Launcher launcher, RunSpec run) throws IOException {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        ClassLoader loader = run.variant() > 0 ? shared(run.classpath()) : loader(run.classpath());
        try {
            Thread.currentThread().setContextClassLoader(loader);
            Hooks.setVariant(run.variant());
            for (int trial = 0; trial < run.trials(); trial++) {
                if (skip.contains(run.id() + "|" + trial + "|*")) {
                    continue;
                }
                long t0 = System.nanoTime();
                execute(launcher, loader, run, trial);
                emit(new Event.RunDone(run.id(), trial, "took " + (System.nanoTime() - t0) / 1_000_000 + " ms"));
            }
        } catch (LinkageError | RuntimeException e) {
            emit(new Event.RunError(run.id(), e.getClass().getName(), String.valueOf(e.getMessage())));
        } finally {
            Hooks.setVariant(0);
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    /** The class loader the runs of one schemata build share in this plan, by their class path. */
    private final Map<List<String>, ClassLoader> shared = new HashMap<>();

    private ClassLoader shared(List<String> classpath) {
        return shared.computeIfAbsent(List.copyOf(classpath), this::loader);
    }

    /**
     * A loader for {@code classpath}: the entries the parent sent as bytes are defined from memory (see
     * {@link MemoryLoader}); any other entry (a jar of the runner's own class path) is already the parent's to load.
     */
    private ClassLoader loader(List<String> classpath) {
        List<Map<String, byte[]>> sent = new ArrayList<>();
        List<URL> others = new ArrayList<>();
        for (String entry : classpath) {
            Map<String, byte[]> files = classes.get(entry);
            if (files != null) {
                sent.add(files);
            } else if (!onOwnClassPath(entry)) {
                others.add(toUrl(entry));
            }
        }
        ClassLoader parent = ChildMain.class.getClassLoader();
        if (!others.isEmpty()) {
            parent = new URLClassLoader(others.toArray(URL[]::new), parent);
        }
        return new MemoryLoader(MemoryLoader.byName(sent), parent);
    }

    private static boolean onOwnClassPath(String entry) {
        for (String e : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)) {
            if (!e.isBlank() && Path.of(e).toAbsolutePath().normalize().equals(Path.of(entry).toAbsolutePath().normalize())) {
                return true;
            }
        }
        return false;
    }

    /** Forgets the plan's loaders once its runs are done. */
    void closeShared() {
        shared.clear();
    }

    private void execute(Launcher launcher, ClassLoader loader, RunSpec run, int trial) {
        Set<String> only = new HashSet<>(run.only());
        PostDiscoveryFilter filter = descriptor -> {
            if (!descriptor.isTest()) {
                return FilterResult.included("container");
            }
            String key = key(descriptor);
            boolean wanted = only.isEmpty() || only.contains(key);
            boolean settled = skip.contains(run.id() + "|" + trial + "|" + key);
            return wanted && !settled ? FilterResult.included("selected") : FilterResult.excluded("settled or not selected");
        };
        Map<String, String> config = new HashMap<>();
        config.put("junit.jupiter.execution.timeout.mode", "enabled");
        config.put("junit.jupiter.execution.timeout.default", testTimeoutMillis + " ms");
        config.put("junit.jupiter.execution.timeout.thread.mode.default", "SEPARATE_THREAD");
        config.put("junit.jupiter.extensions.autodetection.enabled", "false");
        config.put("junit.jupiter.execution.parallel.enabled", "false");
        config.put("junit.jupiter.testmethod.order.default", KillersFirst.class.getName());
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectors(loader, run))
                .filters(filter)
                .configurationParameters(config)
                .build();
        run.properties().forEach(System::setProperty);
        // A run that stops at its first failure cancels the rest: JUnit then reports them skipped.
        CancellationToken cancel = run.stopAtFirstFailure() ? CancellationToken.create() : null;
        KillersFirst.about(run.group(), run.likely(), run.costs());
        try {
            launcher.execute(LauncherExecutionRequestBuilder.executionRequest(request)
                    .listeners(new Listener(run.id(), trial, cancel, run.group()))
                    .cancellationToken(cancel != null ? cancel : CancellationToken.disabled()).build());
            if (cancel != null && cancel.isCancellationRequested()) {
                emit(new Event.Cancelled(run.id(), trial));
            }
        } finally {
            run.properties().keySet().forEach(System::clearProperty);
        }
    }

    /**
     * What JUnit discovers: the test classes whole, or, when the run keeps only some tests, just their methods (a run
     * of one test then costs one method's discovery, not the class's forty). The filter still picks the invocations
     * and settled tests. When a kept test cannot be found as a method here, every class is selected whole.
     */
    private static List<DiscoverySelector> selectors(ClassLoader loader, RunSpec run) {
        List<DiscoverySelector> whole = run.testClasses().stream()
                .map(name -> (DiscoverySelector) DiscoverySelectors.selectClass(loader, name)).toList();
        if (run.only().isEmpty()) {
            return whole;
        }
        Map<String, Class<?>> byKey = new HashMap<>();
        try {
            for (String name : run.testClasses()) {
                nested(Class.forName(name, false, loader), byKey);
            }
        } catch (ClassNotFoundException | LinkageError e) {
            return whole; // JUnit says why, the same way, when it discovers the class whole
        }
        List<DiscoverySelector> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Map<Class<?>, Map<String, List<java.lang.reflect.Method>>> methods = new HashMap<>();
        for (String key : run.only()) {
            int hash = key.indexOf('#');
            Class<?> c = hash < 0 ? null : byKey.get(key.substring(0, hash));
            if (c == null) {
                return whole;
            }
            String method = Event.family(key.substring(hash + 1));
            if (!seen.add(c.getName() + "#" + method)) {
                continue;
            }
            List<java.lang.reflect.Method> found;
            try {
                found = methods.computeIfAbsent(c, ChildMain::testableMethods).getOrDefault(method, List.of());
            } catch (LinkageError e) {
                return whole;
            }
            if (found.isEmpty()) {
                return whole;
            }
            found.forEach(m -> out.add(DiscoverySelectors.selectMethod(c, m)));
        }
        return out;
    }

    /** The methods of {@code c} and its superclasses by name, without synthetic and bridge methods: read once per run. */
    private static Map<String, List<java.lang.reflect.Method>> testableMethods(Class<?> c) {
        Map<String, List<java.lang.reflect.Method>> byName = new HashMap<>();
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (java.lang.reflect.Method m : k.getDeclaredMethods()) {
                if (!m.isSynthetic() && !m.isBridge()) {
                    byName.computeIfAbsent(m.getName(), n -> new ArrayList<>()).add(m);
                }
            }
        }
        return byName;
    }

    /**
     * {@code c} and its member classes, each under every class part its test keys can have (see {@link #key}): the
     * binary simple name ({@code JobsTest$Inner}, a method's key), with dots ({@code JobsTest.Inner}) and the
     * innermost name ({@code Inner}, a dynamic test's key).
     */
    private static void nested(Class<?> c, Map<String, Class<?>> byKey) {
        String binary = c.getName().substring(c.getName().lastIndexOf('.') + 1);
        byKey.putIfAbsent(binary, c);
        byKey.putIfAbsent(binary.replace('$', '.'), c);
        byKey.putIfAbsent(binary.substring(binary.lastIndexOf('$') + 1), c);
        for (Class<?> inner : c.getDeclaredClasses()) {
            nested(inner, byKey);
        }
    }

    /**
     * {@code SimpleClassName#method}, plus {@code [n]} for an invocation of a parameterized or repeated test, and
     * {@code [n]} (or {@code [n/m]} when nested) for each dynamic test of a {@code @TestFactory}: keyed by JUnit's
     * unique id, so no two results share a key.
     */
    static String key(TestDescriptor d) {
        return key(d.getSource().orElse(null), d.getUniqueId(), d.getDisplayName());
    }

    static String key(TestIdentifier id) {
        return key(id.getSource().orElse(null), org.junit.platform.engine.UniqueId.parse(id.getUniqueId()), id.getDisplayName());
    }

    private static String key(Object source, org.junit.platform.engine.UniqueId uid, String displayName) {
        var segments = uid.getSegments();
        var last = uid.getLastSegment();
        int factory = -1;
        String cls = null;
        for (int i = 0; i < segments.size(); i++) {
            if (segments.get(i).getType().equals("class") || segments.get(i).getType().equals("nested-class")) {
                cls = segments.get(i).getValue();
            }
            if (segments.get(i).getType().equals("test-factory")) {
                factory = i;
            }
        }
        if (factory >= 0 && cls != null) {
            String method = segments.get(factory).getValue();
            method = method.contains("(") ? method.substring(0, method.indexOf('(')) : method;
            StringBuilder path = new StringBuilder();
            for (int i = factory + 1; i < segments.size(); i++) {
                path.append(path.length() == 0 ? "" : "/").append(segments.get(i).getValue().replace("#", ""));
            }
            return cls.substring(cls.lastIndexOf('.') + 1).replace('$', '.') + "#" + method
                    + (path.length() == 0 ? "" : "[" + path + "]");
        }
        if (source instanceof MethodSource ms) {
            String c = ms.getClassName().substring(ms.getClassName().lastIndexOf('.') + 1);
            String base = c + "#" + ms.getMethodName();
            return last.getType().contains("invocation") ? base + "[" + last.getValue().replace("#", "") + "]" : base;
        }
        return displayName;
    }

    private final class Listener implements TestExecutionListener {
        private final String run;
        private final int trial;
        private final CancellationToken cancel; // null: the run does not stop at its first failure
        private long startedAt;

        private final String group;

        Listener(String run, int trial, CancellationToken cancel, String group) {
            this.group = group;
            this.run = run;
            this.trial = trial;
            this.cancel = cancel;
        }

        @Override
        public void testPlanExecutionStarted(TestPlan plan) {
            Hooks.startRun();
            // One flush for the whole list: until a test starts, nothing is running that a death could be blamed on.
            for (TestIdentifier root : plan.getRoots()) {
                plan.getDescendants(root).stream().filter(TestIdentifier::isTest)
                        .forEach(t -> emit(new Event.Planned(run, trial, key(t), t.getDisplayName()), false));
            }
            flushQuietly();
        }

        @Override
        public void dynamicTestRegistered(TestIdentifier t) {
            if (t.isTest()) {
                emit(new Event.Planned(run, trial, key(t), t.getDisplayName()));
            }
        }

        @Override
        public void executionStarted(TestIdentifier t) {
            if (t.isContainer() && t.getSource().orElse(null) instanceof org.junit.platform.engine.support.descriptor.ClassSource cs) {
                setup = new Setup(run, trial, cs.getClassName(), System.nanoTime());
            }
            if (t.isTest()) {
                setup = null;
                Hooks.startTest();
                System.out.flush();
                System.err.flush();
                OUT.reset();
                ERR.reset();
                Capture.newTest();
                startedAt = System.nanoTime();
                Event.Start start = new Event.Start(run, trial, key(t), t.getDisplayName());
                running = start;
                emit(start);
            }
        }

        @Override
        public void reportingEntryPublished(TestIdentifier t, org.junit.platform.engine.reporting.ReportEntry entry) {
            entry.getKeyValuePairs().forEach((k, v) -> emit(new Event.Entry(run, trial, key(t), k, v)));
        }

        @Override
        public void executionSkipped(TestIdentifier t, String reason) {
            // After the run's first failure every test left is skipped: one "cancelled" event says so for them all.
            if (t.isTest() && (cancel == null || !cancel.isCancellationRequested())) {
                emit(new Event.End(run, trial, key(t), t.getDisplayName(), TestStatus.SKIPPED, null, reason, null, null,
                        0L, null));
            }
        }

        @Override
        public void executionFinished(TestIdentifier t, TestExecutionResult result) {
            Outcome o = switch (result.getStatus()) {
                case SUCCESSFUL -> Outcome.passed();
                case ABORTED -> Outcome.of(result.getThrowable().orElse(new IllegalStateException("aborted")));
                case FAILED -> Outcome.of(result.getThrowable().orElse(new AssertionError("failed")));
            };
            if (t.isContainer()) {
                setup = null;
            }
            if (t.isTest()) {
                long millis = (System.nanoTime() - startedAt) / 1_000_000;
                if (Boolean.getBoolean("workbook.timing")) {
                    System.err.printf("[child] %5d ms %s %s%n", millis, run, key(t));
                }
                System.out.flush();
                System.err.flush();
                Output printed = new Output(OUT.text(), ERR.text());
                List<String> reached = Hooks.endTest();
                if (!reached.isEmpty()) {
                    // flushed with the test's end, just below
                    emit(new Event.Reached(run, trial, key(t), String.join("\n", reached)), false);
                }
                emit(new Event.End(run, trial, key(t), t.getDisplayName(), o.status, o.exception, o.message,
                        o.notYetStep, o.frames, millis, printed.isEmpty() ? null : printed));
                if (cancel != null && result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                    cancel.cancel();
                    if (t.getSource().orElse(null) instanceof MethodSource ms) {
                        KillersFirst.killed(group, ms.getMethodName());
                    }
                }
                if (o.status == TestStatus.TIMEOUT) {
                    flushQuietly();
                    ChildExit.POISONED.halt();
                }
            } else if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                emit(new Event.Container(run, trial, t.getDisplayName(), t.getDisplayName(), o.status, o.exception,
                        o.message, o.notYetStep, o.frames));
            }
        }
    }

    /**
     * What one run may say to the learner: each message is clipped on its own; the invocations of one repeated,
     * parameterized or dynamic test share {@link #FAMILY_MESSAGE_CHARS} (one {@code @RepeatedTest} cannot print a
     * file 600 characters at a time); and a whole run shares {@link #RUN_MESSAGE_CHARS}. Past a budget a message is
     * replaced by a note. Published entries have their own budget.
     */
    static final int FAMILY_MESSAGE_CHARS = 2_000;
    static final int RUN_MESSAGE_CHARS = 60_000;
    static final int RUN_ENTRY_CHARS = 64_000;

    private final Map<String, Integer> said = new HashMap<>();

    private Event capped(Event e) {
        if (e instanceof Event.Entry entry) {
            return entry.value() == null || entry.run() == null
                    || said.merge("entry|" + entry.run(), entry.value().length(), Integer::sum) <= RUN_ENTRY_CHARS ? e : null;
        }
        if (!(e instanceof Event.Said s) || s.message() == null || s.run() == null) {
            return e;
        }
        String test = s.test() == null ? "" : s.test();
        String family = Event.family(test);
        int inFamily = said.merge("family|" + s.run() + "|" + family, s.message().length(), Integer::sum);
        int inRun = said.merge("run|" + s.run(), s.message().length(), Integer::sum);
        if (inFamily <= FAMILY_MESSAGE_CHARS && inRun <= RUN_MESSAGE_CHARS) {
            return e;
        }
        return s.withMessage("(the messages of " + (inRun > RUN_MESSAGE_CHARS ? "this run" : family) + " passed "
                + (inRun > RUN_MESSAGE_CHARS ? RUN_MESSAGE_CHARS : FAMILY_MESSAGE_CHARS)
                + " characters; the rest are left out)");
    }

    private void emit(Event raw) {
        emit(raw, true);
    }

    /** @param flush write it through at once (every event but those of a list that is flushed at its end) */
    private synchronized void emit(Event raw, boolean flush) {
        Event e = capped(raw == null ? null : raw.bounded());
        if (e == null) {
            return;
        }
        try {
            events.write(seal.close(EventCodec.write(e)));
            events.newLine();
            if (flush) {
                events.flush();
            }
        } catch (IOException io) {
            throw new UncheckedIOException(io);
        }
    }

    private synchronized void flushQuietly() {
        try {
            events.flush();
        } catch (IOException ignored) {
            // the parent treats a missing event as an interrupted test
        }
    }

    private static URL toUrl(String path) {
        try {
            return Path.of(path).toUri().toURL();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
