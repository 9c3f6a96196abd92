package workbook.grade;

import workbook.verdict.Verdicts;
import java.util.List;
import java.util.Set;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;
import workbook.catalogue.Step;
import workbook.child.wire.RunSpec;
import workbook.run.ChildRunner;
import workbook.workspace.Workspace;

/**
 * The three verdicts, each a flow of its own ({@link CheckFlow}, {@link MutantsFlow}, {@link AuditFlow}), on one
 * compiler ({@link Builds}) and one runner of child JVMs. This class only composes them: what one flow hands the next
 * is a value the caller passes on ({@link Checked#ahead()}), never state kept here.
 */
public final class Grader {
    private final Builds builds;
    private final Course course;
    private final ChildRunner runner;
    private final int shards;
    private final StepJudge judge;
    private final CheckFlow check;
    private final MutantsFlow mutants;
    private final AuditFlow audit;

    public Grader(Builds builds, ChildRunner runner, int shards) {
        this.builds = builds;
        this.course = builds.course();
        this.runner = runner;
        this.shards = shards;
        this.judge = new StepJudge(course);
        this.check = new CheckFlow(builds, runner, shards, judge);
        this.mutants = new MutantsFlow(builds, runner, shards, judge);
        this.audit = new AuditFlow(builds, runner, shards, judge);
        runner.knowingCalls(builds::testCalls).allOrNothing(Set.of(MutantsFlow.REFERENCE, MutantsFlow.REACH));
    }

    /** Warms the compiler on the learner's file (watch mode: the first save should be as quick as the tenth). */
    public void warmUp(Workspace ws) {
        for (int i = 0; i < 4; i++) {
            builds.warmUp(ws.learnerFiles());
        }
    }

    /** Every later run of this grader ends by {@code nanoTime} too (one budget for a whole submission). */
    public Grader until(long nanoTime) {
        runner.until(nanoTime);
        return this;
    }

    /** Whether some run of this grader ended with tests unsettled because its time was used up. */
    public boolean ranOutOfTime() {
        return runner.ranOutOfTime();
    }

    /** Stops the check in progress at once (its result is then incomplete and meant to be thrown away). */
    public void abort() {
        runner.abort();
    }

    /** The course this grader grades. */
    public Course course() {
        return course;
    }

    /** Stops the child JVMs kept warm for this grader (watch mode). */
    public void shutdown() {
        runner.close();
    }

    /**
     * The lab's probe on the reference, its named mutants and the learner's build (when {@code ws} has the files),
     * all with one seed; empty when the lab has no probe.
     */
    public java.util.Optional<Verdicts.Probe> probe(Workspace ws, long seed, Verdicts.CellRef only) {
        try {
            return course.measurement().map(p -> new Prober(builds, p, runner, shards, judge).measure(ws, seed, only));
        } finally {
            runner.close();
        }
    }

    /** Runs the official tests of {@code steps} against the learner's file. */
    public Verdicts.Check check(Workspace ws, List<Step> steps) {
        return check.check(ws, steps, List.of()).verdict();
    }

    /**
     * A check's verdict, and the learner's own tests as its child ran them on the reference, for the {@link #mutants}
     * that follow ({@link MutantsFlow.Ahead#NONE} when they were not run).
     */
    record Checked(Verdicts.Check verdict, MutantsFlow.Ahead ahead) {}

    /**
     * A check whose child JVM also runs the learner's own tests on the reference (when they compile), so the
     * {@link #mutants} that follow start from those results ({@link Checked#ahead()}) instead of starting a JVM of
     * their own: grading a class, one JVM start less per submission. The reference run goes first, before any learner
     * code could time out.
     */
    Checked checkWithOwnTests(Workspace ws, List<Step> steps) {
        if (runner.serving()) {
            runner.prestart(1); // its start-up overlaps the compiling below
        }
        List<RunSpec> ownTests = mutants.referenceRuns(ws);
        CheckFlow.Ran ran = check.check(ws, steps, ownTests);
        return new Checked(ran.verdict(), ownTests.isEmpty() ? MutantsFlow.Ahead.NONE
                : new MutantsFlow.Ahead(ownTests, ran.results()));
    }

    /** Runs the learner's own tests on the reference (validity) and on every mutant in {@code mutants}. */
    public Verdicts.Mutants mutants(Workspace ws, List<Mutant> mutants) {
        return mutants(ws, mutants, false);
    }

    /**
     * @param firstKiller each mutant's run ends at its first failing test (grading a class: a mutant is killed or
     *                    not, and one killer says so); otherwise every valid test runs on every mutant
     */
    public Verdicts.Mutants mutants(Workspace ws, List<Mutant> mutants, boolean firstKiller) {
        return mutants(ws, mutants, firstKiller, MutantsFlow.Ahead.NONE);
    }

    /** As {@link #mutants(Workspace, List, boolean)}, from the learner's tests on the reference a check ran {@code ahead}. */
    Verdicts.Mutants mutants(Workspace ws, List<Mutant> mutants, boolean firstKiller, MutantsFlow.Ahead ahead) {
        return this.mutants.mutants(ws, mutants, firstKiller, ahead);
    }

    /** The instructor's check of the whole lab (see {@link AuditFlow}). */
    public Verdicts.Audit audit() {
        return audit.audit();
    }
}
