package workbook.workspace;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.Optional;
import workbook.catalogue.Course;

/**
 * Why a submission folder is no workspace of the lab being graded, when something near says why: it holds another
 * lab's package folder, or the learner's main file is there but not where the lab wants it (at the top, under
 * {@code src/}, in a folder of its own). Only looked for, never graded: the instructor moves the files or picks the lab.
 *
 * @param kind  what was found
 * @param lab   the other lab ({@link Kind#OTHER_LAB}), else null
 * @param found the folder or file found, relative to the submission's parent (the class folder), else null
 */
public record MissingFiles(Kind kind, String lab, String found) {
    public enum Kind {
        /** nothing of the lab's, nor another's */
        NOWHERE,
        /** the package folder of another installed lab */
        OTHER_LAB,
        /** the main file, somewhere else in the folder */
        ELSEWHERE
    }

    /**
     * How deep a misplaced main file is looked for (deep enough for Maven's {@code src/main/java/<package>/}), and how
     * many entries at most (a hostile tree costs little).
     */
    static final int DEPTH = 6;
    static final int ENTRIES = 2_000;

    /**
     * @param labs the installed labs, by id, with their packages (the folder their files live in); the course's own is
     *             passed over
     */
    public static MissingFiles in(Path folder, Course course, Map<String, String> labs) {
        for (Map.Entry<String, String> lab : new java.util.TreeMap<>(labs).entrySet()) {
            Path pkg = folder.resolve(lab.getValue().replace('.', '/'));
            if (!lab.getKey().equals(course.id()) && Files.isDirectory(pkg, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return new MissingFiles(Kind.OTHER_LAB, lab.getKey(), Workspace.inClass(folder, pkg));
            }
        }
        String main = Path.of(course.learnerFile()).getFileName().toString();
        return first(folder, main).map(f -> new MissingFiles(Kind.ELSEWHERE, null, Workspace.inClass(folder, f)))
                .orElse(new MissingFiles(Kind.NOWHERE, null, null));
    }

    /** Where the main file should be, named the same way ({@code kim/lease/Jobs.java}). */
    public static String expected(Path folder, Course course) {
        return Workspace.inClass(folder, folder.resolve(course.learnerFile()));
    }

    /** The shallowest regular file called {@code name}, links not followed, hidden folders left out. */
    private static Optional<Path> first(Path folder, String name) {
        Path[] best = {null};
        int[] seen = {0};
        try {
            Files.walkFileTree(folder, java.util.EnumSet.noneOf(java.nio.file.FileVisitOption.class), DEPTH,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                            boolean hidden = !dir.equals(folder) && dir.getFileName().toString().startsWith(".");
                            return hidden ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                            if (attrs.isRegularFile() && file.getFileName().toString().equals(name)
                                    && (best[0] == null || file.getNameCount() < best[0].getNameCount())) {
                                best[0] = file;
                            }
                            return ++seen[0] >= ENTRIES ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFileFailed(Path file, IOException e) {
                            return FileVisitResult.CONTINUE; // an unreadable corner says nothing either way
                        }
                    });
        } catch (IOException e) {
            // what was found before the tree became unreadable still counts
        }
        return Optional.ofNullable(best[0]);
    }
}
