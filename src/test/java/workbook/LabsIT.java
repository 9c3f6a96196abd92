package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine is generic over labs: a home with two small labs ({@code fixtures/labs}: {@code alpha} with two learner
 * files, one of them an instance made by a constructor; {@code beta} with one) is checked, audited and chosen between
 * with nothing in {@code src/} knowing either.
 */
class LabsIT {
    @TempDir Path tmp;

    /** A copy of the fixture home: the workbook keeps its compile cache below its home, never among test classes. */
    @TempDir static Path home;

    @org.junit.jupiter.api.BeforeAll
    static void copyTheLabsHome() throws IOException {
        WorkbookRun.copyOfLabsHome(home);
    }

    private static WorkbookRun.Result inLabsHome(String... args) {
        return WorkbookRun.inHome(home, args);
    }

    private Path workspace(String pkg, String from, String... files) throws IOException {
        Path ws = tmp.resolve(pkg + "-" + from);
        Files.createDirectories(ws.resolve(pkg));
        for (String f : files) {
            Files.copy(home.resolve(from).resolve(pkg).resolve(f), ws.resolve(pkg).resolve(f));
        }
        return ws;
    }

    @Test
    void aLabWithTwoLearnerFilesIsCheckedAndItsSkeletonIsNotStarted() throws IOException {
        Path done = workspace("alpha", "answers", "Counter.java", "Names.java");
        WorkbookRun.Result r = inLabsHome("check", "--workspace", done.toString(), "--json", "--lang", "en");
        assertEquals(0, r.exit(), r.describe());
        for (JsonElement s : r.json().getAsJsonArray("steps")) {
            assertEquals("passed", s.getAsJsonObject().get("status").getAsString(), r.describe());
        }
        Path fresh = workspace("alpha", "skeleton", "Counter.java", "Names.java");
        WorkbookRun.Result sk = inLabsHome("check", "--workspace", fresh.toString(), "--json", "--lang", "en");
        for (JsonElement s : sk.json().getAsJsonArray("steps")) {
            assertEquals("not-started", s.getAsJsonObject().get("status").getAsString(), sk.describe());
        }
    }

    @Test
    void theAuditOfEachLabKillsItsMutantsIncludingOneInTheSecondFile() {
        WorkbookRun.Result r = inLabsHome("audit", "--lab", "alpha", "--json", "--lang", "en");
        JsonObject v = r.json();
        assertTrue(v.get("ok").getAsBoolean(), r.describe());
        List<String> killed = v.getAsJsonArray("mutants").asList().stream()
                .filter(m -> "killed".equals(m.getAsJsonObject().get("status").getAsString()))
                .map(m -> m.getAsJsonObject().get("id").getAsString()).toList();
        assertEquals(List.of("01-counts-twice", "02-empty-name-alone"), killed, r.describe());
        assertEquals(0, inLabsHome("audit", "--lab", "beta", "--json").exit());
    }

    @Test
    void theWorkspaceChoosesTheLabAndOtherwiseTheLearnerIsAskedTo() throws IOException {
        Path beta = workspace("beta", "answers", "Echo.java");
        WorkbookRun.Result r = inLabsHome("check", "--workspace", beta.toString(), "--json", "--lang", "en");
        assertEquals(0, r.exit(), "a workspace holding only beta/ selects lab beta\n" + r.describe());
        assertEquals(1, r.json().getAsJsonArray("steps").size(), r.describe());

        Path both = workspace("alpha", "answers", "Counter.java", "Names.java");
        Files.createDirectories(both.resolve("beta"));
        WorkbookRun.Result ambiguous = inLabsHome("check", "--workspace", both.toString(), "--lang", "en");
        assertEquals(2, ambiguous.exit(), ambiguous.describe());
        assertTrue(ambiguous.err().contains("--lab"), "it says how to choose: " + ambiguous.err());
        assertEquals(0, inLabsHome("check", "--workspace", both.toString(), "--lab", "alpha", "--json").exit());

        WorkbookRun.Result unknown = inLabsHome("check", "--lab", "gamma", "--workspace", both.toString());
        assertEquals(2, unknown.exit(), unknown.describe());
        assertTrue(unknown.err().contains("alpha, beta"), "it lists the labs there are: " + unknown.err());
    }

    @Test
    void bothLabsLintClean() {
        for (String lab : List.of("alpha", "beta")) {
            WorkbookRun.Result r = inLabsHome("lint", "--lab", lab, "--json", "--lang", "en");
            assertTrue(r.json().get("ok").getAsBoolean(), r.describe());
        }
    }

    @Test
    void theBoardListsTheLabsUntilOneIsInProgress() throws IOException {
        WorkbookRun.Result r = inLabsHome("--json", "--lang", "en");
        assertEquals(0, r.exit(), r.describe());
        assertEquals("labs", r.json().get("command").getAsString(), r.describe());
        List<String> ids = r.json().getAsJsonArray("labs").asList().stream()
                .map(l -> l.getAsJsonObject().get("id").getAsString()).toList();
        assertEquals(List.of("alpha", "beta"), ids, r.describe());

        Files.createDirectories(home.resolve("workspace/beta"));
        try {
            WorkbookRun.Result board = inLabsHome("--json", "--lang", "en");
            assertEquals("check", board.json().get("command").getAsString(), "the lab in progress is the default\n" + board.describe());
            assertEquals(1, board.json().getAsJsonArray("steps").size(), board.describe());
        } finally {
            workbook.workspace.Folders.deleteQuietly(home.resolve("workspace"));
        }
    }
}
