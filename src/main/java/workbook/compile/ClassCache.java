package workbook.compile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Compiled classes kept by the content of their sources, so the reference, the mutants, the official tests and an
 * unchanged learner file are compiled once. A directory appears only complete (compiled aside, then moved).
 */
public final class ClassCache {
    private static final String VERSION = "2"; // 2: entries carry a seal
    private final Path root;
    private final Compiler compiler;

    public ClassCache(Path root, Compiler compiler) {
        this.root = root;
        this.compiler = compiler;
    }

    /**
     * Classes of {@code sources} (each given as path and text) compiled against {@code classpath}. Sources are
     * written out under the cache entry, so diagnostics point at the real files only when {@code sources} are
     * real files; use {@link #compileFiles} for those.
     */
    public CompileResult compileTexts(String kind, List<Source> sources, List<Path> classpath) {
        return cached(kind, sources, classpath, work -> {
            List<Path> files = new ArrayList<>();
            for (Source s : sources) {
                Path f = work.resolve("src").resolve(s.relativePath());
                Files.createDirectories(f.getParent());
                Files.writeString(f, s.text(), StandardCharsets.UTF_8);
                files.add(f);
            }
            return files;
        });
    }

    /**
     * Like {@link #compileTexts} for files on disk; diagnostics name these files. A file that starts with a UTF-8 byte
     * order mark (some Windows editors write one; javac refuses it as an illegal character), or that is not UTF-8 at
     * all (CP949 from a Korean Windows editor: see {@link workbook.workspace.SourceText}), is compiled from a UTF-8
     * copy of its text, and its diagnostics still name the learner's file.
     */
    public CompileResult compileFiles(String kind, List<Path> files, List<Path> classpath) {
        List<SourceDiagnostic> tooLarge = tooLarge(files, compiler.locale());
        if (!tooLarge.isEmpty()) {
            return new CompileResult(false, null, tooLarge);
        }
        List<Source> sources = new ArrayList<>();
        boolean fromCopies = false;
        for (Path f : files) {
            workbook.workspace.SourceText read = read(f);
            String text = read.text();
            fromCopies |= text.startsWith("\uFEFF") || read.encoding() != workbook.workspace.SourceText.Encoding.UTF8;
            sources.add(new Source(f.getFileName().toString(), text.startsWith("\uFEFF") ? text.substring(1) : text));
        }
        if (!fromCopies) {
            return cached(kind, sources, classpath, work -> files);
        }
        java.util.Map<String, Path> original = new java.util.HashMap<>();
        CompileResult r = cached(kind, sources, classpath, work -> {
            List<Path> copies = new ArrayList<>();
            for (int i = 0; i < files.size(); i++) {
                Path copy = Files.createDirectories(work.resolve("src").resolve(String.valueOf(i))).resolve(files.get(i).getFileName());
                Files.writeString(copy, sources.get(i).text(), StandardCharsets.UTF_8);
                original.put(copy.toString(), files.get(i));
                copies.add(copy);
            }
            return copies;
        });
        return r.ok() ? r : new CompileResult(false, null, r.diagnostics().stream().map(d -> new SourceDiagnostic(
                original.containsKey(d.file()) ? original.get(d.file()).toString() : d.file(), d.line(), d.column(),
                d.message())).toList());
    }

    /** Where the sources to compile are, given the entry's work folder (written there, or already on disk). */
    private interface SourcesIn {
        List<Path> files(Path work) throws IOException;
    }

    private CompileResult cached(String kind, List<Source> sources, List<Path> classpath, SourcesIn in) {
        String key = kind + "-" + hash(sources, classpath);
        Path done = root.resolve(key);
        if (Files.isDirectory(done)) {
            if (sealed(done, key)) {
                if (kind.startsWith("learner")) {
                    touch(done); // in use again: pruning goes by age, and must not take a build someone is about to run
                }
                return CompileResult.success(done.resolve("classes"));
            }
            // Changed since it was compiled (a class file replaced, added or removed): never trusted, built again.
            workbook.workspace.Folders.deleteQuietly(done);
        }
        try {
            Files.createDirectories(root);
            Path work = Files.createTempDirectory(root, key + ".tmp");
            List<Path> files = in.files(work);
            Path classes = Files.createDirectories(work.resolve("classes"));
            CompileResult r = compiler.compile(files, classpath, classes);
            if (!r.ok()) {
                workbook.workspace.Folders.deleteQuietly(work);
                return r;
            }
            // The sources (the reference's, a mutant's) are not kept: a learner's child reads this folder's classes and
            // must find no source beside them.
            workbook.workspace.Folders.deleteQuietly(work.resolve("src"));
            Files.writeString(work.resolve(SEAL), digest(classes, key), StandardCharsets.UTF_8);
            publish(work, done);
            if (kind.startsWith("learner")) {
                prune(kind);
            }
            return CompileResult.success(done.resolve("classes"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How many builds of one kind of learner code are kept: one per edit would grow the cache forever. */
    static final int KEEP_LEARNER_BUILDS = 24;

    /** Removes the oldest builds of {@code kind} beyond {@link #KEEP_LEARNER_BUILDS}. */
    private void prune(String kind) {
        try (java.util.stream.Stream<Path> entries = Files.list(root)) {
            List<Path> old = entries.filter(e -> e.getFileName().toString().matches(java.util.regex.Pattern.quote(kind) + "-[0-9a-f]+")
                            && Files.isDirectory(e))
                    .sorted(java.util.Comparator.comparing(ClassCache::modified).reversed()).skip(KEEP_LEARNER_BUILDS).toList();
            old.forEach(workbook.workspace.Folders::deleteQuietly);
        } catch (IOException e) {
            // pruning is housekeeping: a cache that could not be pruned still works
        }
    }

    private static void touch(Path p) {
        try {
            Files.setLastModifiedTime(p, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException e) {
            // housekeeping only
        }
    }

    private static java.nio.file.attribute.FileTime modified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return java.nio.file.attribute.FileTime.fromMillis(0);
        }
    }

    private static final String SEAL = "seal";

    /** Whether an entry's classes are still exactly what was compiled under {@code key}. */
    private static boolean sealed(Path entry, String key) {
        try {
            Path seal = entry.resolve(SEAL);
            return Files.isRegularFile(seal)
                    && Files.readString(seal, StandardCharsets.UTF_8).equals(digest(entry.resolve("classes"), key));
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    /** The SHA-256 of the entry's key and of every file below {@code classes}: its path and its bytes. */
    static String digest(Path classes, String key) throws IOException {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(key.getBytes(StandardCharsets.UTF_8));
            try (java.util.stream.Stream<Path> walk = Files.walk(classes)) {
                for (Path f : walk.sorted().toList()) {
                    md.update((byte) 0);
                    md.update(classes.relativize(f).toString().replace('\\', '/').getBytes(StandardCharsets.UTF_8));
                    if (Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                        md.update((byte) 1);
                        md.update(Files.readAllBytes(f));
                    } else if (Files.isSymbolicLink(f)) {
                        md.update((byte) 2); // a link is never what javac wrote
                    }
                }
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A source file's text and where it sits below the source root, e.g. {@code pkg/Name.java}. */
    public record Source(String relativePath, String text) {}

    private static void publish(Path work, Path done) throws IOException {
        try {
            Files.move(work, done, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException raced) {
            // Another process compiled the same sources first (the error then varies by file system: "already
            // exists", "directory not empty"); theirs is as good as ours.
            workbook.workspace.Folders.deleteQuietly(work);
            if (!Files.isDirectory(done)) {
                throw raced;
            }
        }
    }

    /**
     * The most a learner's source file may hold. A real one is a few kilobytes; a huge one (hundreds of megabytes)
     * would be read, hashed and compiled in the grading JVM, at the cost of every other submission graded beside it,
     * so it is refused before it is read.
     */
    public static final long MAX_SOURCE_BYTES = 1L << 20;

    /** A diagnostic for every file over {@link #MAX_SOURCE_BYTES}, found by its size alone (nothing is read). */
    static List<SourceDiagnostic> tooLarge(List<Path> files, java.util.Locale locale) {
        List<SourceDiagnostic> out = new ArrayList<>();
        for (Path f : files) {
            try {
                long size = Files.size(f);
                if (size > MAX_SOURCE_BYTES) {
                    out.add(new SourceDiagnostic(f.toString(), 0, 0, "ko".equals(locale.getLanguage())
                            ? "이 파일은 " + size / 1024 + " KB입니다. 소스 파일은 " + MAX_SOURCE_BYTES / 1024
                                    + " KB까지만 받습니다 (정말 그 Java 파일이 맞나요?)"
                            : "this file holds " + size / 1024 + " KB; a source file may hold at most "
                                    + MAX_SOURCE_BYTES / 1024 + " KB (is it really the Java file you meant?)"));
                }
            } catch (IOException e) {
                // unreadable: the read that follows says why
            }
        }
        return out;
    }

    private static workbook.workspace.SourceText read(Path f) {
        try {
            return workbook.workspace.SourceText.read(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String hash(List<Source> sources, List<Path> classpath) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update((VERSION + Runtime.version().feature()).getBytes(StandardCharsets.UTF_8));
            for (Source s : sources) {
                md.update(s.relativePath().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(s.text().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            for (Path p : classpath) {
                md.update(p.toAbsolutePath().toString().getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(md.digest()).substring(0, 20);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

}
