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
 * An AppCDS archive of the classes every child loads (JUnit, sqlite-jdbc, the child runner), recorded once by a
 * child that runs no learner code ({@link #recordOnce}); later children map it and start about a third faster. A stale or foreign archive is ignored by the JVM
 * ({@code -Xshare:auto}), so the worst case is the plain start-up time.
 */
final class ClassDataArchive {
    private final Path archive;

    ClassDataArchive(Path cacheRoot, Host host) {
        this.archive = cacheRoot == null || !host.jarsOnly() ? null
                : cacheRoot.resolve("cds").resolve("child-" + key(host) + ".jsa");
    }

    // The JVM archives only classes from jars; with a folder on the class path (mvn test, an IDE) it cannot record and
    // then ends every child with status 1, hiding the learner's own exit status. No archive there (Host.jarsOnly).

    /** Options for one child; {@code missing} when there is no archive yet (and one could be recorded). */
    record Use(List<String> options, boolean missing) {
        static final Use NONE = new Use(List.of(), false);
    }

    /** The archive's options for a child, when there is one. */
    Use use() {
        if (archive == null) {
            return Use.NONE;
        }
        if (Files.isRegularFile(archive)) {
            if (!pruned) {
                pruned = true;
                pruneOthers();
            }
            return new Use(List.of("-XX:SharedArchiveFile=" + archive), false);
        }
        return new Use(List.of(), true);
    }

    /** One recording per workbook process, whichever runner asks first (grading a class has several runners). */
    private static final java.util.concurrent.atomic.AtomicBoolean RECORDING = new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * Records the archive once, in the background, with a child of its own: {@code command} gives its command line
     * for a recording file. That child runs only the runner's own warm-up tests ({@code ChildMain.RECORD}), never
     * learner code, and outside the sandbox (it needs to write its recording where the workbook can read it). A
     * child that ran learner code never records: whatever it left behind would be mapped by every later child.
     */
    void recordOnce(java.util.function.Function<Path, List<String>> command) {
        if (archive == null || !RECORDING.compareAndSet(false, true)) {
            return;
        }
        Thread t = new Thread(() -> {
            Path dir = null;
            try {
                Files.createDirectories(archive.getParent());
                dir = Files.createTempDirectory(archive.getParent(), "recording-");
                Path out = dir.resolve("child.jsa");
                Process p = new ProcessBuilder(command.apply(out)).directory(dir.toFile()).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return;
                }
                if (Files.isRegularFile(out)) {
                    try {
                        Files.move(out, archive, StandardCopyOption.ATOMIC_MOVE);
                    } catch (IOException raced) {
                        // another workbook recorded it first
                    }
                    pruneOthers();
                }
            } catch (IOException e) {
                // no archive: children start as before
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                if (dir != null) {
                    workbook.workspace.Folders.deleteQuietly(dir);
                }
            }
        }, "record-class-data");
        t.setDaemon(true);
        t.start();
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

    private static String key(Host host) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(host.javaHome().toString().getBytes(StandardCharsets.UTF_8));
            md.update(Runtime.version().toString().getBytes(StandardCharsets.UTF_8));
            md.update(host.classPathArgument().getBytes(StandardCharsets.UTF_8));
            // The jars' sizes and times too: a rebuilt workbook.jar keeps its path but changes the child's classes, and
            // a child that mapped an archive of the old ones ended at once (Gson could not read its plan).
            for (Path p : host.classPath()) {
                String e = p.toString();
                try {
                    md.update((e + "|" + Files.size(p) + "|" + Files.getLastModifiedTime(p).toMillis()).getBytes(StandardCharsets.UTF_8));
                } catch (IOException | RuntimeException ignored) {
                    // an entry that cannot be read adds nothing
                }
            }
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
