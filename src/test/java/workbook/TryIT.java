package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code workbook try}: JShell over the learner's code, driven through standard input as a script would. */
class TryIT {
    @TempDir Path ws;

    private WorkbookRun.Result tryWith(String input, String... args) {
        return WorkbookRun.run(workbook.run.Host.current(), input, args);
    }

    private void learnerCode(String jobs) throws Exception {
        Files.createDirectories(ws.resolve("lease"));
        Files.writeString(ws.resolve("lease/Jobs.java"), jobs);
    }

    @Test
    @Timeout(120)
    void systemExitInLearnerCodeEndsOnlyTheEngineNotTheSession() throws Exception {
        String reference = Files.readString(WorkbookRun.home().resolve("answers/lease/Jobs.java"));
        learnerCode(reference.replace("    static void initDb(Path db) {",
                "    static void initDb(Path db) {\n        if (db != null) System.exit(3);"));
        WorkbookRun.Result r = tryWith("Lab.initDb(db)\n6 * 7\n/exit\n", "try", "--workspace", ws.toString(), "--lang", "en");
        assertEquals(0, r.exit(), r.describe());
        assertTrue(r.out().contains("engine terminated"), "JShell reports its engine ended\n" + r.describe());
        assertTrue(r.out().contains("42"), "the session goes on after System.exit\n" + r.describe());
    }

    @Test
    @Timeout(120)
    void theSceneReplaysOneMomentAtATime() throws Exception {
        learnerCode(Files.readString(WorkbookRun.home().resolve("answers/lease/Jobs.java")));
        WorkbookRun.Result r = tryWith("next()\nnext()\nLab.row(db, \"j\")\n/exit\n", "try", "4", "--workspace", ws.toString(), "--lang", "en");
        assertEquals(0, r.exit(), r.describe());
        assertTrue(r.out().contains("▶ 1/"), "next() plays the first moment\n" + r.describe());
        assertTrue(r.out().contains("= OptionalLong[1]"), "A's claim of the free job gives fence 1\n" + r.describe());
        assertTrue(r.out().contains("owner=A fence=1"), "the row after the claim\n" + r.describe());
    }

    /**
     * The learner's class answers to its own name (JShell cannot reach package-private methods; a wrapper passes each
     * call on to the bridge), and next() says each moment's clause and what the reference does there: ✓ or ✗.
     */
    @Test
    void nextComparesEachMomentWithTheReferenceAndTheClassKeepsItsName() throws Exception {
        String reference = Files.readString(WorkbookRun.home().resolve("answers/lease/Jobs.java"));
        // A learner who lets anyone claim a held job: the second moment (B at t=6, A's lease until 11) parts.
        String buggy = reference.replace("if (done || until > now) {", "if (done) {");
        org.junit.jupiter.api.Assumptions.assumeFalse(buggy.equals(reference), "the reference's lease test moved");
        learnerCode(buggy);
        WorkbookRun.Result r = tryWith("Jobs.initDb(db)\nnext()\nnext()\n/exit\n", "try", "4", "--workspace", ws.toString(), "--lang", "en");
        assertEquals(0, r.exit(), r.describe());
        assertFalse(r.out().contains("cannot find symbol"), "Jobs.initDb works under its own name\n" + r.describe());
        assertTrue(r.out().contains("a free job: A claims it"), "the first moment's clause\n" + r.describe());
        assertTrue(r.out().contains("reference: OptionalLong[1]   state: owner=A fence=1 until=11   ✓"), r.describe());
        assertTrue(r.out().contains("✗"), "the second moment parts from the reference\n" + r.describe());
    }

    @Test
    @Timeout(60)
    void aCompileErrorIsReportedInsteadOfStartingJShell() throws Exception {
        learnerCode("package lease;\npublic final class Jobs { oops }\n");
        WorkbookRun.Result r = tryWith("/exit\n", "try", "--workspace", ws.toString(), "--lang", "en");
        assertEquals(1, r.exit(), r.describe());
        assertTrue(r.out().contains("Jobs.java:2:"), "file:line of the error\n" + r.describe());
    }
}
