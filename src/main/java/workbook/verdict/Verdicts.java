package workbook.verdict;

import java.util.ArrayList;
import java.util.List;
import workbook.catalogue.Text;
import workbook.compile.SourceDiagnostic;

/** The verdict records; their field names are the JSON that other tools read. */
public final class Verdicts {
    private Verdicts() {}

    public record Compile(boolean ok, List<SourceDiagnostic> diagnostics) {
        public static Compile fine() {
            return new Compile(true, List.of());
        }
    }

    /**
     * One official test's outcome. {@code name} is what the test checks in the chosen language; {@code clause} is the
     * id of the step's contract clause it holds; {@code millis} how long it ran in the child JVM (its first run when
     * there were several; 0 when it never ran, or the child died under it); {@code output} what the learner's code
     * printed during it (null when nothing); {@code notRun}: never run, because an earlier test that calls the same
     * method had already died of it, or the budget was used up (its verdict is not its own)
     */
    public record TestVerdict(String id, Text name, String clause, TestOutcome status, Reason reason, boolean happy,
                              List<String> where, long millis, workbook.child.wire.Output output, boolean notRun) {
        /** A verdict on a test that ran, or was meant to. */
        public TestVerdict(String id, Text name, String clause, TestOutcome status, Reason reason, boolean happy,
                           List<String> where, long millis, workbook.child.wire.Output output) {
            this(id, name, clause, status, reason, happy, where, millis, output, false);
        }

        /** A verdict on a test that printed nothing. */
        public TestVerdict(String id, Text name, String clause, TestOutcome status, Reason reason, boolean happy,
                           List<String> where, long millis) {
            this(id, name, clause, status, reason, happy, where, millis, null);
        }
    }

    /**
     * @param blockedBy an earlier step that still fails and that every failing test of this one depends on (their
     *                  calls reach its method): fix that one first; null when the failures are this step's own
     */
    public record StepVerdict(int step, String slug, Text title, StepStatus status, Reason reason,
                              List<TestVerdict> tests, Integer blockedBy) {
        public StepVerdict(int step, String slug, Text title, StepStatus status, Reason reason, List<TestVerdict> tests) {
            this(step, slug, title, status, reason, tests, null);
        }
    }

    /** {@code lab}: the id of the lab the steps belong to. */
    public record Check(String command, String workspace, Compile compile, List<StepVerdict> steps, int passed,
                        int total, Reason next, String lab) {
        public boolean ok() {
            return compile.ok() && steps.stream().allMatch(s -> s.status() == StepStatus.PASSED);
        }
    }

    /** A learner test: valid when it passes on the reference. */
    /** One of the learner's own tests; {@code millis}: its time on the reference, first trial (0 if it did not run). */
    public record LearnerTest(String id, String name, boolean valid, Reason reason, long millis) {}

    /**
     * {@code clauses}: the ids of the step's contract clauses the mutant breaks; {@code problem}: why it could not be
     * judged when its status is {@code error} (null otherwise), {@code message} the sentence that says so.
     */
    /** @param reachedBy the valid learner tests that ran the mutant's changed code (empty when none could run) */
    public record MutantVerdict(String id, int step, String source, Text description, List<String> clauses,
                                MutantStatus status, List<String> killedBy, KillKind kind, Reason reason,
                                MutantProblem problem, List<String> reachedBy) {
        public MutantVerdict {
            reachedBy = reachedBy == null ? List.of() : List.copyOf(reachedBy);
        }

        /** A verdict whose reach was not recorded. */
        public MutantVerdict(String id, int step, String source, Text description, List<String> clauses,
                             MutantStatus status, List<String> killedBy, KillKind kind, Reason reason,
                             MutantProblem problem) {
            this(id, step, source, description, clauses, status, killedBy, kind, reason, problem, List.of());
        }
    }

    /** A contract clause that some surviving mutant breaks: no valid learner test holds it yet. */
    public record Unheld(int step, String id, Text text) {}

    public record Mutants(String command, String workspace, Compile compile, List<LearnerTest> tests,
                          List<MutantVerdict> mutants, List<Unheld> unheld, int killed, int total, Reason next) {
        public boolean ok() {
            return compile.ok() && !tests.isEmpty() && tests.stream().allMatch(LearnerTest::valid)
                    && mutants.stream().allMatch(m -> m.status() == MutantStatus.KILLED);
        }
    }

    public record Reference(StepStatus status, List<TestVerdict> tests) {}

    public record SkeletonStep(int step, StepStatus status) {}

    public record Skeleton(List<SkeletonStep> steps) {}

    /** {@code problem} and {@code message}: why it could not be judged when its status is {@code error}, else null. */
    public record AuditMutant(String id, int step, String source, MutantStatus status, List<String> killedBy, KillKind kind,
                              boolean subtle, int trials, int detected, MutantProblem problem, Reason reason) {}

    /** One contract clause: the official tests that hold it and the mutants that embody its breach. */
    public record ClauseRow(int step, String id, Text text, List<String> tests, List<String> mutants) {}

    /**
     * The audit's verdict. {@code retries}: the tests that ran out of time on the first try and were run once more with
     * a longer limit (a timeout on a loaded machine is not evidence about the code); each names its run (reference,
     * skeleton, a mutant id), its test ({@code *} for a run of race trials) and how the second try went.
     */
    public record Audit(String command, boolean ok, Reference reference, Skeleton skeleton, List<AuditMutant> mutants,
                        List<ClauseRow> clauses, List<Reason> problems, List<Retry> retries, long millis, String lab) {}

    /** A test run a second time because its first try timed out, and how the second went. */
    public record Retry(String run, String test, TestOutcome again) {}

    /**
     * One cell of a probe: the two dimensions and the counts it measured, e.g. workers 4, failovers 7, lost 3,
     * duplicates 0. {@code status} is {@code measured}, or {@code threw} with {@code error} the exception on one line
     * (then {@code counts} is empty).
     */
    public record ProbeCell(int row, int column, java.util.Map<String, Long> counts, String status, String error) {
        public ProbeCell(int row, int column, java.util.Map<String, Long> counts) {
            this(row, column, counts, "measured", null);
        }

        public static ProbeCell threw(int row, int column, String error) {
            return new ProbeCell(row, column, java.util.Map.of(), "threw", error);
        }

        public boolean threwUp() {
            return "threw".equals(status);
        }

        /** Every measure of the cell, added up (how much went wrong in it). */
        public long sum() {
            return counts.values().stream().mapToLong(Long::longValue).sum();
        }

        /**
         * The same kind of outcome as {@code other}: both threw, or both measured and every measure is zero in both or
         * above zero in both (how many may differ: where workers race, a wrong build's counts vary from run to run).
         */
        public boolean sameShape(ProbeCell other) {
            if (threwUp() || other.threwUp()) {
                return threwUp() && other.threwUp();
            }
            return counts.keySet().stream().allMatch(m -> (counts.get(m) > 0) == (other.counts.getOrDefault(m, 0L) > 0));
        }
    }

    /** A cell named by its two dimensions, e.g. the one a probe replays. */
    public record CellRef(int row, int column) {}

    /**
     * One build measured by a probe. {@code kind}: {@code reference}, {@code mutant} or {@code yours}; {@code status}:
     * {@code measured} (cells that threw included), or {@code notRun} with {@code message} saying why (a compile error,
     * a step not yet written, a probe whose every cell failed or that timed out). {@code worst} is the cell to look at
     * first: the first that threw, else the one with the largest sum of measures; null when every cell is clean.
     * {@code step} is the step a mutant belongs to (0 for the others).
     */
    public record ProbeVariant(String id, String kind, Reason description, int step, String status, Reason reason,
                               List<ProbeCell> cells, ProbeCell worst) {
        public ProbeVariant(String id, String kind, Reason description, String status, Reason reason,
                            List<ProbeCell> cells) {
            this(id, kind, description, 0, status, reason, cells, worstOf(cells));
        }

        public static ProbeVariant measured(String id, String kind, Reason description, int step, List<ProbeCell> cells) {
            return new ProbeVariant(id, kind, description, step, "measured", null, List.copyOf(cells), worstOf(cells));
        }

        public static ProbeVariant notRun(String id, String kind, Reason description, int step, Reason reason,
                                          List<ProbeCell> cells) {
            return new ProbeVariant(id, kind, description, step, "notRun", reason, List.copyOf(cells), worstOf(cells));
        }

        private static ProbeCell worstOf(List<ProbeCell> cells) {
            java.util.Comparator<ProbeCell> order = java.util.Comparator.comparingInt(ProbeCell::row)
                    .thenComparingInt(ProbeCell::column);
            java.util.Optional<ProbeCell> threw = cells.stream().filter(ProbeCell::threwUp).min(order);
            if (threw.isPresent()) {
                return threw.get();
            }
            return cells.stream().filter(c -> c.sum() > 0)
                    .max(java.util.Comparator.comparingLong(ProbeCell::sum).thenComparing(order.reversed()))
                    .orElse(null);
        }

        public long total(String measure) {
            return cells.stream().mapToLong(c -> c.counts().getOrDefault(measure, 0L)).sum();
        }

        public long threw() {
            return cells.stream().filter(ProbeCell::threwUp).count();
        }

        /** Measured, and nothing lost, repeated or thrown in any cell. */
        public boolean clean() {
            return "measured".equals(status) && worst == null;
        }

        /** The row values where this build's cells have the same shape as {@code other}'s, and some went wrong. */
        public List<Integer> rowsLike(ProbeVariant other) {
            List<Integer> out = new ArrayList<>();
            for (int row : new java.util.TreeSet<>(cells.stream().map(ProbeCell::row).toList())) {
                List<ProbeCell> mine = cells.stream().filter(c -> c.row() == row).toList();
                boolean wrong = mine.stream().anyMatch(c -> c.threwUp() || c.sum() > 0);
                boolean same = mine.stream().allMatch(c -> other.cells.stream()
                        .anyMatch(o -> o.row() == row && o.column() == c.column() && o.sameShape(c)));
                if (wrong && same) {
                    out.add(row);
                }
            }
            return out;
        }
    }

    /** The learner's rows that equal a mutant's: "your code loses what this mutant loses", and the step to look at. */
    public record Resemblance(String mutant, Reason description, int step, List<Integer> rows) {}

    /**
     * A lab's measurement: for every variant, every cell. {@code rows} and {@code columns} name the dimensions,
     * {@code measures} the counts; {@code only} is the one cell measured when the probe replays a cell (else null);
     * {@code resemblances} the mutants whose rows the learner's build repeats; {@code plot} is the SVG file written,
     * or null.
     */
    public record Probe(String command, long seed, String rows, String columns, List<String> measures,
                        List<ProbeVariant> variants, CellRef only, List<Resemblance> resemblances, String plot,
                        long millis) {
        public java.util.Optional<ProbeVariant> variant(String kind) {
            return variants.stream().filter(v -> v.kind().equals(kind)).findFirst();
        }

        public Probe withPlot(String file) {
            return new Probe(command, seed, rows, columns, measures, variants, only, resemblances, file, millis);
        }
    }

    /**
     * One student's submission, graded: official steps passed, own tests valid (pass on the reference), mutants their
     * valid tests killed, and the wall time it took. {@code check} and {@code mutants} are the full verdicts (null when
     * not reached: a missing workspace, no test file); {@code message} says what went wrong, or is null.
     */
    public record Submission(String student, SubmissionVerdict verdict, int stepsPassed, int steps, int testsValid,
                             int tests, int killed, int mutantsTotal, long millis, Reason reason, Check check,
                             Mutants mutants) {
        public boolean killed(String mutant) {
            return mutants != null && mutants.mutants().stream()
                    .anyMatch(m -> m.id().equals(mutant) && m.status() == MutantStatus.KILLED);
        }
    }

    /**
     * A class graded: every submission in name order, the lab's steps and mutants (ids in lesson order, the
     * instructor's private ones included), how many were graded side by side, and the whole wall time.
     */
    public record ClassGrade(String command, String lab, List<Submission> submissions, List<StepInfo> steps,
                             List<MutantInfo> mutants, int jobs, long millis) {}

    /** A step of the lab as a class report names it. */
    public record StepInfo(int step, String slug, Text title) {}

    /** A mutant of the lab as a class report names it ({@code source}: {@code doc}, {@code extra} or {@code private}). */
    public record MutantInfo(String id, int step, String source, Text description) {}
}
