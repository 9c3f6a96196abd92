package workbook.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * An AppCDS archive of the classes every child loads (JUnit, sqlite-jdbc, the child runner). The first child records
 * it at exit; later children map it and start about a third faster. A stale or foreign archive is ignored by the JVM
 * ({@code -Xshare:auto}), so the worst case is the plain start-up time.
 */
final class ClassDataArchive {
    private final Path archive;

    private final Path cacheRoot;

    ClassDataArchive(Path cacheRoot) {
        this.cacheRoot = cacheRoot;
        this.archive = cacheRoot == null || !jarsOnly() ? null : cacheRoot.resolve("cds").resolve("child-" + key() + ".jsa");
    }

    /**
     * The JVM archives only classes from jars; with a folder on the class path (mvn test, an IDE) it cannot record
     * and then ends every child with status 1, hiding the learner's own exit status. No archive there.
     */
    private static boolean jarsOnly() {
        return java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(e -> !e.isBlank()).allMatch(e -> e.endsWith(".jar") && !Files.isDirectory(Path.of(e)));
    }

    /** Where the runner's cache is (the child module's jar is kept there too); null for none. */
    Path cacheRoot() {
        return cacheRoot;
    }

    /** Options for one child, and where a freshly recorded archive will appear (null when none is recorded). */
    record Use(List<String> options, Path recording) {}

    /** @param dir where the child may record (its own folder: in a sandbox it can write nowhere else) */
    Use use(Path dir) {
        if (archive == null) {
            return new Use(List.of(), null);
        }
        if (Files.isRegularFile(archive)) {
            if (!pruned) {
                pruned = true;
                pruneOthers();
            }
            return new Use(List.of("-XX:SharedArchiveFile=" + archive), null);
        }
        try {
            Files.createDirectories(archive.getParent());
            Path recording = dir.resolve("child.jsa");
            return new Use(List.of("-XX:ArchiveClassesAtExit=" + recording), recording);
        } catch (IOException e) {
            return new Use(List.of(), null);
        }
    }

    /** Keeps a recording once its child has exited; whichever child finishes first wins. */
    void keep(Use use) {
        if (use.recording() == null || !Files.isRegularFile(use.recording())) {
            return;
        }
        try {
            // The recording is in the child's folder, perhaps on another file system: copied beside the archive first,
            // then moved into place in one step.
            Path part = archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid() + "-"
                    + System.nanoTime() + ".part");
            Files.copy(use.recording(), part, StandardCopyOption.REPLACE_EXISTING);
            Files.deleteIfExists(use.recording());
            try {
                Files.move(part, archive, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException raced) {
                Files.deleteIfExists(part);
            }
            pruneOthers();
        } catch (IOException e) {
            try {
                Files.deleteIfExists(use.recording());
            } catch (IOException ignored) {
                // a leftover recording only takes disk space
            }
        }
    }

    /** Archives of other runner builds (10 MB each, one per build of the workbook) are removed: only this one is used. */
    private boolean pruned;

    private void pruneOthers() {
        try (java.util.stream.Stream<Path> all = Files.list(archive.getParent())) {
            all.filter(f -> !f.equals(archive) && f.getFileName().toString().startsWith("child-")).forEach(f -> {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException ignored) {
                    // another workbook may be using it right now
                }
            });
        } catch (IOException ignored) {
            // housekeeping only
        }
    }

    private static String key() {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(System.getProperty("java.home").getBytes(StandardCharsets.UTF_8));
            md.update(Runtime.version().toString().getBytes(StandardCharsets.UTF_8));
            md.update(System.getProperty("java.class.path").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
