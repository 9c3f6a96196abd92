package workbook.jshell;

import com.google.gson.Gson;
import com.google.gson.reflect.TypeToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import workbook.run.Sandbox;

/**
 * Plays a scene on learner code in a child process run in the sandbox ({@link SceneMain}): the JShell remote JVM that
 * runs the learner's classes is started from inside it, so it gets the sandbox's read-only repo, hidden reference,
 * clean environment and private network (whose loopback reaches nothing outside; JShell talks to its remote JVM
 * over it).
 */
final class SceneProcess {
    private static final long OUTPUT_CAP = 1 << 20;

    private final Sandbox sandbox;
    private final workbook.run.Host host;

    SceneProcess(workbook.run.Host host, Sandbox sandbox) {
        this.host = host;
        this.sandbox = sandbox;
    }

    List<Outcome> play(Path scenario, int rows, List<String> classpath, List<String> vmOptions, String bridge, Path tmp) {
        try {
            Path request = tmp.resolve("scene.json");
            Files.writeString(request, new Gson().toJson(new SceneMain.Request(scenario.toAbsolutePath().toString(),
                    classpath, vmOptions, bridge)), StandardCharsets.UTF_8);
            List<String> cmd = new ArrayList<>(List.of(host.java().toString(),
                    "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m", "-Djava.io.tmpdir=" + tmp,
                    "-cp", host.classPathArgument(), SceneMain.class.getName(), request.toString()));
            List<String> needs = new ArrayList<>(classpath);
            needs.add(scenario.toAbsolutePath().toString());
            needs.addAll(vmOptions);
            ProcessBuilder pb = new ProcessBuilder(sandbox.wrap(cmd, tmp, null, needs)).directory(tmp.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            sandbox.environment(pb.environment(), tmp);
            Process p = pb.start();
            p.getOutputStream().close();
            java.util.concurrent.CompletableFuture<String> printed = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return read(p.getInputStream());
                } catch (IOException e) {
                    return "";
                }
            });
            long limit = SceneRunner.FIRST_CALL_LIMIT_MILLIS + SceneRunner.CALL_LIMIT_MILLIS * (rows + 2L) + 30_000;
            if (!p.waitFor(limit, TimeUnit.MILLISECONDS)) {
                stop(p);
            }
            return outcomes(printed.join(), rows);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The outcomes the scene's JVM printed on its marked line; every row not run when there is none. */
    private static List<Outcome> outcomes(String printed, int rows) {
        for (String line : printed.split("\n")) {
            if (line.startsWith(SceneMain.MARK)) {
                return new Gson().fromJson(line.substring(SceneMain.MARK.length()), new TypeToken<List<Outcome>>() { }.getType());
            }
        }
        List<Outcome> none = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            none.add(Outcome.notRun("the scene's JVM ended early"));
        }
        return none;
    }

    /** Everything it printed, up to the cap (past it the rest is read and dropped, so the child never blocks). */
    private static String read(InputStream in) throws IOException {
        java.io.ByteArrayOutputStream kept = new java.io.ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        for (int n; (n = in.read(buf)) > 0; ) {
            if (kept.size() < OUTPUT_CAP) {
                kept.write(buf, 0, (int) Math.min(n, OUTPUT_CAP - kept.size()));
            }
        }
        return kept.toString(StandardCharsets.UTF_8);
    }

    private static void stop(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }
}
