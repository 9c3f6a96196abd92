package workbook.jshell;

import com.google.gson.Gson;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import workbook.run.Sandbox;

/**
 * Runs a {@code try} session in a child process in the sandbox, so the learner's snippets (and the JShell remote JVM
 * that runs them) get the same read-only repo, hidden reference and private network as every other child. At a
 * terminal the child shares it; otherwise (a script, a test) this process pumps its own streams to the child's.
 */
public final class TryProcess {
    private TryProcess() {}

    public static int run(workbook.run.Host host, Sandbox sandbox, List<String> classpath, Path startup, Path scenario, String bridge,
                          List<String> vmOptions, InputStream in, PrintStream out, PrintStream err, boolean terminal,
                          TrySession.Words words) {
        Path tmp = null;
        try {
            tmp = workbook.workspace.Folders.scratch(host.tmp(), "workbook-try-host-");
            Path request = tmp.resolve("try.json");
            Files.writeString(request, new Gson().toJson(new TryMain.Request(classpath, startup.toAbsolutePath().toString(),
                    scenario == null ? null : scenario.toAbsolutePath().toString(), bridge, vmOptions, terminal,
                    words.state(), words.end(), words.guide(), words.wrappers())), StandardCharsets.UTF_8);
            List<String> cmd = new ArrayList<>(List.of(host.java().toString(),
                    "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Djava.io.tmpdir=" + tmp,
                    "-cp", host.classPathArgument(), TryMain.class.getName(), request.toString()));
            List<String> needs = new ArrayList<>(classpath);
            needs.add(startup.toAbsolutePath().toString());
            if (scenario != null) {
                needs.add(scenario.toAbsolutePath().toString());
            }
            needs.addAll(vmOptions);
            ProcessBuilder pb = new ProcessBuilder(sandbox.wrap(cmd, tmp, null, needs)).directory(tmp.toFile());
            sandbox.environment(pb.environment(), tmp);
            if (terminal) {
                pb.environment().put("TERM", System.getenv().getOrDefault("TERM", "xterm"));
                pb.inheritIO();
            }
            Process p = pb.start();
            return terminal ? p.waitFor() : piped(p, in, out, err);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        } finally {
            if (tmp != null) {
                workbook.workspace.Folders.deleteQuietly(tmp);
            }
        }
    }

    /** Waits for a session without a terminal, its streams joined to {@code in}, {@code out} and {@code err}. */
    private static int piped(Process p, InputStream in, PrintStream out, PrintStream err) throws InterruptedException {
        pump(in, p.getOutputStream(), true);
        Thread o = pump(p.getInputStream(), out, false);
        Thread e = pump(p.getErrorStream(), err, false);
        int code = p.waitFor();
        o.join();
        e.join();
        return code;
    }

    private static Thread pump(InputStream from, OutputStream to, boolean closeAfter) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = from.read(buf)) > 0; ) {
                    to.write(buf, 0, n);
                    to.flush();
                }
            } catch (IOException ignored) {
                // the other side ended
            } finally {
                if (closeAfter) {
                    try {
                        to.close();
                    } catch (IOException ignored) {
                        // already closed
                    }
                }
            }
        }, "try-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
