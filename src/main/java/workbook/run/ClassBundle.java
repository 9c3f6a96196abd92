package workbook.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import workbook.child.wire.RunSpec;

/**
 * The class folders a plan's runs load from, sent to the child inside the plan (see {@code ChildPlan.classes}):
 * the child defines the classes from memory and the folders stay out of its view, so learner code reads neither the
 * reference's nor a mutant's class files, nor the cache they are kept in. The runner's own class path is not sent
 * (the child has it).
 */
final class ClassBundle {
    /** A class folder's files in base64, by folder, read again whenever a file's name, size or time changes. */
    private final Map<Path, Kept> folders = new ConcurrentHashMap<>();

    /** The runner's own class path: never sent (the child has it). */
    private final Set<Path> own;

    /** Folders at most this big are kept in {@link #folders}; a plan still sends bigger ones, read afresh. */
    private static final int KEEP_FILES = 2_000;

    ClassBundle(List<Path> runnerClassPath) {
        this.own = Set.copyOf(runnerClassPath);
    }

    /** The folders of {@code runs}' class paths, except the runner's own entries, by their class-path entry. */
    Map<String, Map<String, String>> of(List<RunSpec> runs) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        for (RunSpec run : runs) {
            for (String entry : run.classpath()) {
                Path dir = Path.of(entry).toAbsolutePath().normalize();
                if (!out.containsKey(entry) && !own.contains(dir) && Files.isDirectory(dir)) {
                    out.put(entry, folder(dir));
                }
            }
        }
        return out;
    }

    private Map<String, String> folder(Path dir) {
        List<Path> found;
        StringBuilder signature = new StringBuilder();
        try (Stream<Path> walk = Files.walk(dir)) {
            found = walk.filter(f -> f.toString().endsWith(".class") && Files.isRegularFile(f)).sorted().toList();
            for (Path f : found) {
                signature.append(f).append(' ').append(Files.size(f)).append(' ')
                        .append(Files.getLastModifiedTime(f).toMillis()).append('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Kept kept = folders.get(dir);
        if (kept != null && kept.signature().contentEquals(signature)) {
            return kept.files();
        }
        Map<String, String> files = new HashMap<>();
        try {
            for (Path f : found) {
                files.put(dir.relativize(f).toString().replace('\\', '/'), Base64.getEncoder().encodeToString(Files.readAllBytes(f)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> made = Map.copyOf(files);
        if (made.size() <= KEEP_FILES) {
            folders.put(dir, new Kept(signature.toString(), made));
        }
        return made;
    }

    /** A folder's files as last read, and the names, sizes and times they were read at. */
    private record Kept(String signature, Map<String, String> files) {}
}
