package workbook.jshell;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.jshell.EvalException;
import jdk.jshell.JShell;
import jdk.jshell.JShellException;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.UnresolvedReferenceException;

/**
 * Plays a scene through the JShell API against one build of the learner class (the learner's or the reference). JShell's
 * remote engine runs the code in its own JVM: an endless loop is stopped after a time limit, and {@code System.exit}
 * ends only that JVM.
 */
public final class SceneRunner {
    static final long CALL_LIMIT_MILLIS = 3_000;

    /**
     * The first snippet also pays for JShell's start in a fresh process (its compiler, the remote JVM's first
     * classes): on a loaded 2-core machine that alone took over 3 s, so it gets longer.
     */
    static final long FIRST_CALL_LIMIT_MILLIS = 15_000;

    private final List<String> classpath;
    private final String bridge;
    private final List<String> vmOptions;

    /**
     * @param classpath the learner class build, the bridge, and the libraries
     * @param vmOptions options for the remote JVM (heap cap, temp folder, sqlite's native library)
     */
    public SceneRunner(List<String> classpath, List<String> vmOptions, String bridge) {
        this.classpath = List.copyOf(classpath);
        this.bridge = bridge;
        this.vmOptions = List.copyOf(vmOptions);
    }

    public List<Outcome> play(Scenario scene) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(new CappedStream(printed, 256 * 1024), true, StandardCharsets.UTF_8);
        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jshell-watchdog");
            t.setDaemon(true);
            return t;
        });
        List<Outcome> out = new ArrayList<>();
        try (JShell js = JShell.builder().out(sink).err(sink).remoteVMOptions(vmOptions.toArray(String[]::new)).build()) {
            classpath.forEach(js::addToClasspath);
            Outcome db = eval(js, "var db = " + bridge + ".fresh();", watchdog, FIRST_CALL_LIMIT_MILLIS);
            if (!db.detail().isEmpty()) {
                return fill(out, scene, "setup: " + db.detail());
            }
            if (!scene.setup().isEmpty()) {
                String block = "{ " + String.join(" ", scene.setup().stream().map(this::statement).toList()) + " }";
                Outcome setup = eval(js, block, watchdog, CALL_LIMIT_MILLIS);
                if (!setup.detail().isEmpty()) {
                    return fill(out, scene, "setup: " + setup.detail());
                }
            }
            Outcome played = eval(js, sceneCall(scene), watchdog, CALL_LIMIT_MILLIS * scene.rows().size());
            out.addAll(moments(printed.toString(StandardCharsets.UTF_8), scene));
            if (out.size() < scene.rows().size()) {
                String why = played.result().equals("timeout") ? "timeout" : played.result().equals("!jvm-ended")
                        ? "JVM ended" : played.result();
                out.add(new Outcome(why, "—", played.detail()));
                return fill(out, scene, played.detail());
            }
            return out;
        } catch (IllegalStateException e) {
            return fill(out, scene, String.valueOf(e.getMessage()));
        } finally {
            watchdog.shutdownNow();
        }
    }

    /** The one call that plays every moment of {@code scene} through the bridge, each moment a lambda. */
    private String sceneCall(Scenario scene) {
        StringBuilder call = new StringBuilder(bridge + ".scene(db, \"" + scene.job() + "\"");
        for (Scenario.Row row : scene.rows()) {
            call.append(",\n  " + bridge + ".m(() -> ").append(expression(row.call())).append(")");
        }
        return call.append(");").toString();
    }

    /** The moments the bridge printed ({@code #moment# i #|# result #:# detail #|# state}), in order. */
    private static List<Outcome> moments(String printed, Scenario scene) {
        List<Outcome> out = new ArrayList<>();
        for (String line : printed.split("\n")) {
            if (line.startsWith("#moment# ")) {
                String[] parts = line.substring("#moment# ".length()).split(" #\\|# ", 3);
                String[] result = parts[1].split(" #:# ", 2);
                int i = Integer.parseInt(parts[0].strip());
                out.add(new Outcome(result[0], hide(parts[2], scene.rows().get(i).hide()), result.length > 1 ? result[1] : ""));
            }
        }
        return out;
    }

    /** A scene line as an expression for a lambda body: the bridge fully qualified, no trailing semicolon. */
    private String expression(String call) {
        String c = call.strip();
        if (c.endsWith(";")) {
            c = c.substring(0, c.length() - 1);
        }
        String simple = bridge.substring(bridge.lastIndexOf('.') + 1);
        return c.replaceAll("(?<![\\w.])" + java.util.regex.Pattern.quote(simple) + "\\.", java.util.regex.Matcher.quoteReplacement(bridge + "."));
    }

    private String statement(String call) {
        return expression(call) + ";";
    }

    private static List<Outcome> fill(List<Outcome> out, Scenario scene, String why) {
        while (out.size() < scene.rows().size()) {
            out.add(Outcome.notRun(why));
        }
        return out;
    }

    /** Evaluates one snippet: the value (or {@code ok}), the exception's simple class name, or a rejection. */
    private static Outcome eval(JShell js, String source, ScheduledExecutorService watchdog, long limitMillis) {
        AtomicBoolean stopped = new AtomicBoolean();
        ScheduledFuture<?> limit = watchdog.schedule(() -> {
            stopped.set(true);
            js.stop();
        }, limitMillis, TimeUnit.MILLISECONDS);
        try {
            List<SnippetEvent> events = js.eval(source);
            if (stopped.get()) {
                return new Outcome("timeout", "", "stopped after " + limitMillis + " ms (an endless loop?)");
            }
            for (SnippetEvent e : events) {
                if (e.causeSnippet() != null) {
                    continue;
                }
                if (e.status() == Snippet.Status.REJECTED) {
                    StringBuilder why = new StringBuilder();
                    js.diagnostics(e.snippet()).forEach(d -> why.append(d.getMessage(java.util.Locale.ROOT)).append(" "));
                    return new Outcome("!rejected", "", why.toString().strip());
                }
                JShellException ex = e.exception();
                if (ex != null) {
                    String name = ex instanceof EvalException ee ? simple(ee.getExceptionClassName())
                            : ex instanceof UnresolvedReferenceException ? "unresolved" : simple(ex.getClass().getName());
                    return new Outcome(name, "", String.valueOf(ex.getMessage()));
                }
                return new Outcome(e.value() == null || e.value().isEmpty() ? "ok" : e.value(), "", "");
            }
            return new Outcome("ok", "", "");
        } catch (IllegalStateException closed) {
            return new Outcome("!jvm-ended", "", "the JShell JVM ended (System.exit?)");
        } finally {
            limit.cancel(false);
        }
    }

    private static String simple(String className) {
        return className == null ? "?" : className.substring(className.lastIndexOf('.') + 1);
    }

    private static String unquote(String s) {
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }

    private static String hide(String state, List<String> fields) {
        String out = state;
        for (String f : fields) {
            out = out.replaceAll("\\b" + f + "=\\S+\\s?", "").strip();
        }
        return out;
    }

    /** Keeps the first bytes a snippet prints and drops the rest, so a print loop cannot fill memory. */
    private static final class CappedStream extends java.io.OutputStream {
        private final ByteArrayOutputStream target;
        private final int cap;

        CappedStream(ByteArrayOutputStream target, int cap) {
            this.target = target;
            this.cap = cap;
        }

        @Override
        public synchronized void write(int b) {
            if (target.size() < cap) {
                target.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            int room = cap - target.size();
            if (room > 0) {
                target.write(b, off, Math.min(room, len));
            }
        }
    }

}
