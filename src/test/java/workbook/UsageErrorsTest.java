package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exit status 2: the command was called wrongly or the setup is missing; nothing is graded. */
class UsageErrorsTest {
    @TempDir Path tmp;

    private Path workspace;
    private boolean defaultWorkspaceExisted;

    @BeforeEach
    void aValidWorkspace() {
        // a valid workspace, so that only the argument under test is wrong
        workspace = WorkbookRun.workspace(WorkbookRun.home().resolve("answers"), tmp.resolve("ws"));
        defaultWorkspaceExisted = Files.exists(WorkbookRun.home().resolve("workspace"));
    }

    @AfterEach
    void noDefaultWorkspaceWasCreated() {
        if (!defaultWorkspaceExisted) {
            assertTrue(Files.notExists(WorkbookRun.home().resolve("workspace")),
                    "a usage error must not create the default workspace folder");
        }
    }

    @Test
    void checkOfAStepThatDoesNotExist() {
        WorkbookRun.Result r = WorkbookRun.run("check", "9", "--workspace", workspace.toString(), "--json", "--lang", "en");
        assertEquals(2, r.exit(), r.describe());
        assertTrue(r.err().contains("9"), "the error names the step: " + r.describe());
        // No verdict: under --json the setup error itself, as JSON, so a tool reading stdout is not left guessing.
        assertEquals("error", r.json().get("command").getAsString(), "the error as JSON: " + r.describe());
        assertEquals(2, r.json().get("exit").getAsInt(), r.describe());
    }

    /** A --workspace with another lab's folder, or the file at its top, says so instead of only "does not exist". */
    @Test
    void aWorkspaceWithSomethingElseInItSaysWhat() throws Exception {
        Path other = Files.createDirectories(tmp.resolve("other/singleflight"));
        WorkbookRun.Result r = WorkbookRun.run("check", "--lab", "lease", "--workspace", other.getParent().toString(), "--lang", "en");
        assertEquals(2, r.exit(), r.describe());
        assertTrue(r.err().contains("this folder holds lab singleflight's files: --lab singleflight"), r.describe());

        Path flat = Files.createDirectories(tmp.resolve("flat"));
        Files.writeString(flat.resolve("Jobs.java"), "class Jobs {}");
        r = WorkbookRun.run("check", "--lab", "lease", "--workspace", flat.toString(), "--lang", "en");
        assertEquals(2, r.exit(), r.describe());
        assertTrue(r.err().contains("Jobs.java into the lab's package folder"), r.describe());
    }

    @Test
    void checkOfStepZero() {
        WorkbookRun.Result r = WorkbookRun.run("check", "0", "--workspace", workspace.toString(), "--json");
        assertEquals(2, r.exit(), r.describe());
    }

    @Test
    void checkOfAWorkspaceThatDoesNotExist() {
        Path missing = tmp.resolve("nonexistent");
        WorkbookRun.Result r = WorkbookRun.run("check", "--workspace", missing.toString(), "--json", "--lang", "en");
        assertEquals(2, r.exit(), r.describe());
        assertTrue(r.err().contains("nonexistent"), "the error names the folder: " + r.describe());
        assertTrue(Files.notExists(missing), "the missing workspace is not created");
    }

    @Test
    void checkOfTheRootNonexistentFolder() {
        WorkbookRun.Result r = WorkbookRun.run("check", "--workspace", "/nonexistent", "--json");
        assertEquals(2, r.exit(), r.describe());
        // Korean by default: the message must arrive intact in UTF-8
        assertTrue(r.err().contains("없습니다"), "the Korean message survives the output encoding: " + r.describe());
    }

    @Test
    void mutantsOfAWorkspaceThatDoesNotExist() {
        WorkbookRun.Result r = WorkbookRun.run("mutants", "--workspace", tmp.resolve("nonexistent").toString(), "--json");
        assertEquals(2, r.exit(), r.describe());
    }

    @Test
    void mutantsOfAStepThatDoesNotExist() {
        WorkbookRun.Result r = WorkbookRun.run("mutants", "9", "--workspace", workspace.toString(), "--json");
        assertEquals(2, r.exit(), r.describe());
    }

    @Test
    void auditWithAPrivateMutantFolderThatDoesNotExist() {
        WorkbookRun.Result r = WorkbookRun.run("audit", "--lab", "lease", "--mutants", tmp.resolve("no-such-folder").toString(), "--json");
        assertEquals(2, r.exit(), r.describe());
    }

    @Test
    void anUnknownOption() {
        WorkbookRun.Result r = WorkbookRun.run("check", "--no-such-option", "--workspace", workspace.toString());
        assertEquals(2, r.exit(), r.describe());
    }

    @Test
    void aStepThatIsNotANumber() {
        WorkbookRun.Result r = WorkbookRun.run("check", "two", "--workspace", workspace.toString());
        assertEquals(2, r.exit(), r.describe());
    }

    @Test
    void aUsageMistakeIsOneLineInTheLearnersLanguage() {
        WorkbookRun.Result ko = WorkbookRun.run("check", "x", "--workspace", workspace.toString());
        assertEquals(2, ko.exit(), ko.describe());
        assertEquals(1, ko.err().strip().lines().count(), "one line, not the whole usage: " + ko.err());
        assertTrue(ko.err().contains("숫자가 아닙니다") && ko.err().contains("--help"), ko.err());
        WorkbookRun.Result en = WorkbookRun.run("check", "--nope", "--lang", "en", "--workspace", workspace.toString());
        assertEquals(2, en.exit(), en.describe());
        assertTrue(en.err().contains("unknown option") && !en.err().contains("Usage:"), en.err());
    }

    /** --help speaks one language: Korean by default, English with --lang en, for the workbook and every command. */
    @org.junit.jupiter.api.Test
    void helpIsInOneLanguage() {
        java.util.function.Predicate<String> hangul = t -> t.codePoints()
                .anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HANGUL);
        for (String cmd : java.util.List.of("check", "grade", "verify", "mutants", "audit", "watch")) {
            WorkbookRun.Result ko = WorkbookRun.run(cmd, "--help");
            assertEquals(0, ko.exit(), ko.describe());
            assertTrue(ko.out().startsWith("사용법: workbook " + cmd), ko.describe());
            assertTrue(ko.out().contains("옵션:") && ko.out().contains("이 도움말을 보이고 끝냅니다"), ko.describe());
            for (String english : java.util.List.of("Show this help message", "Print the verdict as JSON", "Options:")) {
                assertFalse(ko.out().contains(english), "no English in the Korean help of " + cmd + ": " + english + "\n" + ko.out());
            }
            WorkbookRun.Result en = WorkbookRun.run(cmd, "--help", "--lang", "en");
            assertTrue(en.out().startsWith("Usage: workbook " + cmd), en.describe());
            assertFalse(hangul.test(en.out()), "no Korean in the English help of " + cmd + "\n" + en.out());
        }
    }
}
