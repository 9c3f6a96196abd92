package workbook.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        assertEquals(0, Cli.run("reveal", "3", "--workspace", open.toString()).code());
        assertEquals(1, Cli.load(open).step(3).reveals());
        assertEquals("passed", Cli.load(open).step(3).check().status());
    }
}
