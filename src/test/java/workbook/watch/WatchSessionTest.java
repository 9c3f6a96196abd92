package workbook.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import workbook.WorkbookRun;
import workbook.catalogue.Catalogue;
import workbook.catalogue.Course;
import workbook.grade.Builds;
import workbook.grade.Grader;
import workbook.words.Messages;
import workbook.run.ChildRunner;
import workbook.run.Limits;
import workbook.workspace.Workspace;

/** {@code workbook watch}: a save re-checks the current step; keys arrive as lines when stdin is not a terminal. */
class WatchSessionTest {
    @TempDir Path dir;

    @Test
    @Timeout(180)
    void aSaveThatFixesTheStepIsCheckedAgainAndPasses() throws Exception {
        Watching w = start();
        Path home = w.home();
        Workspace ws = w.ws();
        ByteArrayOutputStream printed = w.printed();
        PipedOutputStream keys = w.keys();
        Grader grader = w.grader();
        CompletableFuture<Integer> running = w.running();
        try {
            waitFor(printed, "[q] quit", 60);
            assertTrue(text(printed).contains("1. Create the lease table"), "starts at step 1:\n" + text(printed));

            String initDb = """
                    static void initDb(Path db) {
                            try (Connection c = open(db); java.sql.Statement s = c.createStatement()) {
                                s.executeUpdate("CREATE TABLE IF NOT EXISTS jobs(id TEXT PRIMARY KEY, owner TEXT, "
                                        + "until REAL NOT NULL DEFAULT 0, fence INTEGER NOT NULL DEFAULT 0, result TEXT, "
                                        + "done INTEGER NOT NULL DEFAULT 0)");
                            } catch (SQLException e) {
                                throw new IllegalStateException(e);
                            }
                        }""";
            String mine = Files.readString(ws.jobsFile());
            var span = workbook.workspace.JavaMethods.find(mine, "initDb").orElseThrow();
            Files.writeString(ws.jobsFile(), mine.substring(0, span.start()) + initDb + mine.substring(span.end()));
            waitFor(printed, "after the save", 60);
            assertTrue(text(printed).contains("step 1 passes"), "the saved fix passes step 1:\n" + text(printed));

            keys.write("h\n".getBytes(StandardCharsets.UTF_8));
            keys.flush();
            waitFor(printed, "hint for 1", 30);
            keys.write("q\n".getBytes(StandardCharsets.UTF_8));
            keys.flush();
            assertEquals(0, running.get(30, TimeUnit.SECONDS));
        } finally {
            keys.close();
            grader.shutdown();
        }
    }

    /**
     * A key pressed while the first check runs does what it says (h shows the hint, the check goes on), and a save
     * made meanwhile is graded when that check ends: it is neither lost nor allowed to cancel the verdict.
     */
    @Test
    @Timeout(180)
    void aKeyAndASaveDuringACheckAreNotLost() throws Exception {
        Watching w = start();
        Path home = w.home();
        Workspace ws = w.ws();
        ByteArrayOutputStream printed = w.printed();
        PipedOutputStream keys = w.keys();
        Grader grader = w.grader();
        CompletableFuture<Integer> running = w.running();
        try {
            waitFor(printed, "grading every step", 30);
            keys.write("h\n".getBytes(StandardCharsets.UTF_8));
            keys.flush();
            waitFor(printed, "hint for 1", 30);
            // The reference's Jobs.java saved while the first check still runs.
            Files.writeString(ws.jobsFile(), Files.readString(home.resolve("answers/lease/Jobs.java")));
            waitFor(printed, "step 1 passes", 120);
            assertTrue(text(printed).indexOf("hint for 1") < text(printed).indexOf("step 1 passes"), text(printed));
            keys.write("q\n".getBytes(StandardCharsets.UTF_8));
            keys.flush();
            assertEquals(0, running.get(30, TimeUnit.SECONDS));
        } finally {
            keys.close();
            grader.shutdown();
        }
    }

    /** A watch session on a lease workspace holding the skeleton, running in the background. */
    private record Watching(Path home, Workspace ws, Grader grader, ByteArrayOutputStream printed,
                            PipedOutputStream keys, CompletableFuture<Integer> running) {}

    private Watching start() throws Exception {
        Path home = WorkbookRun.home();
        Course course = Catalogue.load(home, "lease", java.util.List.of());
        Workspace ws = new Workspace(dir, course);
        Files.createDirectories(ws.jobsFile().getParent());
        Files.writeString(ws.jobsFile(), Files.readString(home.resolve("skeleton/lease/Jobs.java")));
        Files.copy(home.resolve("skeleton/lease/JobsTest.java"), ws.testFile());

        Messages msg = Messages.of("en");
        Path cache = Builds.defaultCache(home);
        workbook.run.Host host = workbook.run.Host.current();
        Grader grader = new Grader(new Builds(course, cache, msg.locale(), host),
                new ChildRunner(host, Limits.defaults(), List.of(), cache, true), 1);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
        PipedOutputStream keys = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(keys);
        WatchSession session = new WatchSession(course, ws, grader, msg, out, step -> out.println("hint for " + step));
        CompletableFuture<Integer> running = CompletableFuture.supplyAsync(() -> {
            try {
                return session.run(in, false, null);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        return new Watching(home, ws, grader, printed, keys, running);
    }

    private static String text(ByteArrayOutputStream b) {
        return b.toString(StandardCharsets.UTF_8);
    }

    private static void waitFor(ByteArrayOutputStream printed, String needle, int seconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            if (text(printed).contains(needle)) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("waited " + seconds + " s for '" + needle + "':\n" + text(printed));
    }
}
