package workbook;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lab 4 on a real PostgreSQL server the workbook starts for each command: the reference passes every step, the
 * skeleton starts none, the audit is OK, the scenes play the same on the reference, and the story runs with real
 * processes and signals: B's complete is accepted, the stalled A's is refused.
 */
class PgqueueLabIT {
    private static final String LAB = "pgqueue";
    @TempDir Path tmp;

    private Path workspace(String from) throws IOException {
        Path pkg = Files.createDirectories(tmp.resolve(from).resolve(LAB));
        Files.copy(WorkbookRun.home().resolve(from).resolve(LAB).resolve("Leases.java"), pkg.resolve("Leases.java"));
        Files.copy(WorkbookRun.home().resolve("skeleton").resolve(LAB).resolve("LeasesTest.java"), pkg.resolve("LeasesTest.java"));
        return pkg.getParent();
    }

    @Test
    void theReferencePassesEveryStepAndTheSkeletonStartsNone() throws IOException {
        assumeTrue(workbook.run.PostgresServer.available(), "no bundled PostgreSQL here");
        WorkbookRun.Result ref = WorkbookRun.runAsLauncher("--lab", LAB, "check", "--workspace", workspace("answers").toString(), "--json");
        assertEquals(0, ref.exit(), ref.describe());
        for (JsonElement s : ref.json().getAsJsonArray("steps")) {
            assertEquals("passed", s.getAsJsonObject().get("status").getAsString(), ref.describe());
        }
        WorkbookRun.Result sk = WorkbookRun.runAsLauncher("--lab", LAB, "check", "--workspace", workspace("skeleton").toString(), "--json");
        for (JsonElement s : sk.json().getAsJsonArray("steps")) {
            assertEquals("not-started", s.getAsJsonObject().get("status").getAsString(), sk.describe());
        }
    }

    /** A class's shared server, given by URL: the workbook starts none and the children reach this one. */
    @Test
    void aServerGivenByUrlIsUsedInstead() throws IOException {
        assumeTrue(workbook.run.PostgresServer.available(), "no bundled PostgreSQL here");
        try (workbook.run.PostgresServer shared = workbook.run.PostgresServer.start(tmp.resolve("cache"), workbook.run.Host.current())) {
            WorkbookRun.Result r = WorkbookRun.runAsLauncher("--lab", LAB, "check", "1", "--workspace",
                    workspace("answers").toString(), "--pg-url", shared.url(), "--json");
            assertEquals(0, r.exit(), r.describe());
            try (java.sql.Connection c = java.sql.DriverManager.getConnection(shared.url());
                 java.sql.ResultSet s = c.createStatement().executeQuery(
                         "SELECT count(*) FROM information_schema.schemata WHERE schema_name LIKE 't\\_%'")) {
                s.next();
                assertTrue(s.getInt(1) > 0, "the tests made their schemas on the given server");
            } catch (java.sql.SQLException e) {
                throw new AssertionError(e);
            }
        }
        WorkbookRun.Result bad = WorkbookRun.runAsLauncher("--lab", LAB, "check", "1", "--workspace",
                workspace("skeleton").toString(), "--pg-url", "postgres://nowhere", "--json");
        assertNotEquals(0, bad.exit(), bad.describe());
    }

    @Test
    void theAuditIsOk() {
        assumeTrue(workbook.run.PostgresServer.available(), "no bundled PostgreSQL here");
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("--lab", LAB, "audit", "--json");
        assertEquals(0, r.exit(), r.describe());
    }

    @Test
    void theStoryFreezesAPastItsLeaseAndTheFenceRefusesItsLateComplete() throws IOException {
        assumeTrue(workbook.run.PostgresServer.available(), "no bundled PostgreSQL here");
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("--lab", LAB, "story", "--workspace", workspace("answers").toString(), "--json");
        assertEquals(0, r.exit(), r.describe());
        JsonObject play = r.json();
        assertTrue(play.get("stopped") == null || play.get("stopped").isJsonNull(), r.describe());
        boolean stopped = false;
        boolean bCompleted = false;
        boolean aRefused = false;
        boolean aSawTheGap = false;
        for (JsonElement e : play.getAsJsonArray("moments")) {
            JsonObject m = e.getAsJsonObject();
            String who = m.get("who").getAsString();
            String event = m.get("event").getAsString();
            stopped |= who.equals("A") && event.equals("stop");
            bCompleted |= who.equals("B") && event.equals("completed") && stopped;
            aRefused |= who.equals("A") && event.equals("complete-refused") && bCompleted;
            aSawTheGap |= who.equals("A") && event.equals("gap");
        }
        assertTrue(stopped && bCompleted && aRefused, "A stopped, then B completed, then A's complete was refused\n" + r.describe());
        assertTrue(aSawTheGap, "A noticed, after SIGCONT, that a slice of its work took seconds\n" + r.describe());
    }

    @Test
    void everySceneIsTheSameOnTheReference() throws IOException {
        assumeTrue(workbook.run.PostgresServer.available(), "no bundled PostgreSQL here");
        Path ws = workspace("answers");
        for (int step = 1; step <= 5; step++) {
            WorkbookRun.Result r = WorkbookRun.runAsLauncher("--lab", LAB, "trace", String.valueOf(step), "--workspace", ws.toString(), "--json");
            assertEquals(0, r.exit(), "step " + step + "\n" + r.describe());
        }
    }

    /** A lab with a server: the server a command started stops with it, and its folders go. */
    @Test
    void aLabsServerEndsWithTheCommand() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(workbook.run.PostgresServer.available(), "no bundled PostgreSQL here");
        Path pkg = Files.createDirectories(tmp.resolve("pg").resolve("pgqueue"));
        Files.copy(WorkbookRun.home().resolve("answers/pgqueue/Leases.java"), pkg.resolve("Leases.java"));
        Files.copy(WorkbookRun.home().resolve("skeleton/pgqueue/LeasesTest.java"), pkg.resolve("LeasesTest.java"));
        List<Path> before = servers();
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("--lab", "pgqueue", "check", "5", "--workspace", pkg.getParent().toString(), "--json");
        assertEquals(0, r.exit(), "the reference passes\n" + r.describe());
        assertTrue(r.json().get("passed").getAsInt() == 1, "step 5 passed, so a server ran\n" + r.describe());
        List<Path> left = servers().stream().filter(p -> !before.contains(p)).toList();
        assertTrue(left.isEmpty(), "server folders left after the command: " + left);
        assertTrue(ProcessHandle.allProcesses().noneMatch(p -> p.info().commandLine().orElse("").contains(tmp.toString())),
                "a process of the command is still running");
    }

    /**
     * The folders this JVM's servers run in (commands run in this JVM here): the temp folder's wbpg-PID-* and
     * /dev/shm's wbpg-PID-*-data. Other workbooks on the machine have servers of their own.
     */
    private static List<Path> servers() throws IOException {
        List<Path> all = new java.util.ArrayList<>();
        for (Path dir : List.of(Path.of(System.getProperty("java.io.tmpdir")), Path.of("/dev/shm"))) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.list(dir)) {
                    s.filter(p -> p.getFileName().toString().startsWith("wbpg-" + ProcessHandle.current().pid() + "-")).forEach(all::add);
                }
            }
        }
        return all;
    }
}
