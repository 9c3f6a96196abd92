package workbook.grade;

import workbook.verdict.MutantProblem;
import workbook.verdict.MutantStatus;
import workbook.verdict.StepStatus;
import workbook.verdict.TestOutcome;
import workbook.verdict.Reason;
import workbook.verdict.Verdicts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;
import workbook.catalogue.OfficialTest;
import workbook.catalogue.Step;
import workbook.compile.CompileResult;
import workbook.run.ChildRunner;
import workbook.run.RunResults;
import workbook.child.wire.RunSpec;
import workbook.run.TestResult;
import workbook.child.wire.TestStatus;

/**
 * The instructor's check of one lab ({@code audit}): the reference passes every official test (race trials too), the
 * skeleton leaves every step not started, every mutant is killed by a test of its own step and stays subtle, and every
 * clause is held by a test and embodied by a mutant. Reads as its flow: {@link #plan} → {@link #run} → {@link #read},
 * where {@code read} runs nothing.
 */
final class AuditFlow {
    private final Builds builds;
    private final Course course;
    private final ChildRunner runner;
    private final int shards;
    private final StepJudge judge;

    AuditFlow(Builds builds, ChildRunner runner, int shards, StepJudge judge) {
        this.builds = builds;
        this.course = builds.course();
        this.runner = runner;
        this.shards = shards;
        this.judge = judge;
    }

    /** Plan every run, run them in one batch (and the time-outs that matter once more), read each part's verdict. */
    Verdicts.Audit audit() {
        long started = System.nanoTime();
        Plan plan = plan();
        Retries results = run(plan);
        return read(plan, results, (System.nanoTime() - started) / 1_000_000);
    }

    /** Every run in one batch, then the tests whose time-out would decide a verdict once more, more patiently. */
    private Retries run(Plan plan) {
        RunResults first = runner.run(plan.runs(), shards);
        return Retries.of(plan.runs(), first, spec -> timedOutWhereItMatters(spec, first), runner, shards);
    }

    /** The audit's verdict from what the runs found: no run here, only reading. */
    Verdicts.Audit read(Plan plan, Retries results, long millis) {
        List<Reason> problems = new ArrayList<>(plan.problems());
        Verdicts.Reference reference = reference(results, problems);
        Verdicts.Skeleton skeleton = skeleton(results, problems);
        List<Verdicts.AuditMutant> mutants = mutants(results, plan, problems);
        List<Verdicts.ClauseRow> clauses = clauseMatrix(mutants, problems);
        return new Verdicts.Audit("audit", problems.isEmpty(), reference, skeleton, mutants, clauses, problems,
                results.retries(), millis, course.id());
    }

    /**
     * The tests of a run whose timeout would decide a verdict and deserve a second try: on the reference and the
     * skeleton every test that timed out (a race trial run: any), on a mutant the happy-path tests of its step (a
     * timeout there must not make a mutant "not subtle"). A mutant killed by a timeout elsewhere keeps that kill.
     */
    private List<String> timedOutWhereItMatters(RunSpec spec, RunResults first) {
        String id = spec.id();
        if (spec.trials() > 1) {
            boolean timedOut = first.trials(id).stream().anyMatch(t -> t.stream().anyMatch(r -> r.status() == TestStatus.TIMEOUT));
            boolean failedOtherwise = first.trials(id).stream()
                    .anyMatch(t -> t.stream().anyMatch(r -> r.status() == TestStatus.FAILED || r.status() == TestStatus.ERROR));
            return id.equals("reference~race") && timedOut && !failedOtherwise ? List.of("*") : List.of();
        }
        List<String> timedOut = Retries.timedOut(first.of(id));
        if (id.equals("reference") || id.equals("skeleton")) {
            return timedOut;
        }
        Mutant m = course.mutants().stream().filter(x -> x.id().equals(id)).findFirst().orElse(null);
        if (m == null) {
            return List.of();
        }
        List<String> happy = course.step(m.step()).map(s -> s.tests().stream().filter(OfficialTest::happy)
                .map(OfficialTest::key).toList()).orElse(List.of());
        return timedOut.stream().filter(happy::contains).toList();
    }

    /**
     * The runs of one audit, the mutants that cannot run (they do not apply or do not compile) with why, and the
     * problems found while planning (the example tests do not compile).
     */
    record Plan(List<RunSpec> runs, Map<String, MutantProblem.Unusable> unusable, List<String> raceKeys,
                List<Reason> problems) {}

    private Plan plan() {
        List<Reason> problems = new ArrayList<>();
        List<Step> steps = course.steps();
        String tests = builds.officialTests().toString();
        List<String> classes = builds.testClassNames(steps);
        List<String> raceKeys = course.tests().stream().filter(OfficialTest::race).map(OfficialTest::key).toList();
        List<String> raceClasses = builds.testClassNames(steps.stream()
                .filter(s -> s.tests().stream().anyMatch(OfficialTest::race)).toList());

        List<RunSpec> runs = new ArrayList<>();
        runs.add(RunSpec.of("reference", List.of(builds.reference().toString(), tests), classes));
        if (!raceKeys.isEmpty()) {
            runs.add(new RunSpec("reference~race", List.of(builds.reference().toString(), tests), raceClasses, raceKeys,
                    course.raceTrials()));
        }
        runs.add(RunSpec.of("skeleton", List.of(builds.skeleton().toString(), tests), classes));
        CompileResult exampleTests = builds.learnerTests(course.skeletonTestSource());
        if (exampleTests.ok()) {
            runs.add(RunSpec.of("skeleton-tests", List.of(builds.reference().toString(), exampleTests.classes().toString()),
                    List.of(course.packageName() + "." + course.learnerTestClass())));
        } else {
            problems.add(Reason.of("audit.exampleTestsDoNotCompile", exampleTests.diagnostics()));
        }
        Map<String, MutantProblem.Unusable> unusable = new LinkedHashMap<>();
        for (Mutant m : course.mutants()) {
            mutantRuns(m, tests, runs, unusable);
        }
        return new Plan(runs, unusable, raceKeys, List.copyOf(problems));
    }

    /**
     * A mutant's runs. A mutant changes one step's method, so its own step's tests are where a killer must be. Race
     * tests are slow and only matter for concurrency mutants: those run their step's every test and then its race
     * tests again in trials; the others run every test of their step but the race tests.
     */
    private void mutantRuns(Mutant m, String tests, List<RunSpec> runs, Map<String, MutantProblem.Unusable> unusable) {
        Step own = course.step(m.step()).orElse(null);
        if (own == null) {
            return; // the lint names it
        }
        List<String> ownClasses = builds.testClassNames(List.of(own));
        List<String> ownRace = own.tests().stream().filter(OfficialTest::race).map(OfficialTest::key).toList();
        List<String> ownCalm = own.tests().stream().filter(t -> !t.race()).map(OfficialTest::key).toList();
        boolean race = m.trials() > 0 && !ownRace.isEmpty();
        MutantProblem.Unusable problem = builds.buildMutant(m, tests, ownClasses, race ? List.of() : ownCalm, runs);
        if (problem != null) {
            unusable.put(m.id(), problem);
        } else if (race) {
            RunSpec plain = runs.get(runs.size() - 1);
            runs.add(new RunSpec(m.id() + "~race", plain.classpath(), ownClasses, ownRace, m.trials()));
        }
    }

    /** The reference: every official test passes, and every race trial too; the lesson lists exactly its tests. */
    private Verdicts.Reference reference(Retries results, List<Reason> problems) {
        List<Verdicts.TestVerdict> refTests = new ArrayList<>();
        Map<String, TestResult> onReference = results.of("reference");
        for (Step s : course.steps()) {
            refTests.addAll(judge.stepVerdict(s, onReference, Reason.asIsOrNone(results.runError("reference")), Map.of(), false).tests());
        }
        refTests.stream().filter(t -> t.status() != TestOutcome.PASSED)
                .forEach(t -> problems.add(Reason.of("audit.referenceFails", t.id(), t.reason())));
        boolean races = course.tests().stream().anyMatch(OfficialTest::race);
        List<List<TestResult>> refTrials = results.trials("reference~race");
        long refRaceFailures = refTrials.stream().filter(trial -> trial.stream().anyMatch(r -> r.status() != TestStatus.PASSED)).count();
        if (races && (refRaceFailures > 0 || refTrials.size() < course.raceTrials())) {
            problems.add(Reason.of("audit.referenceRaceFails", refRaceFailures, refTrials.size()));
        }
        consistency(onReference, problems);
        StepStatus refStatus = refTests.stream().allMatch(t -> t.status() == TestOutcome.PASSED) && refRaceFailures == 0
                ? StepStatus.PASSED : StepStatus.FAILED;
        return new Verdicts.Reference(refStatus, refTests);
    }

    /** The skeleton: every step is not started, and its example learner tests pass on the reference. */
    private Verdicts.Skeleton skeleton(Retries results, List<Reason> problems) {
        List<Verdicts.SkeletonStep> skeletonSteps = new ArrayList<>();
        for (Step s : course.steps()) {
            Verdicts.StepVerdict v = judge.stepVerdict(s, results.of("skeleton"), Reason.asIsOrNone(results.runError("skeleton")), Map.of(), false);
            skeletonSteps.add(new Verdicts.SkeletonStep(s.number(), v.status()));
            if (v.status() != StepStatus.NOT_STARTED) {
                problems.add(Reason.of("audit.skeletonStarted", s.number(), v.status().wire()));
            }
        }
        results.of("skeleton-tests").values().stream().filter(t -> t.status() != TestStatus.PASSED)
                .forEach(t -> problems.add(Reason.of("audit.exampleTestInvalid", t.key(), judge.detail(t))));
        return new Verdicts.Skeleton(skeletonSteps);
    }

    /** Every mutant: killed by a named official test; subtle (its step's happy path passes); race mutants caught in trials. */
    private List<Verdicts.AuditMutant> mutants(Retries results, Plan plan, List<Reason> problems) {
        List<String> valid = results.of("reference").values().stream().filter(t -> t.status() == TestStatus.PASSED)
                .map(TestResult::key).toList();
        List<Verdicts.AuditMutant> mutants = new ArrayList<>();
        for (Mutant m : course.mutants()) {
            if (plan.unusable().containsKey(m.id())) {
                MutantProblem.Unusable why = plan.unusable().get(m.id());
                problems.add(why.reason());
                mutants.add(new Verdicts.AuditMutant(m.id(), m.step(), m.source(), MutantStatus.ERROR, List.of(), null, false, 0, 0,
                        why.problem(), why.reason()));
                continue;
            }
            mutants.add(mutant(m, results, valid, problems));
        }
        return mutants;
    }

    private Verdicts.AuditMutant mutant(Mutant m, Retries results, List<String> valid, List<Reason> problems) {
        Map<String, TestResult> on = results.of(m.id());
        Kills kills = Kills.of(on, valid);
        for (List<TestResult> trial : results.trials(m.id() + "~race")) {
            kills = kills.and(Kills.of(trial.stream().collect(Collectors.toMap(TestResult::key, r -> r, (a, b) -> a)), valid));
        }
        // Not subtle only when a happy-path test fails by assertion or exception: a timeout (twice, the second time with
        // a longer limit) is the machine's load, not the mutant's behaviour; the retries in the verdict say so.
        boolean subtle = course.step(m.step()).map(s -> s.tests().stream().filter(OfficialTest::happy)
                .allMatch(t -> on.containsKey(t.key()) && (on.get(t.key()).status() == TestStatus.PASSED
                        || on.get(t.key()).status() == TestStatus.TIMEOUT))
                && s.tests().stream().anyMatch(OfficialTest::happy)).orElse(false);
        int trials = 0;
        int detected = 0;
        if (m.trials() > 0) {
            List<List<TestResult>> t = results.trials(m.id() + "~race");
            trials = t.size();
            detected = (int) t.stream().filter(trial -> trial.stream().anyMatch(r -> r.status() != TestStatus.PASSED)).count();
            if (trials < m.trials() || detected < Math.ceil(m.detect() * m.trials())) {
                problems.add(Reason.of("audit.raceRarelyDetected", m.id(), detected, trials, (int) Math.ceil(m.detect() * m.trials())));
            }
        }
        MutantStatus status = kills.by().isEmpty()
                ? (results.runError(m.id()) != null ? MutantStatus.ERROR : MutantStatus.SURVIVED) : MutantStatus.KILLED;
        if (status != MutantStatus.KILLED) {
            problems.add(Reason.of("audit.mutantSurvived", m.id(), status.wire()));
        }
        if (!subtle) {
            problems.add(Reason.of("audit.notSubtle", m.id(), m.step()));
        }
        boolean died = status == MutantStatus.ERROR;
        return new Verdicts.AuditMutant(m.id(), m.step(), m.source(), status, kills.by().stream()
                .map(this::idOf).toList(), kills.kind(), subtle, trials, detected,
                died ? MutantProblem.RUN_FAILED : null, died ? Reason.asIsOrNone(results.runError(m.id())) : null);
    }

    /**
     * For every clause of every step, the official tests that hold it and the mutants that embody it. A clause without
     * either, a test or mutant naming a clause its step does not have, and a killed mutant none of whose killers holds
     * one of its clauses are problems: the matrix is what lets {@code mutants} tell a learner which clause is unheld.
     */
    private List<Verdicts.ClauseRow> clauseMatrix(List<Verdicts.AuditMutant> verdicts, List<Reason> problems) {
        Lint.content(course).forEach(f -> problems.add(Reason.of("lint." + f.kind().wire(), f.args().toArray())));
        List<Verdicts.ClauseRow> rows = new ArrayList<>();
        for (Step s : course.steps()) {
            for (workbook.catalogue.Clause c : s.clauses()) {
                List<String> tests = s.tests().stream().filter(t -> c.id().equals(t.clause())).map(OfficialTest::id).toList();
                List<String> mutants = course.mutantsOf(s.number()).stream().filter(m -> m.clauses().contains(c.id()))
                        .map(Mutant::id).toList();
                rows.add(new Verdicts.ClauseRow(s.number(), c.id(), c.text(), tests, mutants));
            }
        }
        for (Mutant m : course.mutants()) {
            Step own = course.step(m.step()).orElse(null);
            Verdicts.AuditMutant v = verdicts.stream().filter(a -> a.id().equals(m.id())).findFirst().orElse(null);
            if (own != null && v != null && v.status() == MutantStatus.KILLED && !m.clauses().isEmpty()) {
                boolean heldByItsClause = own.tests().stream()
                        .anyMatch(t -> m.clauses().contains(t.clause()) && v.killedBy().contains(t.id()));
                if (!heldByItsClause) {
                    problems.add(Reason.of("audit.clauseNotCaught", m.id(), String.join(", ", m.clauses())));
                }
            }
        }
        return rows;
    }

    /** Official tests the catalogue lists but the classes lack, and the reverse: both mean the lesson is out of step. */
    private void consistency(Map<String, TestResult> onReference, List<Reason> problems) {
        Set<String> listed = course.tests().stream().map(OfficialTest::key).collect(Collectors.toSet());
        for (String key : listed) {
            if (!onReference.containsKey(key)) {
                problems.add(Reason.of("audit.listedButMissing", key));
            }
        }
        for (String key : onReference.keySet()) {
            if (!listed.contains(key)) {
                problems.add(Reason.of("audit.unlisted", key));
            }
        }
        for (Step s : course.steps()) {
            if (s.tests().stream().noneMatch(OfficialTest::happy)) {
                problems.add(Reason.of("audit.noHappyPath", s.number()));
            }
        }
    }

    /** The official test's id for a test key ({@code JobsTest#claims} to its catalogue id), or the key itself. */
    private String idOf(String key) {
        return course.tests().stream().filter(t -> t.key().equals(key)).map(OfficialTest::id).findFirst().orElse(key);
    }
}
