package workbook.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Catalogue;
import workbook.grade.BatchGrader;
import workbook.verdict.SubmissionVerdict;
import workbook.verdict.Verdicts;
import workbook.report.ClassReport;
import workbook.report.GradesCsv;
import workbook.report.Json;
import workbook.words.Messages;
import workbook.run.Limits;
import workbook.run.Sandbox;
import workbook.workspace.AtomicWrite;
import workbook.workspace.Workspace;

@Command(name = "grade", description = {
        "Grade a class: every sub-folder of DIR is one student's workspace. Writes grades.csv, report.html and one JUnit XML per student.",
        "반 전체 채점: DIR 의 하위 폴더 하나가 학생 한 명의 작업 공간입니다. grades.csv, report.html, 학생마다 JUnit XML 을 씁니다."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every submission was graded (whatever its verdict)",
                "1:some submission could not be graded (the grader failed on it)", "2:usage or setup error"})
final class GradeCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", index = "0", paramLabel = "DIR", description = "the folder of submissions, one sub-folder per student")
    Path dir;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the reports go (default: grades).")
    Path out = Path.of("grades");

    @Option(names = "--jobs", paramLabel = "N", description = "Submissions graded side by side (default: three times the number of cores).")
    Integer jobs;

    @Option(names = "--mutants", paramLabel = "DIR", description = "Also use the .mutant files in DIR (a private set, kept outside the repo).")
    List<Path> extra = new ArrayList<>();

    @Option(names = "--unsafe", description = "Grade even where no sandbox is available (children then run with your permissions).")
    boolean unsafe;

    /** Per submission, when --time-budget is not given: checking and mutants together. */
    static final int DEFAULT_BUDGET_SECONDS = 60;

    /**
     * {@link #DEFAULT_BUDGET_SECONDS} for a submission that has a core to itself, and as many times that as there are
     * submissions per core: at two jobs a core each gets about half the CPU, and an honest, heavy submission (45 tests
     * on 57 mutants: 26 s alone) must not run out of wall-clock time because its neighbours are busy.
     */
    static long defaultBudgetSeconds(int jobs) {
        int cores = Runtime.getRuntime().availableProcessors();
        return DEFAULT_BUDGET_SECONDS * (long) Math.max(1, (jobs + cores - 1) / cores);
    }

    /**
     * Three submissions per core: a submission spends half its time or more waiting (learner tests that wait on locks,
     * latches and timeouts of their own, JVM starts), and the others fill that time. Measured on 2 cores, the class of
     * 100 of bench/class.sh: 494 s at 2 jobs, 263 s at 4, 226 s at 6, with 28 % and 12 % of the CPU left idle at 4 and
     * 6. Fewer where memory is short: each job's child JVM takes up to ~400 MB.
     */
    static int defaultJobs() {
        int byCores = 3 * Runtime.getRuntime().availableProcessors();
        long memoryMb = java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getTotalMemorySize() >> 20 : Long.MAX_VALUE;
        return (int) Math.max(1, Math.min(byCores, memoryMb / 600));
    }

    @Override
    public Integer call() {
        List<Path> folders = submissions();
        Lab lab = Lab.open(withLab(folders), extra);
        Sandbox sandbox = sandboxOrRefuse(lab);
        int n = jobs == null ? defaultJobs() : Math.max(1, jobs);
        long budget = (options.timeBudget == null ? defaultBudgetSeconds(n) : Math.max(1, options.timeBudget)) * 1000L;
        Limits limits = Limits.defaults().withBudget(budget);
        // One serving child per submission does the check, the learner's tests on the reference and on the mutants,
        // and the confirming runs: one JVM start instead of three. Kills are confirmed beside the reference in a
        // secret order (Grader#mutants), so a child that has run other code before tells a test nothing it can use.
        BatchGrader batch = new BatchGrader(() -> lab.grader(true, sandbox, limits, 1), lab.course, n, budget,
                Catalogue.packages(Catalogue.home()));
        Verdicts.ClassGrade grade = batch.grade(folders, progress(lab.msg, options.err()));
        write(lab, grade);
        if (options.json) {
            options.out().println(Json.of(grade, lab.msg));
        } else {
            summary(lab.msg, grade, options.out());
        }
        return grade.submissions().stream().anyMatch(s -> s.verdict() == SubmissionVerdict.ERROR) ? 1 : 0;
    }

    private List<Path> submissions() {
        if (!Files.isDirectory(dir)) {
            throw new Lab.SetupError(Messages.of(options.lang()).get("grade.noDir", Workspace.display(dir)));
        }
        List<Path> folders = BatchGrader.submissions(dir);
        Messages words = Messages.of(options.lang());
        BatchGrader.linkedTwins(dir).forEach((link, real) -> options.err().println("workbook: " + words.get("grade.linked",
                link.getFileName(), real.getFileName())));
        if (folders.isEmpty()) {
            throw new Lab.SetupError(Messages.of(options.lang()).get("grade.empty", Workspace.display(dir)));
        }
        return folders;
    }

    /** The options, with the lab the submissions hold when {@code --lab} does not say (the one most folders hold). */
    private Options withLab(List<Path> folders) {
        if (options.lab != null) {
            return options;
        }
        Path home = Catalogue.home();
        String best = Catalogue.labs(home).stream().max(Comparator.comparingLong(l -> folders.stream()
                .filter(f -> Files.isDirectory(f.resolve(Catalogue.packageOf(home, l).replace('.', '/')))).count()))
                .orElse(null);
        return best == null ? options : options.forLab(best);
    }

    /**
     * The sandbox every child runs in, with the submissions and the reports out of its view. Without one, grading a
     * class (strangers' code) needs {@code --unsafe}.
     */
    private Sandbox sandboxOrRefuse(Lab lab) {
        Sandbox s = lab.sandbox();
        if (!s.on() && !unsafe) {
            throw new Lab.SetupError(lab.msg.get("grade.needsSandbox", s.why()));
        }
        // No child needs the submissions (each one's classes come in its plan): none sees the others'.
        return s.withHidden(List.of(dir.toAbsolutePath().normalize()));
    }

    private BatchGrader.Progress progress(Messages msg, PrintStream err) {
        boolean terminal = System.console() != null && !options.json;
        return (s, done, total) -> {
            synchronized (err) {
                if (terminal) {
                    int width = 24;
                    int filled = (int) Math.round((double) width * done / total);
                    err.print("\r[" + "#".repeat(filled) + ".".repeat(width - filled) + "] " + done + "/" + total + "  "
                            + workbook.report.Terminal.pad(s.student(), 20) + (done == total ? "\n" : ""));
                } else {
                    err.println(msg.get("grade.progress", done, total, s.student(),
                            msg.get("grade.verdict." + s.verdict().wire()), String.format(Locale.ROOT, "%.1f", s.millis() / 1000.0)));
                }
                err.flush();
            }
        };
    }

    private void write(Lab lab, Verdicts.ClassGrade grade) {
        try {
            Files.createDirectories(out);
            AtomicWrite.text(out.resolve("grades.csv"), GradesCsv.of(grade, lab.msg));
            AtomicWrite.bytes(out.resolve("grades.ods"), workbook.report.GradesOds.of(grade, lab.msg));
            AtomicWrite.text(out.resolve("report.html"), ClassReport.of(grade, lab.msg));
            AtomicWrite.text(out.resolve("grades.json"), Json.of(grade, lab.msg));
            Path junit = Files.createDirectories(out.resolve("junit"));
            Path receipts = Files.createDirectories(out.resolve("receipts"));
            List<Integer> all = lab.course.steps().stream().map(workbook.catalogue.Step::number).toList();
            for (Verdicts.Submission s : grade.submissions()) {
                AtomicWrite.text(junit.resolve(s.student() + ".xml"), s.check() != null
                        ? workbook.report.JUnitXml.of(s.check(), s.mutants(), s.student(), lab.msg)
                        : workbook.report.JUnitXml.ungraded(s.student(), grade.lab(), s.verdict().wire(),
                                s.reason() == null ? "" : workbook.report.Notes.of(lab.msg, s.reason())));
                if (s.check() != null) {
                    workbook.receipt.Receipts.write(workbook.receipt.Receipts.of(lab.sealer(), "grade", lab.course,
                            new Workspace(dir.resolve(s.student()), lab.course), all, true, s.check(), s.mutants()),
                            receipts.resolve(s.student() + ".json"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How many ungraded folders the summary names, one line each (the rest are in grades.csv). */
    static final int UNGRADED_SHOWN = 10;

    private void summary(Messages msg, Verdicts.ClassGrade g, PrintStream o) {
        o.println(msg.get("grade.done", g.submissions().size(), g.lab(), String.format(Locale.ROOT, "%.1f", g.millis() / 1000.0),
                g.jobs(), String.format(Locale.ROOT, "%.1f", g.submissions().size() * 60_000.0 / Math.max(1, g.millis()))));
        for (SubmissionVerdict v : SubmissionVerdict.values()) {
            long n = g.submissions().stream().filter(s -> s.verdict() == v).count();
            if (n > 0) {
                o.println("  " + workbook.report.Terminal.pad(msg.get("grade.verdict." + v.wire()), 14) + n);
            }
        }
        int width = Math.max(40, workbook.report.Terminal.columns() - 1);
        // The folders that got no grade at all, with why: the instructor can fix them (move files, pick the lab) now.
        List<Verdicts.Submission> ungraded = g.submissions().stream()
                .filter(s -> s.verdict() == SubmissionVerdict.MISSING || s.verdict() == SubmissionVerdict.ERROR).toList();
        ungraded.stream().limit(UNGRADED_SHOWN).forEach(s -> {
            List<String> lines = workbook.report.Terminal.wrap(s.student() + ": "
                    + (s.reason() == null ? msg.get("grade.verdict." + s.verdict().wire()) : msg.text(s.reason())), width - 6);
            for (int i = 0; i < lines.size(); i++) {
                o.println((i == 0 ? "    " : "      ") + lines.get(i));
            }
        });
        if (ungraded.size() > UNGRADED_SHOWN) {
            o.println("    " + msg.get("grade.ungradedMore", ungraded.size() - UNGRADED_SHOWN));
        }
        workbook.report.Terminal.wrap(msg.get("grade.wrote", Workspace.display(out)), width).forEach(o::println);
        g.submissions().stream().filter(s -> s.check() != null).findFirst().ifPresent(s -> workbook.report.Terminal.wrap(
                msg.get("grade.verifyHint", "./workbook verify " + Workspace.display(out.resolve("receipts").resolve(s.student() + ".json"))
                        + " " + Workspace.display(dir.resolve(s.student()))), width).forEach(o::println));
    }
}
