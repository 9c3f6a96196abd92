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

    public Path jobsFile() {
        return dir.resolve(course.learnerFile());
    }

    public Path testFile() {
        return dir.resolve(course.learnerTestFile());
    }

    public Path notes() {
        return dir.resolve(".workbook");
    }

    public boolean exists() {
        return Files.isRegularFile(jobsFile());
    }

    /** The path as the user would type it: relative to the current directory when it lies below it. */
    public static String display(Path p) {
        Path cwd = Path.of("").toAbsolutePath();
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(cwd) ? cwd.relativize(abs).toString() : abs.toString();
    }
}
