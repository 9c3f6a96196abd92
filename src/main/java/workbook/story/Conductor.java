package workbook.story;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import workbook.catalogue.Text;
import workbook.run.Sandbox;

/**
 * Plays a {@link Script} with real processes: each worker a JVM in the sandbox, started, awaited, frozen with SIGSTOP
 * and resumed with SIGCONT as the acts say. A worker reports what it sees as lines {@code @story {json}} on its output;
 * each report is timed on this process's clock as it arrives, so every moment of every process is on one time line.
 * Whatever happens, every process is resumed and ended before {@link #play} returns.
 */
public final class Conductor {
    /** What a worker's report line starts with. */
    public static final String MARK = "@story ";
    /** How long an act may wait for a worker (an event, an exit) before the story stops. */
    static final long WAIT_MILLIS = 60_000;

    /** One moment: a worker's report, or an act of the conductor (a signal), at {@code millis} from the start. */
    public record Moment(long millis, String who, String event, Map<String, String> fields, Text says) {}

    /** The played story: its moments in order, what the last look saw, and why it stopped early (or null). */
    public record Play(List<Moment> moments, List<Moment> last, String stopped, List<String> output) {}

    private final Sandbox sandbox;
    private final List<String> javaCommand;
    private final List<String> classpath;
    private final Path tmp;
    /** The one folder every process writes in (a database file they share), or null: each its own. */
    private final Path shared;
    private final long start = System.nanoTime();
    private final List<Moment> moments = new ArrayList<>();
    private final Map<String, Worker> workers = new LinkedHashMap<>();

    /**
     * @param java      the java command and its options (the server's relay properties among them)
     * @param classpath the learner's classes first, then the story's, the given ones, the libraries and the relay
     */
    public Conductor(Sandbox sandbox, List<String> java, List<String> classpath, Path tmp) {
        this(sandbox, java, classpath, tmp, false);
    }

    /** @param share whether every process of the story writes in one folder ({@code {dir}}), as processes sharing a file do */
    public Conductor(Sandbox sandbox, List<String> java, List<String> classpath, Path tmp, boolean share) {
        this.sandbox = sandbox;
        this.javaCommand = List.copyOf(java);
        this.classpath = List.copyOf(classpath);
        this.tmp = tmp;
        try {
            this.shared = share ? Files.createTempDirectory(tmp, "shared-") : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Play play(Script script) {
        String schema = "story_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
        String stopped = null;
        List<Moment> last = List.of();
        try {
            Worker setup = start("setup", script.main(), args(script.setup(), schema));
            if (!setup.awaitExit(WAIT_MILLIS) || setup.exit() != 0) {
                return new Play(List.copyOf(moments), last, "setup", setup.output());
            }
            for (Script.Act act : script.acts()) {
                stopped = perform(act, script, schema);
                if (stopped != null) {
                    break;
                }
            }
        } finally {
            workers.values().forEach(Worker::end);
        }
        last = look(script, schema);
        List<String> output = new ArrayList<>();
        workers.values().stream().filter(w -> !w.name.equals("last")).forEach(w -> output.addAll(w.output()));
        if (shared != null) {
            workbook.workspace.Folders.deleteQuietly(shared);
        }
        return new Play(List.copyOf(moments), last, stopped, output);
    }

    /** The last look at the data, once every worker has ended. */
    private List<Moment> look(Script script, String schema) {
        List<Moment> last = List.of();
        if (!script.last().isEmpty()) {
            Worker look = start("last", script.main(), args(script.last(), schema));
            look.awaitExit(WAIT_MILLIS);
            look.end();
            synchronized (moments) {
                last = moments.stream().filter(m -> m.who().equals("last")).toList();
                moments.removeIf(m -> m.who().equals("last"));
            }
        }
        return last;
    }

    /** Performs {@code act}; what stopped the story, or null. */
    private String perform(Script.Act act, Script script, String schema) {
        switch (act.kind()) {
            case START -> {
                start(act.who(), script.main(), args(script.workers().get(act.who()), schema));
                note(act, "start");
                return null;
            }
            case AWAIT -> {
                return worker(act.who()).awaitEvent(act.event(), WAIT_MILLIS) ? null : "await " + act.who() + " " + act.event();
            }
            case SLEEP -> {
                sleep(act.millis());
                return null;
            }
            case SIGNAL -> {
                note(act, act.signal().toLowerCase(java.util.Locale.ROOT));
                worker(act.who()).signal(act.signal());
                return null;
            }
            case SEND -> {
                worker(act.who()).send(act.event());
                return null;
            }
            case EXIT -> {
                return worker(act.who()).awaitExit(WAIT_MILLIS) ? null : "exit " + act.who();
            }
            default -> throw new IllegalStateException(act.kind().name());
        }
    }

    private Worker worker(String name) {
        Worker w = workers.get(name);
        if (w == null) {
            throw new IllegalArgumentException("story.json: worker " + name + " is used before it is started");
        }
        return w;
    }

    private void note(Script.Act act, String event) {
        add(new Moment(now(), act.who(), event, Map.of(), act.says()));
    }

    private void add(Moment m) {
        synchronized (moments) {
            moments.add(m);
            moments.notifyAll();
        }
    }

    private long now() {
        return (System.nanoTime() - start) / 1_000_000;
    }

    private List<String> args(List<String> args, String schema) {
        String dir = shared == null ? "" : shared.toString();
        return args.stream().map(a -> a.replace("{schema}", schema).replace("{dir}", dir)).toList();
    }

    private Worker start(String name, String main, List<String> args) {
        try {
            Path dir = shared != null ? shared : Files.createTempDirectory(tmp, "story-" + name.replaceAll("[^A-Za-z0-9]", "") + "-");
            List<String> cmd = new ArrayList<>(javaCommand);
            cmd.add("-Djava.io.tmpdir=" + dir);
            cmd.addAll(List.of("-cp", String.join(java.io.File.pathSeparator, classpath), "workbook.child.Relay", main));
            cmd.addAll(args);
            ProcessBuilder pb = new ProcessBuilder(sandbox.wrap(cmd, dir, null, classpath)).directory(dir.toFile())
                    .redirectErrorStream(true);
            sandbox.environment(pb.environment(), dir);
            Worker w = new Worker(name, pb.start(), dir);
            workers.put(name, w);
            return w;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A worker process: its reports become moments; other output is kept (a few lines) to show when it fails. */
    private final class Worker {
        private final String name;
        private final Process process;
        private final Path dir;
        private final List<String> other = new ArrayList<>();
        private final Thread reader;

        Worker(String name, Process process, Path dir) {
            this.name = name;
            this.process = process;
            this.dir = dir;
            this.reader = new Thread(this::read, "story-" + name);
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (line.startsWith(MARK)) {
                        report(line.substring(MARK.length()));
                    } else if (other.size() < 40) {
                        synchronized (other) {
                            other.add(line);
                        }
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        }

        private void report(String json) {
            try {
                JsonObject o = JsonParser.parseString(json).getAsJsonObject();
                Map<String, String> fields = new LinkedHashMap<>();
                o.entrySet().forEach(e -> fields.put(e.getKey(), e.getValue().isJsonNull() ? "" : e.getValue().getAsString()));
                add(new Moment(now(), name, fields.getOrDefault("event", "?"), Map.copyOf(fields), null));
            } catch (RuntimeException e) {
                synchronized (other) {
                    other.add(MARK + json);
                }
            }
        }

        boolean awaitEvent(String event, long millis) {
            long deadline = System.nanoTime() + millis * 1_000_000;
            synchronized (moments) {
                while (moments.stream().noneMatch(m -> m.who().equals(name) && m.event().equals(event))) {
                    long left = (deadline - System.nanoTime()) / 1_000_000;
                    if (left <= 0 || (!process.isAlive() && !reader.isAlive())) {
                        return false;
                    }
                    try {
                        moments.wait(Math.min(left, 100));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return false;
                    }
                }
                return true;
            }
        }

        boolean awaitExit(long millis) {
            try {
                boolean ended = process.waitFor(millis, TimeUnit.MILLISECONDS);
                reader.join(2000);
                return ended;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        void send(String line) {
            try {
                process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
                process.getOutputStream().flush();
            } catch (IOException e) {
                // it ended: the awaits that follow say so
            }
        }

        int exit() {
            return process.exitValue();
        }

        List<String> output() {
            synchronized (other) {
                return other.stream().map(l -> name + ": " + l).toList();
            }
        }

        /** Sends {@code signal} (STOP, CONT) to the worker's JVM itself (inside the sandbox's wrappers, when on). */
        void signal(String signal) {
            long pid = jvm();
            try {
                Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).redirectErrorStream(true).start();
                kill.getInputStream().readAllBytes();
                kill.waitFor(5, TimeUnit.SECONDS);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** The JVM's process: the started one, or, in the sandbox, the java process among its descendants. */
        private long jvm() {
            return process.descendants().filter(h -> h.info().command().orElse("").endsWith("/java"))
                    .mapToLong(ProcessHandle::pid).findFirst().orElse(process.pid());
        }

        void end() {
            if (process.isAlive()) {
                signal("CONT");
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                try {
                    process.waitFor(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (!dir.equals(shared)) {
                workbook.workspace.Folders.deleteQuietly(dir);
            }
        }
    }
}
