package workbook.workspace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Copies of the learner's files, taken before the workbook changes them. */
public final class Backups {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

    private Backups() {}

    /** Copies {@code file} to {@code <workspace>/.workbook/backups/<stamp>/<name>} and returns the copy. */
    public static Path keep(Workspace ws, Path file) {
        try {
            Path dir = ws.notes().resolve("backups").resolve(LocalDateTime.now().format(STAMP));
            Files.createDirectories(dir);
            Path copy = dir.resolve(file.getFileName());
            Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException("could not back up " + file, e);
        }
    }
}
