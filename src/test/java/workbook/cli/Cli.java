package workbook.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import workbook.catalogue.Catalogue;
import workbook.progress.Progress;
import workbook.progress.ProgressFile;

/**
 * Runs the workbook as a learner would, in this JVM: {@link Main#run} on a host whose standard input, output and error
 * are the test's, so a test sees exactly what a person at a (non-terminal) shell would see, and with the launcher's
 * jar-only class path ({@link workbook.WorkbookRun#launcher}).
 */
final class Cli {
    private Cli() {}

    /** What one command printed and returned. */
    record Result(int code, String out, String err) {}

    static Result withInput(String stdin, String... args) {
        // The launcher's class path, as for a learner: children then start from the shared class-data archive.
        workbook.WorkbookRun.Result r = workbook.WorkbookRun.run(workbook.WorkbookRun.launcher(), stdin, args);
        return new Result(r.exit(), r.out(), r.err());
    }

    /**
     * The text with the options a suggested command repeats ({@code ./workbook --workspace DIR check 3}) taken out,
     * so a test can look for the command itself.
     */
    static String plain(String text) {
        return text.replaceAll("\\./workbook((?: --(?:lab|workspace|lang) \\S+)+)", "./workbook");
    }

    static Result run(String... args) {
        return withInput("", args);
    }

    /** A workspace holding the skeleton's two files (every step not started). */
    static Path skeleton(Path dir) {
        return workspace(dir, "skeleton/lease/Jobs.java");
    }

    /** A workspace whose Jobs.java is the reference (every step passes). */
    static Path passing(Path dir) {
        return workspace(dir, "answers/lease/Jobs.java");
    }

    private static Path workspace(Path dir, String jobs) {
        try {
            Path lease = Files.createDirectories(dir.resolve("lease"));
            Files.copy(Catalogue.home().resolve(jobs), lease.resolve("Jobs.java"));
            Files.copy(Catalogue.home().resolve("skeleton/lease/JobsTest.java"), lease.resolve("JobsTest.java"));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path progressFile(Path ws) {
        return ws.resolve(".workbook/lease/progress.json");
    }

    /** The workspace's progress, read through the same storage the commands use; a problem fails the test. */
    static Progress load(Path ws) {
        ProgressFile.Problems fail = new ProgressFile.Problems() {
            @Override
            public void corrupt(Path file, Path movedTo, String detail) {
                throw new AssertionError("corrupt progress file: " + detail);
            }

            @Override
            public void unavailable(Path file, String detail) {
                throw new AssertionError("unreadable progress file: " + detail);
            }
        };
        return new ProgressFile(progressFile(ws), fail, Clock.systemUTC()).load();
    }

    static String progress(Path ws) {
        try {
            return Files.readString(progressFile(ws), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
