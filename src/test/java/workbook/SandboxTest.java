package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.gson.JsonElement;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.run.Sandbox;

/**
 * Where the workbook claims a sandbox, learner code inside a child can neither write to the workbook's folder or the
 * learner's own files, nor read the reference, nor open a socket (lab 1 declares no fixture server).
 */
class SandboxTest {
    @TempDir Path tmp;

    @Test
    void fromInsideAChildTheRepoTheReferenceTheWorkspaceAndTheNetworkAreOutOfReach() throws Exception {
        Sandbox sandbox = Sandbox.detect(WorkbookRun.home(), false);
        Assumptions.assumeTrue(sandbox.on(), "no sandbox on this machine: " + sandbox.off() + " " + sandbox.why());
        Path home = WorkbookRun.home().toAbsolutePath();
        Path mark = home.resolve("escaped-" + ProcessHandle.current().pid());
        // Outside the child's own temp folder, nothing is writable: not /tmp, not /dev/shm, not the user's home.
        // A folder where other children's folders are (/dev/shm): a child sees its own there, and nothing else.
        Path decoy = Path.of("/dev/shm", "workbook-child-decoy-" + ProcessHandle.current().pid());
        if (Files.isWritable(Path.of("/dev/shm"))) {
            Files.createDirectories(decoy);
        }
        List<Path> elsewhere = List.of(Path.of("/tmp", "escaped-" + ProcessHandle.current().pid()),
                Path.of("/dev/shm", "escaped-" + ProcessHandle.current().pid()),
                Path.of(System.getProperty("user.home"), "escaped-" + ProcessHandle.current().pid()));
        // A process learner code detaches from itself (a new session, its parent gone) must still end with the child.
        String detached = "7" + (ProcessHandle.current().pid() % 100_000) + ".25";
        try (ServerSocket listener = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            AtomicBoolean reached = new AtomicBoolean();
            Thread accept = new Thread(() -> {
                try {
                    listener.accept().close();
                    reached.set(true);
                } catch (IOException ignored) {
                    // closed at the end of the test
                }
            });
            accept.setDaemon(true);
            accept.start();

            Path pkg = Files.createDirectories(tmp.resolve("ws").resolve("lease"));
            String jobs = Files.readString(home.resolve("answers/lease/Jobs.java"));
            int body = jobs.indexOf('{', jobs.indexOf("static void initDb(")) + 1;
            String attack = """

                    java.util.List<String> escaped = new java.util.ArrayList<>();
                    // Root in its namespaces, learner code could once undo every mount: unmount the covers, remount rw.
                    if (System.getProperty("workbook.test.unmounted") == null) try { System.setProperty("workbook.test.unmounted", "1"); new ProcessBuilder("sh", "-c", "(umount -l %s/answers; umount -l %s; for m in %s / /tmp /dev/shm $HOME; do mount -o remount,rw $m || mount -o remount,bind,rw $m; done; unshare -Um sh -c 'umount -l %s/answers; mount -o remount,rw %s') >/dev/null 2>&1").start().waitFor(); } catch (Exception e) { }
                    try { java.nio.file.Files.writeString(java.nio.file.Path.of("%s"), "x"); escaped.add("wrote the repo"); } catch (Exception e) { }
                    try { java.nio.file.Files.writeString(java.nio.file.Path.of("%s"), "x"); escaped.add("wrote the workspace"); } catch (Exception e) { }
                    try { java.nio.file.Files.readString(java.nio.file.Path.of("%s")); escaped.add("read the reference"); } catch (Exception e) { }
                    try (java.net.Socket s = new java.net.Socket("127.0.0.1", %d)) { escaped.add("opened a socket"); } catch (Exception e) { }
                    for (String p : new String[] {"%s", "%s", "%s"}) {
                        try { java.nio.file.Files.writeString(java.nio.file.Path.of(p), "x"); escaped.add("wrote " + p); } catch (Exception e) { }
                    }
                    try { java.nio.file.Files.writeString(java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "mine"), "x"); } catch (Exception e) { escaped.add("could not write its own temp folder: " + e); }
                    if (java.nio.file.Files.exists(java.nio.file.Path.of("%s"))) { escaped.add("saw another child's folder in /dev/shm"); }
                    try { new ProcessBuilder("sh", "-c", "setsid sh -c 'sleep %s &' >/dev/null 2>&1 </dev/null &").start().waitFor(); } catch (Exception e) { }
                    if (!escaped.isEmpty()) { throw new IllegalStateException("ESCAPED: " + escaped); }
                    """.formatted(home, home, home, home, home, mark, pkg.resolve("Jobs.java"), home.resolve("answers/lease/Jobs.java"), listener.getLocalPort(),
                            elsewhere.get(0), elsewhere.get(1), elsewhere.get(2), decoy, detached);
            Files.writeString(pkg.resolve("Jobs.java"), jobs.substring(0, body) + attack + jobs.substring(body));
            Files.copy(home.resolve("skeleton/lease/JobsTest.java"), pkg.resolve("JobsTest.java"));

            WorkbookRun.Result r = WorkbookRun.runAsLauncher("check", "1", "--workspace", pkg.getParent().toString(),
                    "--json", "--lang", "en");
            StringBuilder messages = new StringBuilder();
            for (JsonElement s : r.json().getAsJsonArray("steps")) {
                s.getAsJsonObject().getAsJsonArray("tests").forEach(t -> messages.append(t).append('\n'));
            }
            assertFalse(messages.toString().contains("ESCAPED"), "learner code got out of the sandbox:\n" + messages);
            assertEquals(0, r.exit(), "step 1 passes inside the sandbox\n" + r.describe());
            assertFalse(Files.exists(mark), "a file appeared in the workbook's folder");
            for (Path p : elsewhere) {
                assertFalse(Files.exists(p), "a file appeared outside the child's temp folder: " + p);
            }
            assertFalse(reached.get(), "a connection reached a socket outside");
            long until = System.nanoTime() + 3_000_000_000L;
            while (System.nanoTime() < until && running(detached)) {
                Thread.sleep(50);
            }
            assertFalse(running(detached), "a detached process (setsid, its parent gone) outlived the child");
        } finally {
            Files.deleteIfExists(mark);
            for (Path p : elsewhere) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(decoy);
        }
    }

    /** Whether some process on this machine is {@code sleep SECONDS}. */
    private static boolean running(String seconds) {
        return ProcessHandle.allProcesses().anyMatch(p -> p.info().arguments().map(a -> a.length == 1 && a[0].equals(seconds))
                .orElse(false) && p.info().command().map(c -> c.endsWith("sleep")).orElse(false));
    }

    /**
     * Each message is clipped on its own, and the invocations of one repeated test share a budget too: it cannot print
     * a long text (the reference, once) 600 characters at a time.
     */
    @Test
    void aRepeatedTestCannotPrintPastTheRunsMessageBudget() throws Exception {
        Path pkg = Files.createDirectories(tmp.resolve("ws2").resolve("lease"));
        Path home = WorkbookRun.home().toAbsolutePath();
        Files.copy(home.resolve("answers/lease/Jobs.java"), pkg.resolve("Jobs.java"));
        Files.writeString(pkg.resolve("JobsTest.java"), """
                package lease;

                import org.junit.jupiter.api.RepetitionInfo;
                import org.junit.jupiter.api.RepeatedTest;

                class JobsTest {
                    @RepeatedTest(40)
                    void leaks(RepetitionInfo info) {
                        throw new AssertionError(String.valueOf(info.getCurrentRepetition()).repeat(2000));
                    }
                }
                """);
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("mutants", "--workspace", pkg.getParent().toString(), "--json",
                "--lang", "en");
        int total = 0;
        int cut = 0;
        for (JsonElement t : r.json().getAsJsonArray("tests")) {
            String m = t.getAsJsonObject().get("message").getAsString();
            total += m.length();
            cut += m.contains("left out") ? 1 : 0;
        }
        assertEquals(40, r.json().getAsJsonArray("tests").size(), r.describe());
        org.junit.jupiter.api.Assertions.assertTrue(total < 40 * 400, "the messages together: " + total + " characters");
        org.junit.jupiter.api.Assertions.assertTrue(cut > 20, "most messages are replaced by the note: " + cut);
    }

    /** {@code trace} plays the learner's side in the sandbox too: its JShell remote JVM cannot write the repo or read the reference. */
    @Test
    void traceRunsTheLearnersSceneInTheSandbox() throws Exception {
        Sandbox sandbox = Sandbox.detect(WorkbookRun.home(), true);
        Assumptions.assumeTrue(sandbox.on(), "no sandbox on this machine: " + sandbox.off() + " " + sandbox.why());
        Path home = WorkbookRun.home().toAbsolutePath();
        Path wrote = home.resolve("escaped-trace-" + ProcessHandle.current().pid());
        Path copied = home.resolve("escaped-reference-" + ProcessHandle.current().pid());
        try {
            Path pkg = Files.createDirectories(tmp.resolve("ws3").resolve("lease"));
            String jobs = Files.readString(home.resolve("answers/lease/Jobs.java"));
            int body = jobs.indexOf('{', jobs.indexOf("class Jobs")) + 1;
            String attack = """

                    static {
                        try { java.nio.file.Files.writeString(java.nio.file.Path.of("%s"), "x"); } catch (Exception e) { }
                        try { java.nio.file.Files.writeString(java.nio.file.Path.of("%s"), java.nio.file.Files.readString(java.nio.file.Path.of("%s"))); } catch (Exception e) { }
                    }
                    """.formatted(wrote, copied, home.resolve("answers/lease/Jobs.java"));
            Files.writeString(pkg.resolve("Jobs.java"), jobs.substring(0, body) + attack + jobs.substring(body));
            WorkbookRun.Result r = WorkbookRun.runAsLauncher("trace", "1", "--workspace", pkg.getParent().toString(),
                    "--json", "--lang", "en");
            assertEquals(0, r.exit(), r.describe());
            org.junit.jupiter.api.Assertions.assertTrue(r.json().get("firstDivergence").isJsonNull(),
                    "the scene itself still plays\n" + r.describe());
            assertFalse(Files.exists(wrote), "the learner's scene wrote into the workbook's folder");
            assertFalse(Files.exists(copied), "the learner's scene read the reference");
        } finally {
            Files.deleteIfExists(wrote);
            Files.deleteIfExists(copied);
        }
    }
}
