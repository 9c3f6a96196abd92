package workbook.cli;

import java.nio.file.Path;
import workbook.workspace.AtomicWrite;

/** {@code --json-file FILE}: the JSON a command prints with {@code --json}, also kept in a file beside the screen. */
final class JsonFile {
    private JsonFile() {}

    /** Writes {@code json} to {@code file} (whole or not at all); nothing when no file was asked for. */
    static void write(Path file, String json) {
        if (file == null) {
            return;
        }
        try {
            AtomicWrite.text(file.toAbsolutePath(), json + "\n");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + file, e);
        }
    }
}
