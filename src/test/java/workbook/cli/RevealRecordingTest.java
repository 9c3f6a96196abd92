package workbook.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code reveal} is counted only when it actually showed the reference. */
class RevealRecordingTest {
    @TempDir Path dir;

    @Test
    void aLockedRevealIsNotCountedAnOpenOneIs() throws Exception {
        Path locked = Cli.skeleton(dir.resolve("skeleton"));
        assertEquals(1, Cli.run("reveal", "3", "--workspace", locked.toString()).code());
        assertEquals(0, Files.exists(Cli.progressFile(locked)) ? Cli.load(locked).step(3).reveals() : 0);

        Path open = Cli.passing(dir.resolve("passing"));
        Path jobs = open.resolve("lease/Jobs.java");
        String source = Files.readString(jobs);
        int from = source.indexOf("static Optional<State> state(");
        int to = source.indexOf("static OptionalLong claim(");
        String state = source.substring(from, to).replace("ResultSet r ", "ResultSet row ").replace("r.", "row.");
        Files.writeString(jobs, source.substring(0, from) + state + source.substring(to)); // the row renamed, in state only
        Cli.Result shown = Cli.run("reveal", "3", "--workspace", open.toString(), "--lang", "en");
        assertEquals(0, shown.code(), shown.out() + shown.err());
        assertEquals(1, Cli.load(open).step(3).reveals());
        assertEquals("passed", Cli.load(open).step(3).check().status());

        String out = shown.out();
        assertTrue(out.contains("~         try (ResultSet [-row-]{+r+} = s.executeQuery()) {"), out);
        assertTrue(out.contains("~             if (![-row-]{+r+}.next()) {"), out);
        assertTrue(out.contains("\n  static Optional<State> state(Path db, String jobId) {\n      try (Connection c = open(db);\n"), "unchanged lines are plain: " + out);
        assertFalse(out.contains("static Connection open(") || out.contains("requirePositive"),
                "nothing but the step's method, no helper of the reference or the skeleton: " + out);
        assertFalse(out.contains("\u001b"), "no colours in a pipe");
    }
}
