package workbook.grade;

import workbook.verdict.StepStatus;
import workbook.verdict.TestOutcome;
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
import workbook.catalogue.Text;
import workbook.verdict.Reason;
import workbook.child.wire.RunSpec;
import workbook.compile.CompileResult;
import workbook.compile.SignatureCheck;
import workbook.compile.SourceDiagnostic;
import workbook.run.ChildRunner;
import workbook.run.RunResults;
import workbook.run.TestResult;
import workbook.child.wire.TestStatus;
import workbook.workspace.Workspace;

/**
 * Turns one step's test results into its verdict: each test's outcome and message, the step's status (a signature
 * that differs from the contract, a budget used up, not started, passed or failed), and the next thing to do.
 */
final class StepJudge {
    private final Course course;

    StepJudge(Course course) {
        this.course = course;
    }

    Verdicts.StepVerdict stepVerdict(Step s, Map<String, TestResult> results, Reason runError,
                                             Map<String, SignatureCheck.Mismatch> mismatches, boolean showWhere) {
        Tally tally = new Tally();
        List<Verdicts.TestVerdict> tests = new ArrayList<>();
        for (OfficialTest t : s.tests()) {
            tests.add(testVerdict(s, t, results.get(t.key()), runError, showWhere, tally));
        }
        String cls = s.file() == null ? course.learnerClass() : s.file();
        SignatureCheck.Mismatch bad = java.util.stream.Stream.concat(s.methods().stream(), java.util.stream.Stream.of(cls + "(…)"))
                .map(mismatches::get).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        StepStatus status = status(bad, tally, tests.isEmpty());
        Reason message = bad != null ? mismatch(bad)
                : status == StepStatus.ERROR ? Reason.of("check.budgetUsedUp")
                : status == StepStatus.FAILED && tally.othersFine && tally.earlierNotYet != Integer.MAX_VALUE
                        ? Reason.of("check.earlierFirst", tally.earlierNotYet)
                : null;
        SignatureCheck.Mismatch record = mismatches.values().stream().filter(m -> m.method().contains(".")).findFirst().orElse(null);
        if (message == null && record != null && status != StepStatus.PASSED && status != StepStatus.NOT_STARTED) {
            message = mismatch(record);
        }
        return new Verdicts.StepVerdict(s.number(), s.slug(), s.title(), status, message, tests);
    }

    /** What a step's tests said, counted as they are judged. */
    private static final class Tally {
        boolean allNotYet = true;
        boolean ownNotYet;
        boolean othersFine = true;
        int earlierNotYet = Integer.MAX_VALUE;
        boolean allPassed = true;
        boolean notRun;
        int ranAndFailed;
    }

    /** One official test's verdict from its result (null: it never ran), counted into {@code tally}. */
    private Verdicts.TestVerdict testVerdict(Step s, OfficialTest t, TestResult r, Reason runError, boolean showWhere,
                                             Tally tally) {
        Text clause = t.name();
        if (r == null) {
            Reason why = runError != null ? runError : Reason.of("check.notRun");
            tally.allNotYet = false;
            tally.allPassed = false;
            return new Verdicts.TestVerdict(t.id(), clause, t.clause(), TestOutcome.ERROR, Reason.of("test.message", clause, why),
                    t.happy(), List.of(), 0L);
        }
        tally.allNotYet &= r.status() == TestStatus.NOT_YET;
        tally.allPassed &= r.status() == TestStatus.PASSED;
        if (r.status() == TestStatus.NOT_YET && r.notYetStep() != null) {
            tally.ownNotYet |= r.notYetStep() == s.number();
            tally.earlierNotYet = r.notYetStep() < s.number() ? Math.min(tally.earlierNotYet, r.notYetStep()) : tally.earlierNotYet;
        } else if (r.status() != TestStatus.PASSED) {
            tally.othersFine = false;
        }
        TestOutcome status = switch (r.status()) {
            case PASSED -> TestOutcome.PASSED;
            case FAILED -> TestOutcome.FAILED;
            case TIMEOUT -> r.cause() == workbook.run.ChildDeath.NOT_RUN ? TestOutcome.ERROR : TestOutcome.TIMEOUT;
            case NOT_YET -> TestOutcome.NOT_STARTED;
            case ERROR, SKIPPED -> TestOutcome.ERROR;
        };
        tally.notRun |= r.cause() == workbook.run.ChildDeath.NOT_RUN;
        if (r.cause() != workbook.run.ChildDeath.NOT_RUN && r.status() != TestStatus.PASSED && r.status() != TestStatus.NOT_YET) {
            tally.ranAndFailed++;
        }
        Reason message = r.status() == TestStatus.PASSED ? null : Reason.of("test.message", clause, detail(r));
        return new Verdicts.TestVerdict(t.id(), clause, t.clause(), status, message, t.happy(),
                showWhere ? r.frames() : List.of(), r.millis(), r.output(), r.cause() != null && r.cause().notRun());
    }

    /**
     * The step's status: a signature that differs from the contract, or a budget used up before any test that ran
     * failed, is an error; the step's own "not yet" is not started (a test of it that failed because an earlier
     * step's method is wrong makes it failed in {@link #blocking}, which names the step to fix first); an earlier
     * step's "not yet" alone, or any failure, is failed.
     */
    private static StepStatus status(SignatureCheck.Mismatch bad, Tally tally, boolean noTests) {
        if (bad != null || tally.notRun && tally.ranAndFailed == 0) {
            return StepStatus.ERROR;
        }
        if (!noTests && (tally.allNotYet || tally.ownNotYet)) {
            return StepStatus.NOT_STARTED;
        }
        return tally.allPassed && !noTests ? StepStatus.PASSED : StepStatus.FAILED;
    }

    private static Reason mismatch(SignatureCheck.Mismatch m) {
        return m.found() == null ? Reason.of("signature.missing", m.expected()) : Reason.of("signature.wrong", m.expected(), m.found());
    }

    /**
     * A step that could not run because the learner's files do not compile: every official test is an error for that
     * reason, so a report that lists tests (JUnit XML, Classroom) still lists each of them.
     */
    Verdicts.StepVerdict notCompiled(Step s) {
        Reason why = Reason.of("check.compileError");
        List<Verdicts.TestVerdict> tests = s.tests().stream().map(t -> new Verdicts.TestVerdict(t.id(),
                t.name(), t.clause(), TestOutcome.ERROR, Reason.of("test.message", t.name(), why),
                t.happy(), List.<String>of(), 0L)).toList();
        return new Verdicts.StepVerdict(s.number(), s.slug(), s.title(), StepStatus.ERROR, why, tests);
    }

    /**
     * {@code verdicts} with each failed step marked as blocked by the first earlier step that also fails, when every
     * failing test of it calls (directly, or through the reference's own calls) a method of that earlier step: with
     * a boundary bug in {@code claim}, the later steps whose tests all claim first say so in one line.
     */
    List<Verdicts.StepVerdict> blocking(List<Verdicts.StepVerdict> verdicts, java.util.function.Supplier<Map<String, Set<String>>> reaches) {
        long failed = verdicts.stream().filter(v -> v.status() == StepStatus.FAILED || v.status() == StepStatus.ERROR).count();
        boolean notStartedButFailing = verdicts.stream().anyMatch(v -> v.status() == StepStatus.NOT_STARTED
                && v.tests().stream().anyMatch(StepJudge::reallyFailed));
        if (failed < 2 && !(failed == 1 && notStartedButFailing)) {
            return verdicts; // nothing can be blocked: the official tests are not read at all
        }
        Map<String, Set<String>> reach = reaches.get();
        Map<String, String> keyOf = course.tests().stream().collect(Collectors.toMap(OfficialTest::id, OfficialTest::key, (a, b) -> a));
        List<Verdicts.StepVerdict> out = new ArrayList<>();
        for (Verdicts.StepVerdict v : verdicts) {
            Verdicts.StepVerdict blocked = null;
            List<Verdicts.TestVerdict> failing = v.tests().stream().filter(StepJudge::reallyFailed).toList();
            // A failed step, or one not started whose tests fail all the same because of an earlier step's method
            // (it said "not started" with a failing test hidden): blocked by the first earlier failing step they call.
            boolean candidate = (v.status() == StepStatus.FAILED && v.reason() == null)
                    || v.status() == StepStatus.NOT_STARTED;
            if (candidate && !failing.isEmpty()) {
                for (Verdicts.StepVerdict earlier : out) {
                    if (earlier.status() != StepStatus.FAILED && earlier.status() != StepStatus.ERROR) {
                        continue;
                    }
                    Set<String> methods = course.step(earlier.step()).map(st -> st.methods().stream()
                            .map(m -> (st.file() == null ? course.learnerClass() : st.file()) + "#" + m)
                            .collect(Collectors.toSet())).orElse(Set.of());
                    boolean all = failing.stream().allMatch(t -> reach.getOrDefault(keyOf.getOrDefault(t.id(), t.id()), Set.of())
                            .stream().anyMatch(methods::contains));
                    if (all && !methods.isEmpty()) {
                        String names = methods.stream().map(m -> m.substring(m.indexOf('#') + 1)).sorted()
                                .collect(Collectors.joining(", "));
                        blocked = new Verdicts.StepVerdict(v.step(), v.slug(), v.title(), StepStatus.FAILED,
                                Reason.of("check.earlierFailing", earlier.step(), names, failing.size()), v.tests(), earlier.step());
                        break;
                    }
                }
            }
            out.add(blocked != null ? blocked : v);
        }
        return out;
    }

    /** A test that ran and did not pass ("not yet" is not a failure). */
    private static boolean reallyFailed(Verdicts.TestVerdict t) {
        return t.status() != TestOutcome.PASSED && t.status() != TestOutcome.NOT_STARTED;
    }

    /** What went wrong, in learner terms; never the reference's source. */
    Reason detail(TestResult r) {
        if (r.cause() != null) {
            return switch (r.cause()) {
                case WALL_CLOCK -> Reason.of("death.wallClock");
                case NOT_RUN -> Reason.of("death.notRun");
                case OUTPUT_FLOOD -> Reason.of("death.flood");
                case OUT_OF_MEMORY -> Reason.of("death.oom");
                case EXITED -> Reason.of("death.exit");
                case TEST_TIMEOUT -> Reason.of("death.timeout");
                case SAME_TIMEOUT -> Reason.of("death.sameTimeout");
                case SAME_METHOD_TIMEOUT -> Reason.of("death.sameMethodTimeout", r.message());
                case SAME_METHOD_EXIT -> Reason.of("death.sameMethodExit", r.message());
                case SAME_METHOD_FLOOD -> Reason.of("death.sameMethodFlood", r.message());
                case SAME_METHOD_MEMORY -> Reason.of("death.sameMethodMemory", r.message());
            };
        }
        return switch (r.status()) {
            case NOT_YET -> Reason.of("test.notYet", r.notYetStep());
            case TIMEOUT -> "ClassSetupTimeout".equals(r.exception())
                    ? Reason.of("test.classSetupTimeout", workbook.child.ChildMain.CLASS_SETUP_MILLIS / 1000)
                    : Reason.of("test.timeout");
            case FAILED -> assertion(String.valueOf(r.message()));
            default -> linkage(r.exception()) ? Reason.of("test.linkage", r.message())
                    : unloadable(r) ? Reason.of("test.classInit", r.message())
                    : Reason.of("test.threw", shortName(r.exception()), withoutOwnName(r.exception(), r.message()));
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

    private static final java.util.regex.Pattern EXPECTED = java.util.regex.Pattern.compile(
            "(?s)expected: <(.*)> but was: <(.*)>");
    private static final java.util.regex.Pattern NOTHING_THROWN = java.util.regex.Pattern.compile(
            "(?s)Expected (\\S+) to be thrown, but nothing was thrown\\.?");
    private static final java.util.regex.Pattern WRONG_THROWN = java.util.regex.Pattern.compile(
            "(?s)Unexpected exception type thrown, expected: <(\\S+)> but was: <(\\S+)>");

    /**
     * A failed assertion in the learner's language: the test's own message ({@code msg ==> …}) through the lab's
     * translations ({@link TestMessages}), and JUnit's words after it ({@code expected: <a> but was: <b>}, a missing
     * or wrong exception) through the workbook's: {@code msg — 기대: a, 실제: b}.
     */
    private static Reason assertion(String message) {
        int arrow = message.indexOf(" ==> ");
        String own = arrow < 0 ? null : message.substring(0, arrow);
        String junit = arrow < 0 ? message : message.substring(arrow + " ==> ".length());
        Reason said = junitWords(junit);
        if (own == null && said == null) {
            return Reason.said(message); // fail("…") or a message of the test's own making
        }
        Reason junitSaid = said == null ? Reason.asIs(junit) : said;
        return own == null || own.isBlank() ? junitSaid : Reason.of("assert.ownThenJunit", Reason.said(own), junitSaid);
    }

    /** JUnit's own words as a reason of ours; null when they are none JUnit writes. */
    private static Reason junitWords(String text) {
        java.util.regex.Matcher m = EXPECTED.matcher(text);
        if (m.matches()) {
            return Reason.of("assert.expectedWas", m.group(1), m.group(2));
        }
        m = WRONG_THROWN.matcher(text);
        if (m.matches()) {
            return Reason.of("assert.wrongException", shortName(m.group(1)), shortName(m.group(2)));
        }
        m = NOTHING_THROWN.matcher(text);
        if (m.matches()) {
            return Reason.of("assert.nothingThrown", shortName(m.group(1)));
        }
        return null;
    }

    /** A message that starts with its own exception's class name (a wrapped cause) loses it: the name is shown once. */
    private static String withoutOwnName(String exception, String message) {
        if (exception == null || message == null) {
            return String.valueOf(message);
        }
        String prefix = exception + ": ";
        return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    private static String shortName(String exception) {
        return exception == null ? "?" : exception.substring(exception.lastIndexOf('.') + 1);
    }

    Reason next(List<Verdicts.StepVerdict> steps) {
        for (Verdicts.StepVerdict v : steps) {
            switch (v.status()) {
                case PASSED -> { }
                case NOT_STARTED -> {
                    return Reason.of("next.start", v.step());
                }
                default -> {
                    return Reason.of("next.fix", v.step());
                }
            }
        }
        if (steps.size() < course.steps().size()) {
            int last = steps.get(steps.size() - 1).step();
            return course.step(last + 1).map(next -> Reason.of("next.stepPassed", last, next.number()))
                    .orElse(Reason.of("next.lastStepPassed", last));
        }
        return Reason.of("next.allPassed");
    }
}
