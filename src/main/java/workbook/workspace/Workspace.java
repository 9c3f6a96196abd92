package workbook.workspace;

import java.nio.file.Files;
import java.nio.file.Path;
import workbook.catalogue.Course;

/**
 * The learner's folder: {@code DIR/<package>/<LearnerClass>.java} and its test class, plus the workbook's own
 * notes in {@code DIR/.workbook/} (backups, progress).
 */
public record Workspace(Path dir, Course course) {
    public Workspace {
        dir = dir.toAbsolutePath().normalize();
    }

    /**
     * What to name when telling the learner where their code is: the main file when the lab has one learner file, the
     * package folder when it has several.
     */
    public Path code() {
        return course.learnerClasses().size() == 1 ? jobsFile() : jobsFile().getParent();
    }

    /** The learner's main file. */
    public Path jobsFile() {
        return dir.resolve(course.learnerFile());
    }

    /** Every file the learner writes, the main one first. */
    public java.util.List<Path> learnerFiles() {
        return course.learnerFiles().stream().map(dir::resolve).toList();
    }

    public Path testFile() {
        return dir.resolve(course.learnerTestFile());
    }

    public Path notes() {
        return dir.resolve(".workbook");
    }

    /**
     * This lab's progress file, {@code .workbook/<lab>/progress.json}: two labs in one workspace never share one. A
     * progress file from before labs had folders ({@code .workbook/progress.json}) moves here the first time.
     */
    public Path progressFile() {
        Path file = notes().resolve(course.id()).resolve("progress.json");
        Path legacy = notes().resolve("progress.json");
        if (!Files.exists(file) && Files.isRegularFile(legacy)) {
            try {
                Files.createDirectories(file.getParent());
                Files.move(legacy, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (java.io.IOException e) {
                return legacy; // keep using it where it is
            }
        }
        return file;
    }

    public boolean exists() {
        return Files.isRegularFile(jobsFile());
    }

    /**
     * A path in a class of submissions as the instructor sees it, from the folder that holds {@code submission} and the
     * other students' ({@code ada/lease/Jobs.java}); as it is when it lies elsewhere.
     */
    public static String inClass(Path submission, Path p) {
        Path root = submission.toAbsolutePath().normalize().getParent();
        Path abs = p.toAbsolutePath().normalize();
        return (root != null && abs.startsWith(root) ? root.relativize(abs) : abs).toString().replace('\\', '/');
    }

    /** The path as the user would type it: relative to the current directory when it lies below it. */
    public static String display(Path p) {
        Path cwd = Path.of("").toAbsolutePath();
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(cwd) ? cwd.relativize(abs).toString() : abs.toString();
    }
}
