package workbook.workspace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file so that a reader (or a crash) sees the old text or the new, never half of it: the text goes to a
 * temp file beside it, is forced to disk, and is moved into place in one step.
 */
public final class AtomicWrite {
    private AtomicWrite() {}

    public static void text(Path file, String text) throws IOException {
        bytes(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** {@link #text}, for bytes. */
    public static void bytes(Path file, byte[] bytes) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        sweep(dir, file.getFileName().toString());
        Path tmp = fresh(dir, file.getFileName().toString());
        try {
            try (var ch = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE,
                    java.nio.file.StandardOpenOption.TRUNCATE_EXISTING)) {
                ch.write(java.nio.ByteBuffer.wrap(bytes));
                ch.force(true);
            }
            keepPermissions(file, tmp);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * A new, empty file beside the target, made with the process's umask (as any editor's file is): not
     * {@link Files#createTempFile}, which makes it readable by its owner alone, so that a class's reports could not
     * be read by a teaching assistant or a web server.
     */
    private static Path fresh(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + name + "." + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".part");
            try {
                Files.newByteChannel(tmp, java.nio.file.StandardOpenOption.CREATE_NEW,
                        java.nio.file.StandardOpenOption.WRITE).close();
                return tmp;
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }

    /** How old a temp file beside a target must be to be taken for one a killed write left behind. */
    static final java.time.Duration STALE = java.time.Duration.ofMinutes(2);

    /**
     * Removes the temp files a killed write of {@code name} left in {@code dir} ({@code .name.<random>.part}, older than
     * {@link #STALE}, so that a write in progress elsewhere keeps its own).
     */
    static void sweep(Path dir, String name) {
        String prefix = "." + name + ".";
        long before = System.currentTimeMillis() - STALE.toMillis();
        try (java.nio.file.DirectoryStream<Path> parts = Files.newDirectoryStream(dir, p -> {
            String n = p.getFileName().toString();
            return n.startsWith(prefix) && n.endsWith(".part")
                    && n.substring(prefix.length(), n.length() - 5).matches("[0-9a-z]{1,13}");
        })) {
            for (Path part : parts) {
                try {
                    if (Files.isRegularFile(part, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                            && Files.getLastModifiedTime(part).toMillis() < before) {
                        Files.deleteIfExists(part);
                    }
                } catch (IOException ignored) {
                    // another process's, or gone already
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // sweeping is a courtesy; the write goes on
        }
    }

    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    /** A file written again keeps its permissions (a learner's read-only or group-readable file stays so). */
    private static void keepPermissions(Path file, Path tmp) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        try {
            Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(file));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system (Windows): the new file has that system's defaults
        }
    }
}
