package workbook.progress;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.function.UnaryOperator;

/**
 * {@link Progress} stored as pretty JSON in {@code <workspace>/.workbook/progress.json}.
 *
 * <p>Progress is a convenience, never a gate: nothing the learner does may fail because of this file. A missing
 * file is an empty progress. A file that cannot be understood is moved aside to
 * {@code progress.json.corrupt-<timestamp>} (so nothing the learner wrote is destroyed), the problem is reported to
 * {@link Problems}, and an empty progress is rebuilt from what the following commands record. Writes go to a temporary
 * file in the same folder that is then moved over the old one, so a crash mid-write leaves the old file whole.
 * Read-change-write happens under a lock file, so two commands run at once do not drop each other's records.
 */
public final class ProgressFile {
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

    /** Where the file reports what went wrong; the caller decides how to tell the learner. */
    public interface Problems {
        /** The file could not be understood and was moved to {@code movedTo} (null when even that failed). */
        void corrupt(Path file, Path movedTo, String detail);

        /** The file could not be read or written; the command goes on without it. */
        void unavailable(Path file, String detail);
    }

    private final Path file;
    private final Problems problems;
    private final Clock clock;
    /** False after a corrupt file could not be moved aside: writing would destroy the only copy. */
    private boolean writable = true;
    private boolean lastWriteOk = true;

    public ProgressFile(Path file, Problems problems, Clock clock) {
        this.file = file;
        this.problems = problems;
        this.clock = clock;
    }

    public Path path() {
        return file;
    }

    /** The stored progress; empty when there is none or it is unreadable (after reporting why). */
    public Progress load() {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // A FIFO, a device or a folder would hang the read or fail it: set aside like a corrupt file.
            Path aside = moveAside();
            problems.corrupt(file, aside, "not a regular file");
            return Progress.empty();
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Progress.empty();
        } catch (IOException | RuntimeException e) {
            writable = false; // there is something there we cannot read: do not write over it
            problems.unavailable(file, String.valueOf(e.getMessage()));
            return Progress.empty();
        }
        try {
            return parse(text);
        } catch (RuntimeException e) {
            Path aside = moveAside();
            problems.corrupt(file, aside, e.getMessage());
            return Progress.empty();
        }
    }

    /**
     * Reads, changes and writes the progress as one step under the lock. Returns the changed progress even when it
     * could not be written (the problem is reported), so the command can still show it.
     */
    public Progress update(UnaryOperator<Progress> change) {
        try (Lock ignored = lock()) {
            Progress changed = change.apply(load());
            save(changed);
            return changed;
        }
    }

    /** Whether the last {@link #save} or {@link #update} wrote the file. */
    public boolean lastWriteOk() {
        return lastWriteOk;
    }

    /** Writes atomically; returns false (after reporting) when it could not. */
    public boolean save(Progress progress) {
        lastWriteOk = write(progress);
        return lastWriteOk;
    }

    private boolean write(Progress progress) {
        if (!writable) {
            return false;
        }
        try {
            workbook.workspace.AtomicWrite.text(file, GSON.toJson(progress) + "\n");
            return true;
        } catch (IOException | RuntimeException e) {
            problems.unavailable(file, String.valueOf(e.getMessage()));
            return false;
        }
    }

    /** The JSON text as {@link Progress}; throws when it is not a progress file at all. */
    static Progress parse(String text) {
        JsonElement tree = JsonParser.parseString(text);
        if (!tree.isJsonObject()) {
            throw new IllegalStateException("not a JSON object");
        }
        if (tree.getAsJsonObject().has("steps") && !tree.getAsJsonObject().get("steps").isJsonArray()) {
            throw new IllegalStateException("\"steps\" is not a list");
        }
        Progress p = GSON.fromJson(tree, Progress.class);
        if (p == null) {
            throw new IllegalStateException("empty");
        }
        return p;
    }

    static String toJson(Progress progress) {
        return GSON.toJson(progress);
    }

    private Path moveAside() {
        String stamp = LocalDateTime.now(clock).format(STAMP);
        Path aside = file.resolveSibling(file.getFileName() + ".corrupt-" + stamp);
        for (int i = 2; Files.exists(aside); i++) {
            aside = file.resolveSibling(file.getFileName() + ".corrupt-" + stamp + "-" + i);
        }
        try {
            Files.move(file, aside);
            return aside;
        } catch (IOException | RuntimeException e) {
            writable = false;
            return null;
        }
    }

    /** A best-effort inter-process lock; without one (a read-only folder) the update simply goes unlocked. */
    private Lock lock() {
        try {
            Files.createDirectories(file.getParent());
            FileChannel ch = FileChannel.open(file.resolveSibling(file.getFileName() + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                return new Lock(ch, ch.lock());
            } catch (IOException | OverlappingFileLockException e) {
                ch.close();
                return new Lock(null, null);
            }
        } catch (IOException | RuntimeException e) {
            return new Lock(null, null);
        }
    }

    private record Lock(FileChannel channel, FileLock lock) implements AutoCloseable {
        @Override
        public void close() {
            try {
                if (lock != null) {
                    lock.release();
                }
                if (channel != null) {
                    channel.close();
                }
            } catch (IOException ignored) {
                // the lock goes with the channel anyway
            }
        }
    }
}
