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

    /**
     * A new scratch folder {@code <root>/<prefix><pid>-<random>}: it carries the pid of the workbook that made it, so a
     * later workbook can tell a leftover of one that was killed ({@link #sweep}) from a folder still in use.
     */
    public static Path scratch(Path root, String prefix) throws IOException {
        sweep(root, prefix);
        return Files.createTempDirectory(root, prefix + ProcessHandle.current().pid() + "-");
    }

    private static final java.util.Set<String> SWEPT = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * Removes, once per process and folder kind, the scratch folders of {@code prefix} in {@code root} whose workbook is
     * gone (killed before it could clean up). Folders of a live process, and folders without a pid, are left alone.
     */
    static void sweep(Path root, String prefix) {
        if (!SWEPT.add(root + "|" + prefix)) {
            return;
        }
        java.util.regex.Pattern named = java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(prefix) + "(\\d+)-.*");
        try (Stream<Path> list = Files.list(root)) {
            for (Path p : list.toList()) {
                java.util.regex.Matcher m = named.matcher(p.getFileName().toString());
                if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).map(ph -> !ph.isAlive()).orElse(true)) {
                    deleteQuietly(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // housekeeping only
        }
    }
}
