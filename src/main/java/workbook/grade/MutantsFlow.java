package workbook.grade;

import workbook.verdict.MutantProblem;
import workbook.verdict.MutantStatus;
import workbook.verdict.Reason;
import workbook.verdict.Verdicts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import workbook.catalogue.Clause;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;
import workbook.child.wire.RunSpec;
import workbook.compile.CompileResult;
import workbook.run.Timing;
import workbook.run.ChildRunner;
import workbook.run.RunResults;
import workbook.run.TestResult;
import workbook.child.wire.TestStatus;
import workbook.workspace.Workspace;

/**
 * The {@code mutants} verdict: the learner's own tests on the reference ({@link #onReference}), then on every mutant.
 * Reads as its flow: {@link #plan} → {@link #run} → {@link #read}, where {@code read} runs nothing.
 */
final class MutantsFlow {
    /** The run of the learner's tests on the reference, and on the instrumented reference (see {@link Builds#reachingReference}). */
    static final String REFERENCE = "reference";
    static final String REACH = "reference~reach";

    private final Builds builds;
    private final Course course;
    private final ChildRunner runner;
    private final int shards;
    private final StepJudge judge;

    MutantsFlow(Builds builds, ChildRunner runner, int shards, StepJudge judge) {
        this.builds = builds;
        this.course = builds.course();
        this.runner = runner;
        this.shards = shards;
        this.judge = judge;
    }

    /**
     * The learner's tests run on the reference ahead of this flow, in another flow's child (a check's): the runs and
     * what they found. {@link #NONE}: nothing ran ahead, this flow runs the reference itself.
     */
    record Ahead(List<RunSpec> runs, RunResults results) {
        static final Ahead NONE = new Ahead(List.of(), new RunResults());

        boolean ran() {
            return !runs.isEmpty() && results.hasRun(REFERENCE);
        }
    }

    /**
     * The runs of the learner's tests on the reference this flow would make, for another flow's child to run ahead;
     * none when the tests do not compile or lack their class (this flow then says so itself).
     */
    List<RunSpec> referenceRuns(Workspace ws) {
        if (!java.nio.file.Files.isRegularFile(ws.testFile())) {
            return List.of();
        }
        CompileResult tests = builds.learnerTests(ws.testFile());
        String testClass = testClass();
        return tests.ok() && hasClass(tests, testClass) ? referenceRuns(tests, testClass) : List.of();
    }

    private String testClass() {
        return course.packageName() + "." + course.learnerTestClass();
    }

    private static boolean hasClass(CompileResult tests, String testClass) {
        return java.nio.file.Files.exists(tests.classes().resolve(testClass.replace('.', '/') + ".class"));
    }

    /**
     * The learner's tests on the reference, twice: a test that passes only sometimes (a coin flip, a clock, a race) is
     * flaky, not valid. The second time on the instrumented reference when it builds, so the same run also says which
     * methods each test reaches; each in a class loader of its own.
     */
    private List<RunSpec> referenceRuns(CompileResult tests, String testClass) {
        String classes = tests.classes().toString();
        java.util.Optional<java.nio.file.Path> reaching = builds.reachingReference();
        if (reaching.isEmpty()) {
            return List.of(new RunSpec(REFERENCE, List.of(builds.reference().toString(), classes), List.of(testClass), List.of(), 2));
        }
        return List.of(new RunSpec(REFERENCE, List.of(builds.reference().toString(), classes), List.of(testClass), List.of(), 1),
                new RunSpec(REACH, List.of(reaching.get().toString(), classes), List.of(testClass), List.of(), 1));
    }

    /**
     * Runs the learner's own tests on the reference (validity), or reads them from {@code ahead}, and on every mutant in
     * {@code mutants}.
     *
     * @param firstKiller each mutant's run ends at its first failing test (grading a class: a mutant is killed or
     *                    not, and one killer says so); otherwise every valid test runs on every mutant
     */
    Verdicts.Mutants mutants(Workspace ws, List<Mutant> mutants, boolean firstKiller, Ahead ahead) {
        String where = Workspace.display(ws.testFile());
        CompileResult tests = builds.learnerTests(ws.testFile());
        if (!tests.ok()) {
            return new Verdicts.Mutants("mutants", where, Builds.compileVerdict(tests), List.of(), List.of(), List.of(), 0,
                    mutants.size(), Reason.of("next.fixTestCompile", where));
        }
        String testClass = testClass();
        if (!hasClass(tests, testClass)) {
            return new Verdicts.Mutants("mutants", where, Verdicts.Compile.fine(), List.of(), List.of(), List.of(), 0,
                    mutants.size(), Reason.of("next.testClassMissing", where, testClass));
        }
        OnReference ref = onReference(tests, testClass, ahead);
        Plan plan = plan(ws, where, mutants, tests, testClass, ref, firstKiller);
        return read(plan, run(plan));
    }

    /**
     * The learner's tests on the reference: which are valid (they pass on every trial), the trials themselves, and
     * which valid test reaches which method.
     */
    record OnReference(List<Verdicts.LearnerTest> tests, List<String> valid,
                       List<Map<String, TestResult>> trials, Map<String, List<String>> reached) {}

    /**
     * A mutants run: where the tests are, the mutants, the learner's tests on the reference, the runs to make (a mutant
     * without one survives or cannot run), each mutant's own build, the mutants that cannot run and why, the valid
     * tests that reach each mutant, whether each run stops at its first kill, and the lab's clauses in lesson order.
     */
    record Plan(String where, List<Mutant> mutants, OnReference ref, List<RunSpec> runs, Map<String, RunSpec> ownBuilds,
                Map<String, MutantProblem.Unusable> unusable, Map<String, List<String>> reachedBy,
                boolean firstKiller, List<Clause> clauses) {}

    /**
     * What the runs found: each mutant's results once kills were reproduced, the kills that held up, the tests a later
     * run on the reference voided, and why a mutant's run failed as a whole (by mutant id; absent when it did not).
     */
    record Results(Map<String, Map<String, TestResult>> onMutant, Map<String, List<String>> reproduced,
                   Set<String> voided, Map<String, String> runErrors) {}

    /** A kill that did not happen again when reproduced beside the reference: a flaky test, not a kill. */
    record FlakyKill(String test, String mutant) {}

    /**
     * First the reference: a test that fails there misreads the contract and counts for nothing, so only the valid
     * tests go on to the mutants (an endless invalid test then costs its time once, not once per mutant). Both
     * trials run in one child, one after the other: a test that remembers its earlier run in the JVM (a system
     * property, a file) then fails the second and is flaky, as it would be on the mutants. A check that ran them
     * ahead ({@code ahead}) saves that child.
     */
    private OnReference onReference(CompileResult tests, String testClass, Ahead ahead) {
        List<RunSpec> reference = ahead.ran() ? ahead.runs() : referenceRuns(tests, testClass);
        RunResults ref = ahead.ran() ? ahead.results() : runner.run(reference, 1);
        List<Map<String, TestResult>> refTrials = reference.stream().flatMap(r -> ref.trials(r.id()).stream())
                .map(trial -> trial.stream().collect(Collectors.toMap(TestResult::key, r -> r, (a, b) -> a))).toList();
        Map<String, List<String>> reached = reference.size() > 1 ? ref.reached(REACH) : null;
        List<Verdicts.LearnerTest> learnerTests = new ArrayList<>();
        List<String> valid = new ArrayList<>();
        for (TestResult t : ref.of(REFERENCE).values()) {
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
    private Plan plan(Workspace ws, String where, List<Mutant> mutants, CompileResult tests, String testClass,
                      OnReference ref, boolean firstKiller) {
        List<RunSpec> runs = new ArrayList<>();
        Map<String, MutantProblem.Unusable> unusable = new LinkedHashMap<>();
        Map<String, List<String>> reachedBy = new HashMap<>();
        for (Mutant m : mutants) {
            List<String> reaching = reaching(m, ref.valid(), ref.reached());
            reachedBy.put(m.id(), reaching);
            List<RunSpec> queued = new ArrayList<>();
            MutantProblem.Unusable problem = builds.buildMutant(m, tests.classes().toString(), List.of(testClass), reaching, queued);
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
            stoppingAtFirstKill(mutants, runs, ref);
        }
        List<Clause> clauses = course.steps().stream().flatMap(s -> s.clauses().stream()).toList();
        return new Plan(where, mutants, ref, runs, ownBuilds, unusable, reachedBy, firstKiller, clauses);
    }

    /** Each run stops at its first failure, the quickest tests of the mutant's step's methods first. */
    private void stoppingAtFirstKill(List<Mutant> mutants, List<RunSpec> runs, OnReference ref) {
        Map<String, Mutant> byId = mutants.stream().collect(Collectors.toMap(Mutant::id, m -> m, (a, b) -> a));
        Map<String, Long> costs = costs(ref.trials());
        runs.replaceAll(r -> {
            Mutant m = byId.get(r.id());
            List<String> methods = course.steps().stream().filter(st -> st.number() == m.step())
                    .flatMap(st -> st.methods().stream()).map(x -> x.substring(x.lastIndexOf('.') + 1)).toList();
            return r.stoppingAtFirstFailure("step " + m.step(), methods, costs);
        });
    }

    /**
     * Every mutant's run (none when no test is valid), then each kill reproduced beside the reference and, grading a
     * class, a second chance for the first killers whose kill did not hold up.
     */
    private Results run(Plan plan) {
        RunResults results = plan.ref().valid().isEmpty() ? new RunResults() : runner.run(plan.runs(), shards);
        timings(plan.runs(), results);
        List<String> valid = plan.ref().valid();
        Set<String> voided = new java.util.HashSet<>();
        Map<String, List<String>> reproduced = reproduce(plan.mutants(), plan.unusable(), plan.ownBuilds(), results, valid, voided);
        Map<String, Map<String, TestResult>> onMutant = new HashMap<>();
        Map<String, String> runErrors = new HashMap<>();
        for (Mutant m : plan.mutants()) {
            onMutant.put(m.id(), results.of(m.id()));
            if (results.runError(m.id()) != null) {
                runErrors.put(m.id(), results.runError(m.id()));
            }
        }
        if (plan.firstKiller()) {
            secondChance(plan, onMutant, reproduced, voided);
        }
        return new Results(onMutant, reproduced, voided, runErrors);
    }

    /** The verdict on every mutant and learner test from what the runs found: no run here, only reading. */
    static Verdicts.Mutants read(Plan plan, Results results) {
        List<Verdicts.MutantVerdict> verdicts = new ArrayList<>();
        List<FlakyKill> flakyKills = new ArrayList<>();
        for (Mutant m : plan.mutants()) {
            verdicts.add(verdict(m, plan, results, flakyKills));
        }
        List<Verdicts.LearnerTest> learnerTests = flakyKills.isEmpty() ? plan.ref().tests()
                : plan.ref().tests().stream().map(t -> withFlakyKills(t, flakyKills, results.voided())).toList();
        int killed = (int) verdicts.stream().filter(v -> v.status() == MutantStatus.KILLED).count();
        List<Verdicts.Unheld> unheld = unheld(plan, verdicts);
        String where = plan.where();
        Reason next = learnerTests.isEmpty() ? Reason.of("next.writeTests", where)
                : killed == verdicts.size() ? Reason.of("next.allKilled")
                : unheld.isEmpty() ? Reason.of("next.killMore")
                : Reason.of("next.holdClause", unheld.get(0).step(), unheld.get(0).text());
        return new Verdicts.Mutants("mutants", where, Verdicts.Compile.fine(), learnerTests, verdicts, unheld, killed,
                verdicts.size(), next);
    }

    /** One mutant's verdict; a first kill that did not reproduce is noted in {@code flakyKills}, not counted. */
    private static Verdicts.MutantVerdict verdict(Mutant m, Plan plan, Results results, List<FlakyKill> flakyKills) {
        MutantProblem.Unusable unusable = plan.unusable().get(m.id());
        if (unusable != null) {
            return new Verdicts.MutantVerdict(m.id(), m.step(), m.source(), m.description(), m.clauses(),
                    MutantStatus.ERROR, List.of(), null, unusable.reason(), unusable.problem());
        }
        Kills first = Kills.of(results.onMutant().get(m.id()), plan.ref().valid());
        Kills kills = new Kills(first.by().stream().filter(k -> results.reproduced().get(m.id()).contains(k)).toList(),
                first.kind());
        first.by().stream().filter(k -> !kills.by().contains(k)).forEach(k -> flakyKills.add(new FlakyKill(k, m.id())));
        String runError = results.runErrors().get(m.id());
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

    /** The clauses of the mutants that survived, each once, in step and lesson order. */
    private static List<Verdicts.Unheld> unheld(Plan plan, List<Verdicts.MutantVerdict> verdicts) {
        Set<String> open = new java.util.HashSet<>();
        for (int i = 0; i < plan.mutants().size(); i++) {
            if (verdicts.get(i).status() == MutantStatus.SURVIVED) {
                Mutant m = plan.mutants().get(i);
                m.clauses().forEach(c -> open.add(m.step() + "/" + c));
            }
        }
        return plan.clauses().stream().filter(c -> open.contains(c.key()))
                .map(c -> new Verdicts.Unheld(c.step(), c.id(), c.text())).toList();
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
    private void secondChance(Plan plan, Map<String, Map<String, TestResult>> onMutant,
                              Map<String, List<String>> reproduced, Set<String> voided) {
        List<RunSpec> more = new ArrayList<>();
        List<Mutant> again = new ArrayList<>();
        Map<String, RunSpec> plannedRuns = new HashMap<>();
        plan.runs().forEach(r -> plannedRuns.put(r.id(), r));
        for (Mutant m : plan.mutants()) {
            RunSpec own = plan.ownBuilds().get(m.id());
            RunSpec planned = plannedRuns.get(m.id());
            if (plan.unusable().containsKey(m.id()) || !reproduced.get(m.id()).isEmpty() || own == null || planned == null
                    || planned.only().isEmpty()) {
                continue;
            }
            List<String> failed = Kills.of(onMutant.get(m.id()), plan.ref().valid()).by();
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
        Map<String, List<String>> confirmed = reproduce(again, plan.unusable(), secondBuilds, second, plan.ref().valid(), voided);
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
}
