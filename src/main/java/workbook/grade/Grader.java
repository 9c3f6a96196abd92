package workbook.grade;

import workbook.verdict.MutantProblem;
import workbook.verdict.MutantStatus;
import workbook.verdict.StepStatus;
import workbook.verdict.Reason;
import workbook.verdict.Verdicts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;
import workbook.catalogue.OfficialTest;
import workbook.catalogue.Step;
import workbook.child.wire.RunSpec;
import workbook.compile.CompileResult;
import workbook.compile.SignatureCheck;
import workbook.compile.SourceDiagnostic;
import workbook.run.Timing;
import workbook.run.ChildRunner;
import workbook.run.RunResults;
import workbook.run.TestResult;
import workbook.run.TestStatus;
import workbook.workspace.Workspace;

/**
 * The three verdicts. Each reads top to bottom as its job: compile what is needed, run it in child JVMs, and turn
 * the outcomes into verdict records.
 */
public final class Grader {
    private final Builds builds;
    private final Course course;
    private final ChildRunner runner;
    private final int shards;
    private final StepJudge judge;

    public Grader(Builds builds, ChildRunner runner, int shards) {
        this.builds = builds;
        this.course = builds.course();
        this.runner = runner;
        this.shards = shards;
        this.judge = new StepJudge(course);
        runner.knowingCalls(builds::testCalls).allOrNothing(Set.of("reference", REACH));
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

    /** The learner's tests on the reference, run in the same child as a check ({@link #checkWithOwnTests}). */
    private List<RunSpec> ahead = List.of();
    private RunResults aheadResults;

    /**
     * A check whose child JVM also runs the learner's own tests on the reference (when they compile), so a following
     * {@link #mutants} starts from those results instead of starting a JVM of its own: grading a class, one JVM start
     * less per submission. The reference run goes first, before any learner code could time out.
     */
    public Verdicts.Check checkWithOwnTests(Workspace ws, List<Step> steps) {
        if (runner.serving()) {
            runner.prestart(1); // its start-up overlaps the compiling below
        }
        if (java.nio.file.Files.isRegularFile(ws.testFile())) {
            CompileResult tests = builds.learnerTests(ws.testFile());
            String testClass = course.packageName() + "." + course.learnerTestClass();
            if (tests.ok() && java.nio.file.Files.exists(tests.classes().resolve(testClass.replace('.', '/') + ".class"))) {
                ahead = referenceRun(tests, testClass);
            }
        }
        try {
            return check(ws, steps);
        } finally {
            ahead = List.of();
        }
    }

    /** The run on the instrumented reference whose tests say which methods they entered (see {@link Builds#reachingReference}). */
    private static final String REACH = "reference~reach";

    /**
     * The learner's tests on the reference, twice: a test that passes only sometimes (a coin flip, a clock, a race) is
     * flaky, not valid. The second time on the instrumented reference when it builds, so the same run also says which
     * methods each test reaches; each in a class loader of its own.
     */
    private List<RunSpec> referenceRun(CompileResult tests, String testClass) {
        String classes = tests.classes().toString();
        java.util.Optional<java.nio.file.Path> reaching = builds.reachingReference();
        if (reaching.isEmpty()) {
            return List.of(new RunSpec("reference", List.of(builds.reference().toString(), classes), List.of(testClass), List.of(), 2));
        }
        return List.of(new RunSpec("reference", List.of(builds.reference().toString(), classes), List.of(testClass), List.of(), 1),
                new RunSpec(REACH, List.of(reaching.get().toString(), classes), List.of(testClass), List.of(), 1));
    }

    /** Runs the official tests of {@code steps} against the learner's file. */
    public Verdicts.Check check(Workspace ws, List<Step> steps) {
        String where = Workspace.display(ws.code());
        Timing.mark("check: start");
        if (runner.serving()) {
            return checkCompiled(ws, steps, where);
        }
        runner.prestart(splitForSpeed("learner", List.of(), steps).size());
        try {
            return checkCompiled(ws, steps, where);
        } finally {
            runner.close();
        }
    }

    private Verdicts.Check checkCompiled(Workspace ws, List<Step> steps, String where) {
        CompileResult compiled = builds.learner(ws.learnerFiles());
        Timing.mark("check: learner compiled");
        if (!compiled.ok()) {
            List<Verdicts.StepVerdict> broken = steps.stream().map(judge::notCompiled).toList();
            return new Verdicts.Check("check", where, compileVerdict(compiled), broken, 0, steps.size(),
                    Reason.of("next.fixCompile", where), course.id());
        }
        // Each learner class against the reference's: the methods its steps are about, and its nested records.
        Map<String, SignatureCheck.Mismatch> mismatches = new LinkedHashMap<>();
        for (String cls : course.learnerClasses()) {
            Set<String> contract = course.steps().stream()
                    .filter(st -> cls.equals(st.file() == null ? course.learnerClass() : st.file()))
                    .flatMap(st -> st.methods().stream()).collect(Collectors.toSet());
            mismatches.putAll(SignatureCheck.compare(builds.reference(), builds.learnerRun(compiled.classes()).stream().map(java.nio.file.Path::of).toList(),
                    course.packageName() + "." + cls, contract));
        }
        Timing.mark("check: signatures compared");
        List<String> classpath = new ArrayList<>(builds.learnerRun(compiled.classes()));
        classpath.add(builds.officialTests().toString());
        List<RunSpec> runs = splitForSpeed("learner", classpath, steps);
        Timing.mark("check: official tests ready");
        List<RunSpec> all = new ArrayList<>(ahead);
        all.addAll(runs);
        RunResults results = runner.run(all, shards);
        if (!ahead.isEmpty()) {
            aheadResults = results;
        }
        Timing.mark("check: child JVM done");
        List<Verdicts.StepVerdict> verdicts = new ArrayList<>();
        for (Step s : steps) {
            verdicts.add(judge.stepVerdict(s, merged(results, runs), runErrors(results, runs), mismatches, true));
        }
        verdicts = judge.blocking(verdicts, builds::testReach);
        int passed = (int) verdicts.stream().filter(v -> v.status() == StepStatus.PASSED).count();
        return new Verdicts.Check("check", where, Verdicts.Compile.fine(), verdicts, passed, verdicts.size(),
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

    private static Map<String, TestResult> merged(RunResults results, List<RunSpec> runs) {
        Map<String, TestResult> all = new LinkedHashMap<>();
        runs.forEach(r -> all.putAll(results.of(r.id())));
        return all;
    }

    private static Reason runErrors(RunResults results, List<RunSpec> runs) {
        return runs.stream().map(r -> results.runError(r.id())).filter(java.util.Objects::nonNull).findFirst()
                .map(Reason::asIs).orElse(null);
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
        String where = Workspace.display(ws.testFile());
        CompileResult tests = builds.learnerTests(ws.testFile());
        if (!tests.ok()) {
            return new Verdicts.Mutants("mutants", where, compileVerdict(tests), List.of(), List.of(), List.of(), 0,
                    mutants.size(), Reason.of("next.fixTestCompile", where));
        }
        String testClass = course.packageName() + "." + course.learnerTestClass();
        if (!java.nio.file.Files.exists(tests.classes().resolve(testClass.replace('.', '/') + ".class"))) {
            return new Verdicts.Mutants("mutants", where, Verdicts.Compile.fine(), List.of(), List.of(), List.of(), 0,
                    mutants.size(), Reason.of("next.testClassMissing", where, testClass));
        }
        OnReference ref = onReference(tests, testClass);
        MutantPlan plan = plan(ws, mutants, tests, testClass, ref, firstKiller);
        RunResults results = ref.valid().isEmpty() ? new RunResults() : runner.run(plan.runs(), shards);
        timings(plan.runs(), results);
        Confirmed confirmed = confirm(mutants, plan, results, ref.valid(), firstKiller);
        return read(where, mutants, ref, plan, results, confirmed);
    }

    /**
     * The learner's tests on the reference: which are valid (they pass on every trial), the trials themselves, and
     * which valid test reaches which method.
     */
    private record OnReference(List<Verdicts.LearnerTest> tests, List<String> valid,
                               List<Map<String, TestResult>> trials, Map<String, List<String>> reached) {}

    /** The mutant runs to make, the mutants that cannot run and why, and the valid tests that reach each mutant. */
    private record MutantPlan(List<RunSpec> runs, Map<String, RunSpec> ownBuilds,
                              Map<String, MutantProblem.Unusable> unusable, Map<String, List<String>> reachedBy) {}

    /** What each mutant's run found once kills were reproduced, and the tests a later run on the reference voided. */
    private record Confirmed(Map<String, Map<String, TestResult>> onMutant, Map<String, List<String>> reproduced,
                             Set<String> voided) {}

    /** A kill that did not happen again when reproduced beside the reference: a flaky test, not a kill. */
    record FlakyKill(String test, String mutant) {}

    /**
     * First the reference: a test that fails there misreads the contract and counts for nothing, so only the valid
     * tests go on to the mutants (an endless invalid test then costs its time once, not once per mutant). Both
     * trials run in one child, one after the other: a test that remembers its earlier run in the JVM (a system
     * property, a file) then fails the second and is flaky, as it would be on the mutants.
     */
    private OnReference onReference(CompileResult tests, String testClass) {
        List<RunSpec> reference = referenceRun(tests, testClass);
        RunResults ref = aheadResults != null && aheadResults.hasRun("reference") ? aheadResults
                : runner.run(reference, 1);
        aheadResults = null;
        List<Map<String, TestResult>> refTrials = reference.stream().flatMap(r -> ref.trials(r.id()).stream())
                .map(trial -> trial.stream().collect(Collectors.toMap(TestResult::key, r -> r, (a, b) -> a))).toList();
        Map<String, List<String>> reached = reference.size() > 1 ? ref.reached(REACH) : null;
        List<Verdicts.LearnerTest> learnerTests = new ArrayList<>();
        List<String> valid = new ArrayList<>();
        for (TestResult t : ref.of("reference").values()) {
            Verdicts.LearnerTest judged = validity(t, refTrials);
            if (judged.valid()) {
                valid.add(t.key());
            }
            learnerTests.add(judged);
        }
        return new OnReference(learnerTests, valid, refTrials, reached);
    }

    /** One learner test as the reference's trials judge it: valid, flaky (passes on some trials), or invalid. */
    private Verdicts.LearnerTest validity(TestResult t, List<Map<String, TestResult>> refTrials) {
        long passes = refTrials.stream().filter(tr -> tr.containsKey(t.key())
                && tr.get(t.key()).status() == TestStatus.PASSED).count();
        boolean ok = passes == refTrials.size() && passes > 0;
        boolean flaky = !ok && passes > 0;
        TestResult failed = refTrials.stream().map(tr -> tr.get(t.key()))
                .filter(r -> r != null && r.status() != TestStatus.PASSED).findFirst().orElse(t);
        return new Verdicts.LearnerTest(t.key(), t.name(), ok, ok ? null
                : flaky ? Reason.of("mutants.flaky", passes, refTrials.size(), judge.detail(failed))
                : Reason.of("mutants.invalid", judge.detail(t)), t.millis());
    }

    /**
     * The runs for {@code mutants}: each mutant's own build (or why it has none), only where a valid test reaches its
     * change (a mutant no valid test reaches survives without a run), shared into one build where they can be; when
     * grading a class, each run stops at its first failure, cheapest tests of the mutant's step first.
     */
    private MutantPlan plan(Workspace ws, List<Mutant> mutants, CompileResult tests, String testClass, OnReference ref,
                            boolean firstKiller) {
        List<RunSpec> runs = new ArrayList<>();
        Map<String, MutantProblem.Unusable> unusable = new LinkedHashMap<>();
        Map<String, List<String>> reachedBy = new HashMap<>();
        for (Mutant m : mutants) {
            List<String> reaching = reaching(m, ref.valid(), ref.reached());
            reachedBy.put(m.id(), reaching);
            List<RunSpec> queued = new ArrayList<>();
            MutantProblem.Unusable problem = buildMutant(m, tests.classes().toString(), List.of(testClass), reaching, queued);
            if (problem != null) {
                unusable.put(m.id(), problem);
            } else if (!reaching.isEmpty()) {
                runs.addAll(queued);
            }
        }
        Map<String, RunSpec> ownBuilds = new HashMap<>();
        runs.forEach(r -> ownBuilds.put(r.id(), r));
        sharingOneBuild(ws, mutants, runs, tests.classes().toString());
        if (firstKiller) {
            Map<String, Mutant> byId = mutants.stream().collect(Collectors.toMap(Mutant::id, m -> m, (a, b) -> a));
            Map<String, Long> costs = costs(ref.trials());
            runs.replaceAll(r -> {
                Mutant m = byId.get(r.id());
                List<String> methods = course.steps().stream().filter(st -> st.number() == m.step())
                        .flatMap(st -> st.methods().stream()).map(x -> x.substring(x.lastIndexOf('.') + 1)).toList();
                return r.stoppingAtFirstFailure("step " + m.step(), methods, costs);
            });
        }
        return new MutantPlan(runs, ownBuilds, unusable, reachedBy);
    }

    /** Each kill reproduced beside the reference (and, grading a class, a second chance for the first killers). */
    private Confirmed confirm(List<Mutant> mutants, MutantPlan plan, RunResults results, List<String> valid,
                              boolean firstKiller) {
        Set<String> voided = new java.util.HashSet<>();
        Map<String, List<String>> reproduced = reproduce(mutants, plan.unusable(), plan.ownBuilds(), results, valid, voided);
        Map<String, Map<String, TestResult>> onMutant = new HashMap<>();
        mutants.forEach(m -> onMutant.put(m.id(), results.of(m.id())));
        if (firstKiller) {
            secondChance(mutants, plan.runs(), plan.ownBuilds(), onMutant, reproduced, plan.unusable(), valid, voided);
        }
        return new Confirmed(onMutant, reproduced, voided);
    }

    /** The verdict on every mutant and learner test from what the runs found: no run here, only reading. */
    Verdicts.Mutants read(String where, List<Mutant> mutants, OnReference ref, MutantPlan plan,
                                 RunResults results, Confirmed confirmed) {
        List<Verdicts.MutantVerdict> verdicts = new ArrayList<>();
        List<FlakyKill> flakyKills = new ArrayList<>();
        for (Mutant m : mutants) {
            verdicts.add(verdict(m, ref.valid(), plan, results, confirmed, flakyKills));
        }
        List<Verdicts.LearnerTest> learnerTests = flakyKills.isEmpty() ? ref.tests()
                : ref.tests().stream().map(t -> withFlakyKills(t, flakyKills, confirmed.voided())).toList();
        int killed = (int) verdicts.stream().filter(v -> v.status() == MutantStatus.KILLED).count();
        List<Verdicts.Unheld> unheld = unheld(mutants, verdicts);
        Reason next = learnerTests.isEmpty() ? Reason.of("next.writeTests", where)
                : killed == verdicts.size() ? Reason.of("next.allKilled")
                : unheld.isEmpty() ? Reason.of("next.killMore")
                : Reason.of("next.holdClause", unheld.get(0).step(), unheld.get(0).text());
        return new Verdicts.Mutants("mutants", where, Verdicts.Compile.fine(), learnerTests, verdicts, unheld, killed,
                verdicts.size(), next);
    }

    /** One mutant's verdict; a first kill that did not reproduce is noted in {@code flakyKills}, not counted. */
    private static Verdicts.MutantVerdict verdict(Mutant m, List<String> valid, MutantPlan plan, RunResults results,
                                                  Confirmed confirmed, List<FlakyKill> flakyKills) {
        MutantProblem.Unusable unusable = plan.unusable().get(m.id());
        if (unusable != null) {
            return new Verdicts.MutantVerdict(m.id(), m.step(), m.source(), m.description(), m.clauses(),
                    MutantStatus.ERROR, List.of(), null, unusable.reason(), unusable.problem());
        }
        Kills first = Kills.of(confirmed.onMutant().get(m.id()), valid);
        Kills kills = new Kills(first.by().stream().filter(k -> confirmed.reproduced().get(m.id()).contains(k)).toList(),
                first.kind());
        first.by().stream().filter(k -> !kills.by().contains(k)).forEach(k -> flakyKills.add(new FlakyKill(k, m.id())));
        String runError = results.runError(m.id());
        MutantStatus status = runError != null && kills.by().isEmpty() ? MutantStatus.ERROR
                : kills.by().isEmpty() ? MutantStatus.SURVIVED : MutantStatus.KILLED;
        return new Verdicts.MutantVerdict(m.id(), m.step(), m.source(), m.description(), m.clauses(), status,
                kills.by(), kills.kind(), Reason.asIsOrNone(runError),
                status == MutantStatus.ERROR ? MutantProblem.RUN_FAILED : null, plan.reachedBy().get(m.id()));
    }

    /** A learner test with what its kills that did not reproduce say about it (or that a later run voided it). */
    private static Verdicts.LearnerTest withFlakyKills(Verdicts.LearnerTest t, List<FlakyKill> flakyKills,
                                                       Set<String> voided) {
        if (voided.contains(t.id())) {
            return new Verdicts.LearnerTest(t.id(), t.name(), t.valid(), Reason.of("mutants.failsOnReferenceLater"),
                    t.millis());
        }
        List<String> on = flakyKills.stream().filter(f -> f.test().equals(t.id())).map(FlakyKill::mutant).toList();
        return on.isEmpty() ? t : new Verdicts.LearnerTest(t.id(), t.name(), t.valid(),
                Reason.of("mutants.flakyKill", String.join(", ", on)), t.millis());
    }

    /**
     * Per test method, the fewest milliseconds its runs on the reference took (the first run also warms the JIT; all
     * invocations of a parameterized test together), so the quick tests can go first on the mutants.
     */
    private static Map<String, Long> costs(List<Map<String, TestResult>> refTrials) {
        Map<String, Long> out = new HashMap<>();
        for (Map<String, TestResult> trial : refTrials) {
            Map<String, Long> sum = new HashMap<>();
            trial.values().forEach(t -> sum.merge(workbook.child.wire.Event.family(t.method()), t.millis(), Long::sum));
            sum.forEach((k, v) -> out.merge(k, v, Math::min));
        }
        return out;
    }

    /**
     * A run that stops at its first failure gives each mutant one killer. When that kill does not hold up (the test
     * passed when run again, or failed beside the reference), the mutant's other tests get their turn, on its own
     * build: one flaky test must not cost the learner a mutant their other tests kill.
     */
    private void secondChance(List<Mutant> mutants, List<RunSpec> runs, Map<String, RunSpec> ownBuilds,
                              Map<String, Map<String, TestResult>> onMutant, Map<String, List<String>> reproduced,
                              Map<String, MutantProblem.Unusable> unusable, List<String> valid, Set<String> voided) {
        List<RunSpec> more = new ArrayList<>();
        List<Mutant> again = new ArrayList<>();
        Map<String, RunSpec> plannedRuns = new HashMap<>();
        runs.forEach(r -> plannedRuns.put(r.id(), r));
        for (Mutant m : mutants) {
            RunSpec own = ownBuilds.get(m.id());
            RunSpec planned = plannedRuns.get(m.id());
            if (unusable.containsKey(m.id()) || !reproduced.get(m.id()).isEmpty() || own == null || planned == null
                    || planned.only().isEmpty()) {
                continue;
            }
            List<String> failed = Kills.of(onMutant.get(m.id()), valid).by();
            List<String> rest = planned.only().stream().filter(k -> !failed.contains(k) && !voided.contains(k)).toList();
            if (failed.isEmpty() || rest.isEmpty()) {
                continue;
            }
            more.add(new RunSpec(m.id(), own.classpath(), own.testClasses(), rest, 1)
                    .stoppingAtFirstFailure(planned.group(), planned.likely(), planned.costs()));
            again.add(m);
        }
        if (more.isEmpty()) {
            return;
        }
        Timing.mark("mutants: a second chance for " + more.size() + " whose first kill did not hold up");
        RunResults second = runner.run(more, shards);
        Map<String, RunSpec> secondBuilds = new HashMap<>();
        more.forEach(r -> secondBuilds.put(r.id(), r));
        Map<String, List<String>> confirmed = reproduce(again, unusable, secondBuilds, second, valid, voided);
        for (Mutant m : again) {
            Map<String, TestResult> merged = new LinkedHashMap<>(onMutant.get(m.id()));
            merged.putAll(second.of(m.id()));
            onMutant.put(m.id(), merged);
            reproduced.put(m.id(), confirmed.get(m.id()));
        }
    }

    /** With {@code -Dworkbook.timing=true}: per mutant, the tests that ran, their outcomes and their milliseconds. */
    private static void timings(List<RunSpec> runs, RunResults results) {
        if (!Boolean.getBoolean("workbook.timing")) {
            return;
        }
        for (RunSpec r : runs) {
            List<TestResult> ran = results.of(r.id()).values().stream().filter(x -> x.status() != TestStatus.SKIPPED).toList();
            Timing.mark("mutant " + r.id() + ": " + ran.size() + " ran, " + ran.stream().mapToLong(TestResult::millis).sum()
                    + " ms in tests; " + ran.stream().map(x -> x.method() + "=" + x.status() + ":" + x.millis())
                    .collect(Collectors.joining(" ")));
        }
    }

    /**
     * The mutants' runs on one shared build where it can be ({@link Builds#schemata}): their classes then load and warm
     * up once per child, not once per mutant. Not when the learner's tests keep static state, which one mutant's run
     * could leave to the next. Kills found there are confirmed on each mutant's own build ({@link #reproduce}).
     */
    private void sharingOneBuild(Workspace ws, List<Mutant> mutants, List<RunSpec> runs, String testClasses) {
        String tests;
        try {
            tests = workbook.workspace.SourceText.read(ws.testFile()).text();
        } catch (java.io.IOException e) {
            return;
        }
        if (runs.size() < 2 || workbook.compile.MethodBodies.keepsStaticState(tests)) {
            return;
        }
        builds.schemata(mutants).ifPresent(shared -> {
            List<String> classpath = List.of(shared.classes().toString(), testClasses);
            runs.replaceAll(r -> shared.variants().containsKey(r.id()) ? r.asVariant(classpath, shared.variants().get(r.id())) : r);
            Timing.mark("mutants: " + runs.stream().filter(r -> r.variant() > 0).count() + " of " + runs.size()
                    + " runs share one build");
        });
    }

    /**
     * The valid tests that can reach {@code m}'s change: those that entered one of the method bodies it changes, on the
     * instrumented reference. A test that never enters them runs on the mutant exactly as on the reference and cannot
     * kill it, so it is not run there. All valid tests when that is not known (no instrumented run, or a change outside
     * the bodies).
     */
    private List<String> reaching(Mutant m, List<String> valid, Map<String, List<String>> reached) {
        if (reached == null) {
            return valid;
        }
        java.util.Optional<Set<String>> changed;
        try {
            changed = builds.changedBy(m);
        } catch (Mutant.NotApplicable e) {
            return valid;
        }
        if (changed.isEmpty()) {
            return valid;
        }
        return valid.stream().filter(t -> reached.getOrDefault(t, List.of()).stream().anyMatch(changed.get()::contains)).toList();
    }

    /**
     * Every kill is run once more, the killing tests only, and beside it the same tests on the reference; all of these
     * runs in one child, in a secret random order, so a test cannot tell a mutant's run from the reference's. A kill
     * counts when its test fails again on the mutant and passes on the reference. A test that fails on any of the
     * reference's runs there depends on what ran before it in the JVM (a file it left, a property, a clock, a count of
     * loaded classes), not on the code under test: none of its kills counts. Returns, per mutant, the kills that count;
     * {@code voided} gets the tests whose kills all went.
     */
    private Map<String, List<String>> reproduce(List<Mutant> mutants, Map<String, MutantProblem.Unusable> unusable,
                                                Map<String, RunSpec> ownBuilds, RunResults results, List<String> valid,
                                                Set<String> voided) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        List<RunSpec> again = new ArrayList<>();
        List<RunSpec> pairs = new ArrayList<>();
        for (Mutant m : mutants) {
            out.put(m.id(), List.of());
            if (unusable.containsKey(m.id())) {
                continue;
            }
            List<String> killers = Kills.of(results.of(m.id()), valid).by();
            RunSpec first = ownBuilds.get(m.id()); // the mutant's own build, never the shared one
            if (!killers.isEmpty() && first != null) {
                again.add(new RunSpec(m.id() + "~again", first.classpath(), first.testClasses(), killers, 1));
                List<String> onReference = new ArrayList<>(first.classpath());
                onReference.set(0, builds.reference().toString());
                pairs.add(new RunSpec(m.id() + "~pair", onReference, first.testClasses(), killers, 1));
            }
        }
        if (again.isEmpty()) {
            return out;
        }
        List<RunSpec> all = new ArrayList<>(again);
        all.addAll(pairs);
        java.util.Collections.shuffle(all, new java.security.SecureRandom());
        RunResults second = runner.run(all, 1);
        for (RunSpec r : pairs) {
            second.of(r.id()).values().stream().filter(t -> t.status() != TestStatus.PASSED && r.only().contains(t.key()))
                    .forEach(t -> voided.add(t.key()));
            r.only().stream().filter(k -> !second.of(r.id()).containsKey(k)).forEach(voided::add); // never ran: unproven
        }
        for (RunSpec r : again) {
            String id = r.id().substring(0, r.id().length() - "~again".length());
            out.put(id, Kills.of(second.of(r.id()), r.only()).by().stream().filter(k -> !voided.contains(k)).toList());
        }
        return out;
    }

    /** The clauses of the mutants that survived, each once, in step and lesson order. */
    private List<Verdicts.Unheld> unheld(List<Mutant> mutants, List<Verdicts.MutantVerdict> verdicts) {
        Set<String> open = new java.util.HashSet<>();
        for (int i = 0; i < mutants.size(); i++) {
            if (verdicts.get(i).status() == MutantStatus.SURVIVED) {
                Mutant m = mutants.get(i);
                m.clauses().forEach(c -> open.add(m.step() + "/" + c));
            }
        }
        return course.steps().stream().flatMap(s -> s.clauses().stream()).filter(c -> open.contains(c.key()))
                .map(c -> new Verdicts.Unheld(c.step(), c.id(), c.text())).toList();
    }

    /** Compiles a mutant and queues its run; returns why it cannot run, or null. */
    MutantProblem.Unusable buildMutant(Mutant m, String testClasses, List<String> classes, List<String> only,
                                       List<RunSpec> runs) {
        try {
            CompileResult c = builds.mutant(m);
            if (!c.ok()) {
                return new MutantProblem.Unusable(MutantProblem.DOES_NOT_COMPILE, Reason.of("mutant.doesNotCompile", m.id(),
                        c.diagnostics().stream().map(SourceDiagnostic::message).findFirst().orElse("")));
            }
            runs.add(new RunSpec(m.id(), List.of(c.classes().toString(), testClasses), classes, only, 1));
            return null;
        } catch (Mutant.NotApplicable e) {
            return new MutantProblem.Unusable(MutantProblem.NOT_APPLICABLE, Reason.of("mutant.notApplicable", m.id(), e.count()));
        }
    }

    String idOf(String key) {
        return course.tests().stream().filter(t -> t.key().equals(key)).map(OfficialTest::id).findFirst().orElse(key);
    }


    /** The instructor's check of the whole lab (see {@link Auditor}). */
    public Verdicts.Audit audit() {
        return new Auditor(this, builds, runner, shards, judge).audit();
    }

    private Verdicts.Compile compileVerdict(CompileResult r) {
        return new Verdicts.Compile(false, r.diagnostics().stream().map(d -> new SourceDiagnostic(
                workbook.workspace.Workspace.display(java.nio.file.Path.of(d.file())), d.line(), d.column(), d.message())).toList());
    }
}
