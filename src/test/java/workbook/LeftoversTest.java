package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run leaves nothing behind: no process learner code started, no temp folder of a scene. */
class LeftoversTest {
    @TempDir Path tmp;

    /** A lab-1 workspace whose initDb also starts a long {@code sleep} (the reference otherwise). */
    private Path workspaceStarting(String seconds) throws IOException {
        Path pkg = Files.createDirectories(tmp.resolve("ws").resolve("lease"));
        String jobs = Files.readString(WorkbookRun.home().resolve("answers/lease/Jobs.java"));
        int body = jobs.indexOf('{', jobs.indexOf("static void initDb(")) + 1;
        jobs = jobs.substring(0, body) + "\n        try { new ProcessBuilder(\"sleep\", \"" + seconds + "\").start(); }"
                + " catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); }" + jobs.substring(body);
        Files.writeString(pkg.resolve("Jobs.java"), jobs);
        Files.copy(WorkbookRun.home().resolve("skeleton/lease/JobsTest.java"), pkg.resolve("JobsTest.java"));
        return pkg.getParent();
    }

    private static List<ProcessHandle> sleeping(String seconds) {
        return ProcessHandle.allProcesses().filter(p -> p.info().command().orElse("").endsWith("sleep")
                && List.of(p.info().arguments().orElse(new String[0])).contains(seconds)).toList();
    }

    @Test
    void processesLearnerCodeStartsEndWithTheChild() throws Exception {
        String seconds = String.valueOf(4000 + (int) (ProcessHandle.current().pid() % 1000));
        Path ws = workspaceStarting(seconds);
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("check", "1", "--workspace", ws.toString(), "--json");
        assertEquals(0, r.exit(), "step 1 still passes\n" + r.describe());
        long deadline = System.nanoTime() + 3_000_000_000L;
        while (!sleeping(seconds).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        List<ProcessHandle> left = sleeping(seconds);
        left.forEach(ProcessHandle::destroyForcibly);
        assertTrue(left.isEmpty(), left.size() + " `sleep " + seconds + "` processes outlived the check");
    }

    @Test
    void aTraceLeavesNoTempFolder() throws Exception {
        Path system = Path.of(System.getProperty("java.io.tmpdir"));
        long before = scratch(system);
        Path ws = workspaceStarting("1");
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("trace", "4", "--workspace", ws.toString(), "--json");
        assertTrue(r.json().get("compiled").getAsBoolean(), r.describe());
        assertEquals(before, scratch(system), "temp folders of scenes (lab-*, workbook-trace-*) left in " + system);
    }

    private static long scratch(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("lab-") || n.startsWith("lab2-")
                    || n.startsWith("workbook-trace-")).count();
        }
    }
}
