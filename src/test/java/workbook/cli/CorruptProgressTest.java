package workbook.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A broken progress file never blocks anything: it is moved aside with a warning and rebuilt. */
class CorruptProgressTest {
    private static final String GARBAGE = "{\"version\": 1, \"steps\": [ {\"step\": 4, \"hints\": {\"used\": 2,, ]]]";

    @TempDir Path dir;

    @Test
    void garbageIsMovedAsideWithAWarningAndCheckStillWorksAndRebuildsIt() throws Exception {
        Path ws = Cli.passing(dir);
        Files.createDirectories(Cli.progressFile(ws).getParent());
        Files.writeString(Cli.progressFile(ws), GARBAGE, StandardCharsets.UTF_8);

        Cli.Result r = Cli.run("check", "1", "--workspace", ws.toString(), "--lang", "en");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("passed"), r.out());
        assertTrue(r.err().contains("moved to"), "a warning on standard error: " + r.err());
        assertTrue(Cli.plain(r.err()).contains("come back with the next ./workbook check"), "it says what comes back: " + r.err());

        List<Path> aside = corruptCopies(ws);
        assertEquals(1, aside.size(), "moved aside, not deleted");
        assertEquals(GARBAGE, Files.readString(aside.get(0), StandardCharsets.UTF_8), "kept byte for byte");
        assertEquals("passed", Cli.load(ws).step(1).check().status(), "rebuilt from the check that just ran");
    }

    @Test
    void theWarningIsInKoreanByDefault() throws Exception {
        Path ws = Cli.skeleton(dir);
        Files.createDirectories(Cli.progressFile(ws).getParent());
        Files.writeString(Cli.progressFile(ws), "[1, 2, 3]", StandardCharsets.UTF_8);
        Cli.Result r = Cli.run("hint", "1", "--workspace", ws.toString());
        assertEquals(0, r.code(), "hints still work");
        assertTrue(r.err().contains("옮겨 두었습니다"), r.err());
        assertEquals(1, corruptCopies(ws).size());
        assertEquals(List.of(1), Cli.load(ws).step(1).hints().levels());
    }

    @Test
    void anEmptyFileIsTreatedAsCorruptToo() throws Exception {
        Path ws = Cli.skeleton(dir);
        Files.createDirectories(Cli.progressFile(ws).getParent());
        Files.writeString(Cli.progressFile(ws), "", StandardCharsets.UTF_8);
        assertEquals(0, Cli.run("words", "2", "--workspace", ws.toString(), "--restate", "r", "--limit", "l").code());
        assertEquals("r", Cli.load(ws).step(2).words().restate());
        assertEquals(1, corruptCopies(ws).size());
    }

    private static List<Path> corruptCopies(Path ws) throws Exception {
        try (Stream<Path> files = Files.list(Cli.progressFile(ws).getParent())) {
            return files.filter(f -> f.getFileName().toString().startsWith("progress.json.corrupt-")).toList();
        }
    }
}
