package workbook.workspace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Scratch folders the workbook makes and throws away (child temp dirs, compile work, flip copies). */
public final class Folders {
    private Folders() {}

    /** Deletes {@code dir} and everything below it; a leftover is harmless, so failures are ignored. */
    public static void deleteQuietly(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // a temp folder left behind is harmless
        }
    }
}
