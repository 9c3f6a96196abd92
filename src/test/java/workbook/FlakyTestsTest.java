package workbook;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A learner test that passes the reference only some of the time is named flaky and earns no kill. */
class FlakyTestsTest {
    @TempDir Path tmp;

    @Test
    void aTestThatPassesTheReferenceEveryOtherTimeIsFlakyAndKillsNothing() throws Exception {
        Path pkg = Files.createDirectories(tmp.resolve("ws").resolve("lease"));
        Files.copy(WorkbookRun.home().resolve("answers/lease/Jobs.java"), pkg.resolve("Jobs.java"));
        Files.writeString(pkg.resolve("JobsTest.java"), """
                package lease;

                import static org.junit.jupiter.api.Assertions.assertTrue;

                import org.junit.jupiter.api.Test;

                class JobsTest {
                    /** Passes on the 1st, 3rd, … run in a JVM and fails on the others, whatever the code under test. */
                    @Test
                    void everyOtherTime() {
                        int n = Integer.getInteger("workbook.flip", 0);
                        System.setProperty("workbook.flip", String.valueOf(n + 1));
                        assertTrue(n % 2 == 0, "run " + n);
                    }
                }
                """);
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("mutants", "4", "--workspace", pkg.getParent().toString(), "--json", "--lang", "en");
        JsonObject v = r.json();
        JsonObject test = v.getAsJsonArray("tests").get(0).getAsJsonObject();
        assertFalse(test.get("valid").getAsBoolean(), "a test that fails the reference on its second run is not valid\n" + r.describe());
        assertTrue(test.get("message").getAsString().contains("flaky"), "it is named flaky: " + test);
        for (JsonElement m : v.getAsJsonArray("mutants")) {
            assertTrue(m.getAsJsonObject().getAsJsonArray("killedBy").isEmpty(), "a flaky test killed " + m);
        }
    }
}
