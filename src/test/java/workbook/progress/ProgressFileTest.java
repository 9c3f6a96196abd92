package workbook.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The storage: missing, corrupt and half-valid files, and atomic writes. */
class ProgressFileTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-03-04T05:06:07Z"), ZoneOffset.UTC);

    @TempDir Path dir;

    private final List<String> problems = new ArrayList<>();
    private final ProgressFile.Problems record = new ProgressFile.Problems() {
        @Override
        public void corrupt(Path file, Path movedTo, String detail) {
            problems.add("corrupt " + (movedTo == null ? "-" : movedTo.getFileName()));
        }

        @Override
        public void unavailable(Path file, String detail) {
            problems.add("unavailable");
        }
    };

    private ProgressFile file() {
        return new ProgressFile(dir.resolve(".workbook/progress.json"), record, CLOCK);
    }

    @Test
    void aMissingFileIsAnEmptyProgressAndNoProblem() {
        assertEquals(Progress.empty(), file().load());
        assertTrue(problems.isEmpty());
    }

    @Test
    void whatIsSavedIsLoadedBackAndNoTemporaryFileIsLeft() throws Exception {
        ProgressFile f = file();
        Progress p = Progress.empty().update(4, s -> s.withReveals(2).withPredictions(List.of(
                new Prediction("04-held-at-expiry-instant", Choice.STATE, "경계에서 행이 바뀌지 않는다", "t", null))));
        assertTrue(f.save(p));
        assertEquals(p, f.load());
        try (Stream<Path> files = Files.list(f.path().getParent())) {
            assertEquals(List.of("progress.json"), files.map(x -> x.getFileName().toString()).toList());
        }
        String text = Files.readString(f.path(), StandardCharsets.UTF_8);
        assertTrue(text.contains("\n  \"steps\""), "pretty JSON: " + text);
        assertTrue(text.contains("경계에서"), "Korean stays readable");
        assertTrue(text.contains("\"choice\": \"state\""));
    }

    /** A FIFO in place of progress.json once hung check and hint for ever: it is set aside like a corrupt file. */
    @Test
    void aFifoIsSetAsideInsteadOfReadForEver() throws Exception {
        ProgressFile f = file();
        Files.createDirectories(f.path().getParent());
        Process mk = new ProcessBuilder("mkfifo", f.path().toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo is not available here");
        Progress loaded = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(5), f::load);
        assertEquals(Progress.empty(), loaded);
        assertEquals(List.of("corrupt progress.json.corrupt-20250304-050607-000"), problems);
        assertFalse(Files.exists(f.path()), "the FIFO is no longer where progress is read");
        assertTrue(f.save(Progress.empty().update(1, s -> s.withReveals(1))), "and progress can be written again");
    }

    @Test
    void garbageIsMovedAsideWithATimestampAndReported() throws Exception {
        ProgressFile f = file();
        Files.createDirectories(f.path().getParent());
        Files.writeString(f.path(), "not json at all {{{");
        assertEquals(Progress.empty(), f.load());
        assertEquals(List.of("corrupt progress.json.corrupt-20250304-050607-000"), problems);
        assertFalse(Files.exists(f.path()));
        assertTrue(Files.exists(f.path().resolveSibling("progress.json.corrupt-20250304-050607-000")));

        Files.writeString(f.path(), "[]");
        f.load();
        assertTrue(Files.exists(f.path().resolveSibling("progress.json.corrupt-20250304-050607-000-2")),
                "a second corrupt copy does not overwrite the first");
    }

    @Test
    void wrongShapesAreCorruptToo() throws Exception {
        for (String text : List.of("", "null", "42", "\"x\"", "{\"steps\": {\"4\": 1}}", "{\"steps\": [{\"step\": \"four\"}]}")) {
            ProgressFile f = file();
            Files.createDirectories(f.path().getParent());
            Files.writeString(f.path(), text);
            assertEquals(Progress.empty(), f.load(), text);
        }
        assertEquals(6, problems.size(), problems.toString());
    }

    @Test
    void nullEntriesAndUnknownFieldsAreTolerated() throws Exception {
        ProgressFile f = file();
        Files.createDirectories(f.path().getParent());
        Files.writeString(f.path(), "{\"version\": 1, \"future\": true, \"steps\": [null, {\"step\": 3, \"reveals\": 1,"
                + " \"predictions\": [null], \"hints\": {\"used\": 1, \"levels\": [2, null, 1]}}]}");
        Progress p = f.load();
        assertTrue(problems.isEmpty(), problems.toString());
        assertEquals(1, p.step(3).reveals());
        assertEquals(List.of(1, 2), p.step(3).hints().levels());
        assertTrue(p.step(3).predictions().isEmpty());
        assertNotNull(p.step(3).words());
    }

    @Test
    void anUnwritableLocationIsReportedAndDoesNotThrow() throws Exception {
        Files.writeString(dir.resolve(".workbook"), "a file, not a folder");
        ProgressFile f = file();
        Progress changed = f.update(p -> p.update(1, s -> s.withReveals(1)));
        assertEquals(1, changed.step(1).reveals(), "the change is still returned");
        assertFalse(f.lastWriteOk());
        assertTrue(problems.contains("unavailable"));
    }
}
