package workbook.grade;

import workbook.verdict.SubmissionVerdict;
import workbook.verdict.StepStatus;
import workbook.verdict.TestOutcome;
import workbook.verdict.Reason;
import workbook.verdict.Verdicts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;
import workbook.workspace.Workspace;

/**
 * Grades a folder of submissions, one student's workspace per sub-folder, {@code jobs} at a time. Each submission gets
 * a grader of its own (its own compiler and child JVMs) and one time budget for everything grading it takes, so a
 * broken, hostile or endless submission costs its own budget and never stops the others.
 */
public final class BatchGrader {
    /** Told of each submission as it is graded (a progress bar, or a line per student in CI). */
    public interface Progress {
        void graded(Verdicts.Submission s, int done, int total);
    }

    /** How long past its budget a submission may run before its grading is abandoned (javac itself hung). */
    static final long GRACE_MILLIS = 30_000;

    private final Supplier<Grader> graders;
    private final Course course;
    private final int jobs;
    private final long budgetMillis;
    private final java.util.Map<String, String> labs;

    /**
     * @param graders      a fresh grader per submission
     * @param budgetMillis the wall time one submission may take, checking and mutants together
     * @param labs         the labs installed, by id, with their packages: a folder holding another of them is named so
     */
    public BatchGrader(Supplier<Grader> graders, Course course, int jobs, long budgetMillis,
                       java.util.Map<String, String> labs) {
        this.graders = graders;
        this.course = course;
        this.jobs = Math.max(1, jobs);
        this.budgetMillis = budgetMillis;
        this.labs = java.util.Map.copyOf(labs);
    }

    /**
     * The sub-folders of {@code dir}, by name: one student each (hidden folders left out). A folder that is a link to
     * another sub-folder (or to the same folder as another link) is left out: that work is graded once, under the
     * name of the real folder ({@link #linkedTwins} names them).
     */
    public static List<Path> submissions(Path dir) {
        List<Path> all = folders(dir);
        java.util.Set<Path> twins = linkedTwins(dir).keySet();
        return all.stream().filter(p -> !twins.contains(p)).toList();
    }

    /**
     * Each sub-folder that is a link to another one's files, and the folder graded in its place: a real folder wins
     * over a link, and among links to one place the first by name.
     */
    public static java.util.Map<Path, Path> linkedTwins(Path dir) {
        java.util.Map<Path, Path> byReal = new java.util.LinkedHashMap<>();
        java.util.Map<Path, Path> twins = new java.util.LinkedHashMap<>();
        List<Path> all = folders(dir);
        List<Path> realFirst = Stream.concat(all.stream().filter(p -> !Files.isSymbolicLink(p)),
                all.stream().filter(Files::isSymbolicLink)).toList();
        for (Path p : realFirst) {
            Path real;
            try {
                real = p.toRealPath();
            } catch (IOException e) {
                continue;
            }
            Path first = byReal.putIfAbsent(real, p);
            if (first != null) {
                twins.put(p, first);
            }
        }
        return twins;
    }

    private static List<Path> folders(Path dir) {
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Verdicts.ClassGrade grade(List<Path> folders, Progress progress) {
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r, "grade");
            t.setDaemon(true); // a submission whose compilation never ends must not keep the workbook alive
            return t;
        });
        AtomicInteger done = new AtomicInteger();
        java.util.Map<Path, Long> started = new java.util.concurrent.ConcurrentHashMap<>();
        List<Path> order = heaviestFirst(folders);
        java.util.Map<Path, Future<Verdicts.Submission>> futures = new java.util.HashMap<>();
        for (Path folder : order) {
            futures.put(folder, pool.submit(() -> {
                started.put(folder, System.nanoTime());
                Verdicts.Submission s;
                try {
                    s = one(folder);
                } catch (RuntimeException | LinkageError e) {
                    s = failed(folder, SubmissionVerdict.ERROR, Reason.asIs(String.valueOf(e)), 0);
                }
                progress.graded(s, done.incrementAndGet(), folders.size());
                return s;
            }));
        }
        // Collected in the order they started (so one that hangs is abandoned in time), reported by name.
        java.util.Map<Path, Verdicts.Submission> byFolder = new java.util.HashMap<>();
        for (Path folder : order) {
            byFolder.put(folder, collect(futures.get(folder), folder, started, done, folders.size(), progress));
        }
        List<Verdicts.Submission> graded = folders.stream().map(byFolder::get).toList();
        pool.shutdownNow();
        // How many were graded at once: never more than there were submissions.
        return new Verdicts.ClassGrade("grade", course.id(), graded, steps(), mutantsInfo(),
                Math.max(1, Math.min(jobs, folders.size())), (System.nanoTime() - t0) / 1_000_000);
    }

    /**
     * The order submissions start in: the largest test files first, as those take longest (each of their tests runs on
     * the reference and on the mutants it reaches). A long one started last would keep the class waiting while the
     * other jobs sit idle; started first, the short ones fill in around it. Ties and unreadable folders keep name order.
     */
    List<Path> heaviestFirst(List<Path> folders) {
        java.util.Map<Path, Long> size = new java.util.HashMap<>();
        for (Path f : folders) {
            try {
                size.put(f, Files.size(new Workspace(f, course).testFile()));
            } catch (IOException | RuntimeException e) {
                size.put(f, 0L);
            }
        }
        List<Path> out = new ArrayList<>(folders);
        out.sort(java.util.Comparator.comparing((Path f) -> size.get(f)).reversed());
        return out;
    }

    /**
     * A submission's verdict once it is graded. Its grader keeps to the budget on its own; only grading that hangs
     * outside the child JVMs (javac on a hostile source) is abandoned, {@link #GRACE_MILLIS} past its budget.
     */
    private Verdicts.Submission collect(Future<Verdicts.Submission> f, Path folder, java.util.Map<Path, Long> started,
                                        AtomicInteger done, int total, Progress progress) {
        long limit = TimeUnit.MILLISECONDS.toNanos(budgetMillis + GRACE_MILLIS);
        try {
            while (true) {
                try {
                    return f.get(200, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    Long since = started.get(folder);
                    if (since != null && System.nanoTime() - since > limit) {
                        f.cancel(true);
                        Verdicts.Submission s = failed(folder, SubmissionVerdict.TIMEOUT, Reason.of("grade.abandoned"),
                                budgetMillis + GRACE_MILLIS);
                        progress.graded(s, done.incrementAndGet(), total);
                        return s;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(folder, SubmissionVerdict.ERROR, Reason.asIs(String.valueOf(e)), 0);
        } catch (java.util.concurrent.ExecutionException e) {
            return failed(folder, SubmissionVerdict.ERROR, Reason.asIs(String.valueOf(e.getCause())), 0);
        }
    }

    /** One submission, start to end, on a grader of its own. */
    private Verdicts.Submission one(Path folder) {
        long t0 = System.nanoTime();
        Workspace ws = new Workspace(folder, course);
        if (!ws.exists()) {
            return failed(folder, SubmissionVerdict.MISSING, whyMissing(folder), 0);
        }
        Grader grader = graders.get().until(t0 + TimeUnit.MILLISECONDS.toNanos(budgetMillis));
        try {
            Grader.Checked checked = grader.checkWithOwnTests(ws, course.steps());
            Verdicts.Check check = checked.verdict();
            Verdicts.Mutants mutants = check.compile().ok() && Files.isRegularFile(ws.testFile())
                    ? grader.mutants(ws, course.mutants(), true, checked.ahead()) : null;
            return summary(folder, check, mutants, grader.ranOutOfTime(), (System.nanoTime() - t0) / 1_000_000);
        } finally {
            grader.shutdown();
        }
    }

    /** The note of a folder with no workspace of this lab: another lab's files, or the main file elsewhere. */
    private Reason whyMissing(Path folder) {
        workbook.workspace.MissingFiles m = workbook.workspace.MissingFiles.in(folder, course, labs);
        return switch (m.kind()) {
            case OTHER_LAB -> Reason.of("grade.missingOtherLab", m.lab(), m.found(), course.id());
            case ELSEWHERE -> Reason.of("grade.missingElsewhere", m.found(),
                    workbook.workspace.MissingFiles.expected(folder, course));
            case NOWHERE -> Reason.of("grade.missing", String.join(", ", course.learnerFiles()));
        };
    }

    private Verdicts.Submission summary(Path folder, Verdicts.Check check, Verdicts.Mutants mutants, boolean outOfTime,
                                        long millis) {
        int valid = mutants == null ? 0 : (int) mutants.tests().stream().filter(Verdicts.LearnerTest::valid).count();
        int tests = mutants == null ? 0 : mutants.tests().size();
        int killed = mutants == null ? 0 : mutants.killed();
        SubmissionVerdict verdict = !check.compile().ok() ? SubmissionVerdict.COMPILE_ERROR
                : outOfTime ? SubmissionVerdict.TIMEOUT
                : check.ok() && mutants != null && mutants.ok() ? SubmissionVerdict.PASSED
                : check.passed() > 0 || killed > 0 ? SubmissionVerdict.PARTIAL
                : SubmissionVerdict.FAILED;
        Reason message = switch (verdict) {
            case COMPILE_ERROR -> java.util.Optional.ofNullable(firstDiagnostic(folder, check.compile())).map(Reason::asIs).orElse(null);
            case TIMEOUT -> Reason.of("grade.outOfTime", budgetMillis / 1000);
            default -> mutants == null ? Reason.of("grade.noTests", course.learnerTestClass() + ".java")
                    : !mutants.compile().ok() ? java.util.Optional.ofNullable(firstDiagnostic(folder, mutants.compile()))
                            .map(d -> Reason.of("grade.testsDoNotCompileAt", d)).orElse(Reason.of("grade.testsDoNotCompile"))
                    : verdict == SubmissionVerdict.PASSED ? null : firstShortfall(check, mutants, valid, tests);
        };
        return new Verdicts.Submission(student(folder), verdict, check.passed(), check.total(), valid, tests, killed,
                course.mutants().size(), millis, message, check, mutants);
    }

    /** The first compiler message, named from the class folder ({@code ada/lease/Jobs.java:7: ';' expected}). */
    private static String firstDiagnostic(Path folder, Verdicts.Compile compile) {
        return compile.diagnostics().stream().findFirst()
                .map(d -> Workspace.inClass(folder, Path.of(d.file())) + ":" + d.line() + ": " + d.message().lines().findFirst().orElse(""))
                .orElse(null);
    }

    /**
     * What keeps a graded submission from passing, in one line for the instructor's table: the first step that did not
     * pass and why (a time-out, a System.exit, a failed clause), else what the learner's tests left.
     */
    private Reason firstShortfall(Verdicts.Check check, Verdicts.Mutants mutants, int valid, int tests) {
        for (Verdicts.StepVerdict step : check.steps()) {
            if (step.status() == StepStatus.PASSED) {
                continue;
            }
            java.util.Optional<Verdicts.TestVerdict> root = step.tests().stream()
                    .filter(t -> t.status() != TestOutcome.PASSED && t.reason() != null)
                    .min(java.util.Comparator.comparingInt(BatchGrader::rootFirst));
            Reason why = step.status() == StepStatus.NOT_STARTED ? Reason.of("grade.notStarted")
                    : step.reason() != null ? step.reason()
                    : root.map(Verdicts.TestVerdict::reason).orElse(Reason.asIs(step.status().wire()));
            // where the learner's code was when it failed, kept whole however long the message
            Reason first = Reason.of("grade.firstStep", step.step(), why);
            return step.status() == StepStatus.NOT_STARTED || root.isEmpty() || root.get().where().isEmpty() ? first
                    : Reason.of(NOTE_AT, first, root.get().where().get(0));
        }
        if (valid < tests) {
            return Reason.of("grade.invalidTests", tests - valid, tests, mutants.killed(), mutants.total());
        }
        return mutants.unheld().isEmpty() ? Reason.of("grade.mutantsLeft", mutants.killed(), mutants.total())
                : Reason.of("grade.mutantsLeftClause", mutants.killed(), mutants.total(),
                        mutants.unheld().get(0).step(), mutants.unheld().get(0).text());
    }

    /**
     * Which failing test says most about the cause: one that timed out, then one that failed, then one that ended in
     * an error; last, one that was not run because an earlier test of the same method had already died.
     */
    private static int rootFirst(Verdicts.TestVerdict t) {
        return t.notRun() ? 9 : switch (t.status()) {
            case TIMEOUT -> 0;
            case FAILED -> 1;
            default -> 2;
        };
    }

    /**
     * A note that ends with where the learner's code was when it failed ({@code {0} @ {1}}): the report keeps the place
     * whole however long the sentence before it.
     */
    public static final String NOTE_AT = "grade.noteAt";

    private Verdicts.Submission failed(Path folder, SubmissionVerdict verdict, Reason message, long millis) {
        return new Verdicts.Submission(student(folder), verdict, 0, course.steps().size(), 0, 0, 0,
                course.mutants().size(), millis, message, null, null);
    }


    private static String student(Path folder) {
        return folder.getFileName().toString();
    }

    private List<Verdicts.StepInfo> steps() {
        return course.steps().stream().map(s -> new Verdicts.StepInfo(s.number(), s.slug(), s.title()))
                .toList();
    }

    private List<Verdicts.MutantInfo> mutantsInfo() {
        return course.mutants().stream().map((Mutant m) -> new Verdicts.MutantInfo(m.id(), m.step(), m.source(),
                m.description())).toList();
    }
}
