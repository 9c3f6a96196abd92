package workbook.grade;

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
import workbook.child.RunSpec;
import workbook.compile.CompileResult;
import workbook.compile.SignatureCheck;
import workbook.compile.SourceDiagnostic;
import workbook.report.Messages;
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
    private final Messages msg;
    private final int shards;

    public Grader(Builds builds, ChildRunner runner, Messages msg, int shards) {
        this.builds = builds;
        this.course = builds.course();
        this.runner = runner;
        this.msg = msg;
        this.shards = shards;
    }

    /** Warms the compiler on the learner's file (watch mode: the first save should be as quick as the tenth). */
    public void warmUp(Workspace ws) {
        for (int i = 0; i < 4; i++) {
            builds.warmUp(ws.learnerFiles());
        }
    }

    /** Stops the child JVMs kept warm for this grader (watch mode). */
    public void shutdown() {
        runner.close();
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
            List<Verdicts.StepVerdict> broken = steps.stream().map(s -> new Verdicts.StepVerdict(s.number(), s.slug(),
                    s.title().in(msg.lang()), StepStatus.ERROR, msg.get("check.compileError"), List.of())).toList();
            return new Verdicts.Check("check", where, compileVerdict(compiled), broken, 0, steps.size(),
                    msg.get("next.fixCompile", where));
        }
        // Each learner class against the reference's: the methods its steps are about, and its nested records.
        Map<String, SignatureCheck.Mismatch> mismatches = new LinkedHashMap<>();
        for (String cls : course.learnerClasses()) {
            Set<String> contract = course.steps().stream()
                    .filter(st -> cls.equals(st.file() == null ? course.learnerClass() : st.file()))
                    .flatMap(st -> st.methods().stream()).collect(Collectors.toSet());
            mismatches.putAll(SignatureCheck.compare(builds.reference(), compiled.classes(),
                    course.packageName() + "." + cls, contract));
        }
        Timing.mark("check: signatures compared");
        List<RunSpec> runs = splitForSpeed("learner", List.of(compiled.classes().toString(),
                builds.officialTests().toString()), steps);
        Timing.mark("check: official tests ready");
        RunResults results = runner.run(runs, shards);
        Timing.mark("check: child JVM done");
        List<Verdicts.StepVerdict> verdicts = new ArrayList<>();
        for (Step s : steps) {
            verdicts.add(stepVerdict(s, merged(results, runs), runErrors(results, runs), mismatches, true));
        }
        int passed = (int) verdicts.stream().filter(v -> v.status() == StepStatus.PASSED).count();
        return new Verdicts.Check("check", where, Verdicts.Compile.fine(), verdicts, passed, verdicts.size(),
                nextAfterCheck(verdicts));
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

    private static String runErrors(RunResults results, List<RunSpec> runs) {
        return runs.stream().map(r -> results.runError(r.id())).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /** Runs the learner's own tests on the reference (validity) and on every mutant in {@code mutants}. */
    public Verdicts.Mutants mutants(Workspace ws, List<Mutant> mutants) {
        String where = Workspace.display(ws.testFile());
        CompileResult tests = builds.learnerTests(ws.testFile());
        if (!tests.ok()) {
            return new Verdicts.Mutants("mutants", where, compileVerdict(tests), List.of(), List.of(), List.of(), 0,
                    mutants.size(), msg.get("next.fixTestCompile", where));
        }
        String testClass = course.packageName() + "." + course.learnerTestClass();
        if (!java.nio.file.Files.exists(tests.classes().resolve(testClass.replace('.', '/') + ".class"))) {
            return new Verdicts.Mutants("mutants", where, Verdicts.Compile.fine(), List.of(), List.of(), List.of(), 0,
                    mutants.size(), msg.get("next.testClassMissing", where, testClass));
        }
        // First the reference: a test that fails there misreads the contract and counts for nothing, so only the
        // valid tests go on to the mutants (an endless invalid test then costs its time once, not once per mutant).
        Map<String, TestResult> onReference = runner.run(List.of(RunSpec.of("reference",
                List.of(builds.reference().toString(), tests.classes().toString()), List.of(testClass))), shards).of("reference");
        List<Verdicts.LearnerTest> learnerTests = new ArrayList<>();
        List<String> valid = new ArrayList<>();
        for (TestResult t : onReference.values()) {
            boolean ok = t.status() == TestStatus.PASSED;
            if (ok) {
                valid.add(t.key());
            }
            learnerTests.add(new Verdicts.LearnerTest(t.key(), t.name(), ok, ok ? null : msg.get("mutants.invalid", detail(t))));
        }
        List<RunSpec> runs = new ArrayList<>();
        Map<String, String> unusable = new LinkedHashMap<>();
        for (Mutant m : mutants) {
            String problem = buildMutant(m, tests.classes().toString(), List.of(testClass), valid, runs);
            if (problem != null) {
                unusable.put(m.id(), problem);
            }
        }
        RunResults results = valid.isEmpty() ? new RunResults() : runner.run(runs, shards);
        List<Verdicts.MutantVerdict> verdicts = new ArrayList<>();
        for (Mutant m : mutants) {
            if (unusable.containsKey(m.id())) {
                verdicts.add(new Verdicts.MutantVerdict(m.id(), m.step(), m.source(), m.description().in(msg.lang()),
                        m.clauses(), MutantStatus.ERROR, List.of(), null, unusable.get(m.id())));
                continue;
            }
            Kills kills = kills(results.of(m.id()), valid);
            String runError = results.runError(m.id());
            MutantStatus status = runError != null && kills.by.isEmpty() ? MutantStatus.ERROR
                    : kills.by.isEmpty() ? MutantStatus.SURVIVED : MutantStatus.KILLED;
            verdicts.add(new Verdicts.MutantVerdict(m.id(), m.step(), m.source(), m.description().in(msg.lang()),
                    m.clauses(), status, kills.by, kills.kind, runError));
        }
        int killed = (int) verdicts.stream().filter(v -> v.status() == MutantStatus.KILLED).count();
        List<Verdicts.Unheld> unheld = unheld(mutants, verdicts);
        String next = learnerTests.isEmpty() ? msg.get("next.writeTests", where)
                : killed == verdicts.size() ? msg.get("next.allKilled")
                : unheld.isEmpty() ? msg.get("next.killMore")
                : msg.get("next.holdClause", unheld.get(0).step(), unheld.get(0).text());
        return new Verdicts.Mutants("mutants", where, Verdicts.Compile.fine(), learnerTests, verdicts, unheld, killed,
                verdicts.size(), next);
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
                .map(c -> new Verdicts.Unheld(c.step(), c.id(), c.text().in(msg.lang()))).toList();
    }

    /** The instructor's check of the whole lab. */
    public Verdicts.Audit audit() {
        long started = System.nanoTime();
        List<String> problems = new ArrayList<>();
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
            problems.add(msg.get("audit.exampleTestsDoNotCompile", exampleTests.diagnostics()));
        }
        // A mutant changes one step's method, so its own step's tests are where a killer must be. Race tests are slow
        // and only matter for concurrency mutants: those run their step's every test and then its race tests again in
        // trials; the others run every test of their step but the race tests.
        Map<String, String> unusable = new LinkedHashMap<>();
        for (Mutant m : course.mutants()) {
            Step own = course.step(m.step()).orElse(null);
            if (own == null) {
                continue; // the lint names it
            }
            List<String> ownClasses = builds.testClassNames(List.of(own));
            List<String> ownRace = own.tests().stream().filter(OfficialTest::race).map(OfficialTest::key).toList();
            List<String> ownCalm = own.tests().stream().filter(t -> !t.race()).map(OfficialTest::key).toList();
            boolean race = m.trials() > 0 && !ownRace.isEmpty();
            String problem = buildMutant(m, tests, ownClasses, race ? List.of() : ownCalm, runs);
            if (problem != null) {
                unusable.put(m.id(), problem);
            } else if (race) {
                RunSpec plain = runs.get(runs.size() - 1);
                runs.add(new RunSpec(m.id() + "~race", plain.classpath(), ownClasses, ownRace, m.trials()));
            }
        }
        RunResults results = runner.run(runs, shards);

        // The reference: every official test passes, and every race trial too.
        List<Verdicts.TestVerdict> refTests = new ArrayList<>();
        Map<String, TestResult> onReference = results.of("reference");
        for (Step s : steps) {
            refTests.addAll(stepVerdict(s, onReference, results.runError("reference"), Map.of(), false).tests());
        }
        refTests.stream().filter(t -> t.status() != TestOutcome.PASSED)
                .forEach(t -> problems.add(msg.get("audit.referenceFails", t.id(), t.message())));
        List<List<TestResult>> refTrials = results.trials("reference~race");
        long refRaceFailures = refTrials.stream().filter(trial -> trial.stream().anyMatch(r -> r.status() != TestStatus.PASSED)).count();
        if (!raceKeys.isEmpty() && (refRaceFailures > 0 || refTrials.size() < course.raceTrials())) {
            problems.add(msg.get("audit.referenceRaceFails", refRaceFailures, refTrials.size()));
        }
        consistency(onReference, problems);
        StepStatus refStatus = refTests.stream().allMatch(t -> t.status() == TestOutcome.PASSED) && refRaceFailures == 0
                ? StepStatus.PASSED : StepStatus.FAILED;

        // The skeleton: every step is not started.
        List<Verdicts.SkeletonStep> skeletonSteps = new ArrayList<>();
        for (Step s : steps) {
            Verdicts.StepVerdict v = stepVerdict(s, results.of("skeleton"), results.runError("skeleton"), Map.of(), false);
            skeletonSteps.add(new Verdicts.SkeletonStep(s.number(), v.status()));
            if (v.status() != StepStatus.NOT_STARTED) {
                problems.add(msg.get("audit.skeletonStarted", s.number(), v.status()));
            }
        }
        results.of("skeleton-tests").values().stream().filter(t -> t.status() != TestStatus.PASSED)
                .forEach(t -> problems.add(msg.get("audit.exampleTestInvalid", t.key(), detail(t))));

        // Every mutant: killed by a named official test; worksheet mutants subtle; race mutants caught in trials.
        List<String> valid = onReference.values().stream().filter(t -> t.status() == TestStatus.PASSED).map(TestResult::key).toList();
        List<Verdicts.AuditMutant> mutants = new ArrayList<>();
        for (Mutant m : course.mutants()) {
            if (unusable.containsKey(m.id())) {
                problems.add(unusable.get(m.id()));
                mutants.add(new Verdicts.AuditMutant(m.id(), m.step(), m.source(), MutantStatus.ERROR, List.of(), null, false, 0, 0));
                continue;
            }
            Map<String, TestResult> on = results.of(m.id());
            Kills kills = kills(on, valid);
            for (List<TestResult> trial : results.trials(m.id() + "~race")) {
                kills = kills.and(kills(trial.stream().collect(Collectors.toMap(TestResult::key, r -> r, (a, b) -> a)), valid));
            }
            boolean subtle = course.step(m.step()).map(s -> s.tests().stream().filter(OfficialTest::happy)
                    .allMatch(t -> on.containsKey(t.key()) && on.get(t.key()).status() == TestStatus.PASSED)
                    && s.tests().stream().anyMatch(OfficialTest::happy)).orElse(false);
            int trials = 0;
            int detected = 0;
            if (m.trials() > 0) {
                List<List<TestResult>> t = results.trials(m.id() + "~race");
                trials = t.size();
                detected = (int) t.stream().filter(trial -> trial.stream().anyMatch(r -> r.status() != TestStatus.PASSED)).count();
                if (trials < m.trials() || detected < Math.ceil(m.detect() * m.trials())) {
                    problems.add(msg.get("audit.raceRarelyDetected", m.id(), detected, trials, (int) Math.ceil(m.detect() * m.trials())));
                }
            }
            MutantStatus status = kills.by.isEmpty()
                    ? (results.runError(m.id()) != null ? MutantStatus.ERROR : MutantStatus.SURVIVED) : MutantStatus.KILLED;
            if (status != MutantStatus.KILLED) {
                problems.add(msg.get("audit.mutantSurvived", m.id(), status.wire()));
            }
            if (!subtle) {
                problems.add(msg.get("audit.notSubtle", m.id(), m.step()));
            }
            mutants.add(new Verdicts.AuditMutant(m.id(), m.step(), m.source(), status, kills.by.stream()
                    .map(this::idOf).toList(), kills.kind, subtle, trials, detected));
        }
        List<Verdicts.ClauseRow> clauses = clauseMatrix(mutants, problems);
        long millis = (System.nanoTime() - started) / 1_000_000;
        return new Verdicts.Audit("audit", problems.isEmpty(), new Verdicts.Reference(refStatus, refTests),
                new Verdicts.Skeleton(skeletonSteps), mutants, clauses, problems, millis);
    }

    /**
     * For every clause of every step, the official tests that hold it and the mutants that embody it. A clause without
     * either, a test or mutant naming a clause its step does not have, and a killed mutant none of whose killers holds
     * one of its clauses are problems: the matrix is what lets {@code mutants} tell a learner which clause is unheld.
     */
    private List<Verdicts.ClauseRow> clauseMatrix(List<Verdicts.AuditMutant> verdicts, List<String> problems) {
        Lint.content(course).forEach(f -> problems.add(words(f)));
        List<Verdicts.ClauseRow> rows = new ArrayList<>();
        for (Step s : course.steps()) {
            for (workbook.catalogue.Clause c : s.clauses()) {
                List<String> tests = s.tests().stream().filter(t -> c.id().equals(t.clause())).map(OfficialTest::id).toList();
                List<String> mutants = course.mutantsOf(s.number()).stream().filter(m -> m.clauses().contains(c.id()))
                        .map(Mutant::id).toList();
                rows.add(new Verdicts.ClauseRow(s.number(), c.id(), c.text().in(msg.lang()), tests, mutants));
            }
        }
        for (Mutant m : course.mutants()) {
            Step own = course.step(m.step()).orElse(null);
            Verdicts.AuditMutant v = verdicts.stream().filter(a -> a.id().equals(m.id())).findFirst().orElse(null);
            if (own != null && v != null && v.status() == MutantStatus.KILLED && !m.clauses().isEmpty()) {
                boolean heldByItsClause = own.tests().stream()
                        .anyMatch(t -> m.clauses().contains(t.clause()) && v.killedBy().contains(t.id()));
                if (!heldByItsClause) {
                    problems.add(msg.get("audit.clauseNotCaught", m.id(), String.join(", ", m.clauses())));
                }
            }
        }
        return rows;
    }

    /** A lint finding in the chosen language. */
    public String words(Lint.Finding f) {
        return msg.get("lint." + f.kind().wire(), f.args().toArray());
    }

    /** Official tests the catalogue lists but the classes lack, and the reverse: both mean the lesson is out of step. */
    private void consistency(Map<String, TestResult> onReference, List<String> problems) {
        Set<String> listed = course.tests().stream().map(OfficialTest::key).collect(Collectors.toSet());
        for (String key : listed) {
            if (!onReference.containsKey(key)) {
                problems.add(msg.get("audit.listedButMissing", key));
            }
        }
        for (String key : onReference.keySet()) {
            if (!listed.contains(key)) {
                problems.add(msg.get("audit.unlisted", key));
            }
        }
        for (Step s : course.steps()) {
            if (s.tests().stream().noneMatch(OfficialTest::happy)) {
                problems.add(msg.get("audit.noHappyPath", s.number()));
            }
        }
    }

    /** Compiles a mutant and queues its run; returns why it cannot run, or null. */
    private String buildMutant(Mutant m, String testClasses, List<String> classes, List<String> only, List<RunSpec> runs) {
        try {
            CompileResult c = builds.mutant(m);
            if (!c.ok()) {
                return msg.get("mutant.doesNotCompile", m.id(), c.diagnostics().stream()
                        .map(SourceDiagnostic::message).findFirst().orElse(""));
            }
            runs.add(new RunSpec(m.id(), List.of(c.classes().toString(), testClasses), classes, only, 1));
            return null;
        } catch (Mutant.NotApplicable e) {
            return msg.get("mutant.notApplicable", m.id(), e.count());
        }
    }

    private record Kills(List<String> by, KillKind kind) {
        /** Kills from another run of the same mutant (a race trial), added after these. */
        Kills and(Kills more) {
            List<String> all = new ArrayList<>(by);
            more.by.stream().filter(k -> !all.contains(k)).forEach(all::add);
            return new Kills(all, kind != null ? kind : more.kind);
        }
    }

    private static Kills kills(Map<String, TestResult> onMutant, List<String> valid) {
        List<String> by = new ArrayList<>();
        KillKind kind = null;
        for (String key : valid) {
            TestResult r = onMutant.get(key);
            if (r == null || r.status() == TestStatus.PASSED || r.status() == TestStatus.SKIPPED) {
                continue;
            }
            by.add(key);
            if (kind == null) {
                kind = switch (r.status()) {
                    case FAILED -> KillKind.ASSERTION;
                    case TIMEOUT -> KillKind.TIMEOUT;
                    default -> KillKind.EXCEPTION;
                };
            }
        }
        return new Kills(by, kind);
    }

    private String idOf(String key) {
        return course.tests().stream().filter(t -> t.key().equals(key)).map(OfficialTest::id).findFirst().orElse(key);
    }

    private Verdicts.StepVerdict stepVerdict(Step s, Map<String, TestResult> results, String runError,
                                             Map<String, SignatureCheck.Mismatch> mismatches, boolean showWhere) {
        List<Verdicts.TestVerdict> tests = new ArrayList<>();
        boolean allNotYet = true;
        boolean allPassed = true;
        boolean notRun = false;
        int ranAndFailed = 0;
        for (OfficialTest t : s.tests()) {
            TestResult r = results.get(t.key());
            String clause = t.name().in(msg.lang());
            if (r == null) {
                String why = runError != null ? runError : msg.get("check.notRun");
                tests.add(new Verdicts.TestVerdict(t.id(), clause, t.clause(), TestOutcome.ERROR, msg.get("test.message", clause, why),
                        t.happy(), List.of()));
                allNotYet = false;
                allPassed = false;
                continue;
            }
            allNotYet &= r.status() == TestStatus.NOT_YET;
            allPassed &= r.status() == TestStatus.PASSED;
            TestOutcome status = switch (r.status()) {
                case PASSED -> TestOutcome.PASSED;
                case FAILED -> TestOutcome.FAILED;
                case TIMEOUT -> r.cause() == workbook.run.ChildDeath.NOT_RUN ? TestOutcome.ERROR : TestOutcome.TIMEOUT;
                case NOT_YET -> TestOutcome.NOT_STARTED;
                default -> TestOutcome.ERROR;
            };
            notRun |= r.cause() == workbook.run.ChildDeath.NOT_RUN;
            if (r.cause() != workbook.run.ChildDeath.NOT_RUN && r.status() != TestStatus.PASSED && r.status() != TestStatus.NOT_YET) {
                ranAndFailed++;
            }
            String message = r.status() == TestStatus.PASSED ? null : msg.get("test.message", clause, detail(r));
            tests.add(new Verdicts.TestVerdict(t.id(), clause, t.clause(), status, message, t.happy(),
                    showWhere ? r.frames() : List.of()));
        }
        String cls = s.file() == null ? course.learnerClass() : s.file();
        SignatureCheck.Mismatch bad = java.util.stream.Stream.concat(s.methods().stream(), java.util.stream.Stream.of(cls + "(…)"))
                .map(mismatches::get).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        StepStatus status;
        String message = null;
        if (bad != null) {
            status = StepStatus.ERROR;
            message = bad.found() == null ? msg.get("signature.missing", bad.expected())
                    : msg.get("signature.wrong", bad.expected(), bad.found());
        } else if (notRun && ranAndFailed == 0) {
            // Nothing that ran failed, but some tests never ran: no verdict on this step's own code.
            status = StepStatus.ERROR;
            message = msg.get("check.budgetUsedUp");
        } else if (!tests.isEmpty() && allNotYet) {
            status = StepStatus.NOT_STARTED;
        } else if (allPassed && !tests.isEmpty()) {
            status = StepStatus.PASSED;
        } else {
            status = StepStatus.FAILED;
        }
        SignatureCheck.Mismatch record = mismatches.values().stream().filter(m -> m.method().contains(".")).findFirst().orElse(null);
        if (message == null && record != null && status != StepStatus.PASSED && status != StepStatus.NOT_STARTED) {
            message = record.found() == null ? msg.get("signature.missing", record.expected())
                    : msg.get("signature.wrong", record.expected(), record.found());
        }
        return new Verdicts.StepVerdict(s.number(), s.slug(), s.title().in(msg.lang()), status, message, tests);
    }

    /** What went wrong, in learner terms; never the reference's source. */
    private String detail(TestResult r) {
        if (r.cause() != null) {
            return switch (r.cause()) {
                case WALL_CLOCK -> msg.get("death.wallClock");
                case NOT_RUN -> msg.get("death.notRun");
                case OUTPUT_FLOOD -> msg.get("death.flood");
                case OUT_OF_MEMORY -> msg.get("death.oom");
                case EXITED -> msg.get("death.exit");
                case TEST_TIMEOUT -> msg.get("death.timeout");
            };
        }
        return switch (r.status()) {
            case NOT_YET -> msg.get("test.notYet", r.notYetStep());
            case TIMEOUT -> msg.get("test.timeout");
            case FAILED -> String.valueOf(r.message());
            default -> linkage(r.exception()) ? msg.get("test.linkage", r.message())
                    : unloadable(r) ? msg.get("test.classInit", r.message())
                    : shortName(r.exception()) + ": " + r.message();
        };
    }

    private static boolean linkage(String exception) {
        return exception != null && (exception.endsWith("NoSuchMethodError") || exception.endsWith("AbstractMethodError")
                || exception.endsWith("IncompatibleClassChangeError") || exception.endsWith("NoSuchFieldError"));
    }

    /** The learner's class would not load or initialise (a failing static initialiser, a missing class). */
    private static boolean unloadable(TestResult r) {
        return r.exception() != null && (r.exception().endsWith("NoClassDefFoundError")
                || r.exception().endsWith("ExceptionInInitializerError"));
    }

    private static String shortName(String exception) {
        return exception == null ? "?" : exception.substring(exception.lastIndexOf('.') + 1);
    }

    private Verdicts.Compile compileVerdict(CompileResult r) {
        return new Verdicts.Compile(false, r.diagnostics().stream().map(d -> new SourceDiagnostic(
                workbook.workspace.Workspace.display(java.nio.file.Path.of(d.file())), d.line(), d.column(), d.message())).toList());
    }

    private String nextAfterCheck(List<Verdicts.StepVerdict> steps) {
        for (Verdicts.StepVerdict v : steps) {
            switch (v.status()) {
                case PASSED -> { }
                case NOT_STARTED -> {
                    return msg.get("next.start", v.step());
                }
                default -> {
                    return msg.get("next.fix", v.step());
                }
            }
        }
        if (steps.size() < course.steps().size()) {
            int last = steps.get(steps.size() - 1).step();
            return course.step(last + 1).map(next -> msg.get("next.stepPassed", last, next.number()))
                    .orElse(msg.get("next.lastStepPassed", last));
        }
        return msg.get("next.allPassed");
    }

}
