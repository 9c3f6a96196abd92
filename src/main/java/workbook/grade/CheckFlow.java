package workbook.grade;

import workbook.verdict.StepStatus;
import workbook.verdict.Reason;
import workbook.verdict.Verdicts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import workbook.catalogue.Course;
import workbook.catalogue.OfficialTest;
import workbook.catalogue.Step;
import workbook.child.wire.RunSpec;
import workbook.compile.CompileResult;
import workbook.compile.SignatureCheck;
import workbook.run.Timing;
import workbook.run.ChildRunner;
import workbook.run.RunResults;
import workbook.run.TestResult;
import workbook.workspace.Workspace;

/**
 * The {@code check} verdict: the official tests of some steps on the learner's file. Reads as its flow: compile,
 * {@link #plan} → {@code runner.run} → {@link #read}, where {@code read} runs nothing.
 */
final class CheckFlow {
    private final Builds builds;
    private final Course course;
    private final ChildRunner runner;
    private final int shards;
    private final StepJudge judge;

    CheckFlow(Builds builds, ChildRunner runner, int shards, StepJudge judge) {
        this.builds = builds;
        this.course = builds.course();
        this.runner = runner;
        this.shards = shards;
        this.judge = judge;
    }

    /**
     * A check's runs: where the learner's file is, the steps, how the learner's classes differ from the contract, the
     * official tests' runs, and the runs that go along in the same child for another flow (see {@link #check}).
     */
    record Plan(String where, List<Step> steps, Map<String, SignatureCheck.Mismatch> mismatches, List<RunSpec> runs,
                List<RunSpec> alongside) {
        List<RunSpec> all() {
            List<RunSpec> all = new ArrayList<>(alongside);
            all.addAll(runs);
            return all;
        }
    }

    /** A check's verdict, and what every run of its child found (the runs that went along too; none when nothing ran). */
    record Ran(Verdicts.Check verdict, RunResults results) {}

    /**
     * Runs the official tests of {@code steps} against the learner's file.
     *
     * @param alongside runs another flow wants made in the same child, first (the learner's tests on the reference,
     *                  for the mutants that follow: one JVM start less); their results come back in {@link Ran}
     */
    Ran check(Workspace ws, List<Step> steps, List<RunSpec> alongside) {
        String where = Workspace.display(ws.code());
        Timing.mark("check: start");
        if (runner.serving()) {
            return checkCompiled(ws, steps, where, alongside);
        }
        runner.prestart(splitForSpeed("learner", List.of(), steps).size());
        try {
            return checkCompiled(ws, steps, where, alongside);
        } finally {
            runner.close();
        }
    }

    private Ran checkCompiled(Workspace ws, List<Step> steps, String where, List<RunSpec> alongside) {
        CompileResult compiled = builds.learner(ws.learnerFiles());
        Timing.mark("check: learner compiled");
        if (!compiled.ok()) {
            List<Verdicts.StepVerdict> broken = steps.stream().map(judge::notCompiled).toList();
            return new Ran(new Verdicts.Check("check", where, Builds.compileVerdict(compiled), broken, 0, steps.size(),
                    Reason.of("next.fixCompile", where), course.id()), new RunResults());
        }
        Plan plan = plan(where, steps, compiled, alongside);
        long started = System.nanoTime();
        RunResults results = runner.run(plan.all(), shards);
        Timing.mark("check: child JVM done");
        return new Ran(read(plan, patiently(plan, results, started)), results);
    }

    /**
     * The official tests' results, with those that only ran out of time run once more with a longer limit when the
     * machine is busy ({@link Retries#machineBusy}): there a test that times out says nothing about the learner's code.
     * On a machine at rest a time-out stands at once, so an endless loop costs the learner no second wait. The second
     * try ends with the check's own budget (counted from {@code started}): a test it does not reach keeps its first
     * time-out.
     */
    private Retries patiently(Plan plan, RunResults results, long started) {
        boolean timedOut = plan.runs().stream().anyMatch(r -> !Retries.timedOut(results.of(r.id())).isEmpty());
        if (!timedOut || !Retries.machineBusy()) {
            return Retries.none(results);
        }
        Timing.mark("check: time-outs on a busy machine, tried again");
        ChildRunner withinBudget = runner.endingBy(started
                + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(runner.limits().budgetMillis()));
        try {
            return Retries.of(plan.runs(), results, spec -> Retries.timedOut(results.of(spec.id())), withinBudget, shards);
        } finally {
            withinBudget.close();
        }
    }

    /** The learner's classes against the reference's signatures, and the official tests' runs on the learner's build. */
    private Plan plan(String where, List<Step> steps, CompileResult compiled, List<RunSpec> alongside) {
        Map<String, SignatureCheck.Mismatch> mismatches = mismatches(compiled);
        Timing.mark("check: signatures compared");
        List<String> classpath = new ArrayList<>(builds.learnerRun(compiled.classes()));
        classpath.add(builds.officialTests().toString());
        List<RunSpec> runs = splitForSpeed("learner", classpath, steps);
        Timing.mark("check: official tests ready");
        return new Plan(where, steps, mismatches, runs, alongside);
    }

    /** Each learner class against the reference's: the methods its steps are about, and its nested records. */
    private Map<String, SignatureCheck.Mismatch> mismatches(CompileResult compiled) {
        Map<String, SignatureCheck.Mismatch> mismatches = new LinkedHashMap<>();
        for (String cls : course.learnerClasses()) {
            Set<String> contract = course.steps().stream()
                    .filter(st -> cls.equals(st.file() == null ? course.learnerClass() : st.file()))
                    .flatMap(st -> st.methods().stream()).collect(Collectors.toSet());
            mismatches.putAll(SignatureCheck.compare(builds.reference(), builds.learnerRun(compiled.classes()).stream().map(java.nio.file.Path::of).toList(),
                    course.packageName() + "." + cls, contract));
        }
        return mismatches;
    }

    /**
     * The verdict on every step from what the official tests' runs found (the runs that went along are not read
     * here): no run here, only reading (the official tests' sources, once, to name a blocking step).
     */
    Verdicts.Check read(Plan plan, Retries results) {
        List<Verdicts.StepVerdict> verdicts = new ArrayList<>();
        for (Step s : plan.steps()) {
            verdicts.add(judge.stepVerdict(s, merged(results, plan.runs()), runErrors(results, plan.runs()),
                    plan.mismatches(), true));
        }
        verdicts = judge.blocking(verdicts, builds::testReach);
        int passed = (int) verdicts.stream().filter(v -> v.status() == StepStatus.PASSED).count();
        return new Verdicts.Check("check", plan.where(), Verdicts.Compile.fine(), verdicts, passed, verdicts.size(),
                judge.next(verdicts), course.id());
    }

    /**
     * One run per group of steps, so two children share the work: the steps with race tests (slow, mostly waiting on
     * locks) go apart from the rest. Below four cores it stays a single run.
     */
    private List<RunSpec> splitForSpeed(String id, List<String> classpath, List<Step> steps) {
        List<Step> racing = steps.stream().filter(s -> s.tests().stream().anyMatch(OfficialTest::race)).toList();
        List<Step> calm = steps.stream().filter(s -> !racing.contains(s)).toList();
        // Measured on 2 cores: two children contend for the CPU and finish later than one (2.7 s against 2.3 s).
        if (Runtime.getRuntime().availableProcessors() < 4 || shards < 2 || racing.isEmpty() || calm.isEmpty()) {
            return List.of(RunSpec.of(id, classpath, builds.testClassNames(steps)));
        }
        return List.of(RunSpec.of(id + "~race", classpath, builds.testClassNames(racing)),
                RunSpec.of(id, classpath, builds.testClassNames(calm)));
    }

    private static Map<String, TestResult> merged(Retries results, List<RunSpec> runs) {
        Map<String, TestResult> all = new LinkedHashMap<>();
        runs.forEach(r -> all.putAll(results.of(r.id())));
        return all;
    }

    private static Reason runErrors(Retries results, List<RunSpec> runs) {
        return runs.stream().map(r -> results.runError(r.id())).filter(java.util.Objects::nonNull).findFirst()
                .map(Reason::asIs).orElse(null);
    }
}
