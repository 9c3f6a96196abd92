package workbook.grade;

import workbook.verdict.TestOutcome;
import workbook.verdict.Verdicts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import workbook.child.wire.RunSpec;
import workbook.run.ChildDeath;
import workbook.run.ChildRunner;
import workbook.run.RunResults;
import workbook.run.TestResult;
import workbook.child.wire.TestStatus;

/**
 * The results of a batch of runs, with the tests that only ran out of time run once more, with a longer limit per test
 * and no shortened limit after a timeout: on a loaded machine a test that times out says nothing about the code it ran
 * on. A run's results read through this are the first results with every retried test replaced by its second try;
 * a run whose race trials timed out has all its trials run again.
 */
final class Retries {
    /** The limit per test of a second try: four times the usual two seconds. */
    static final long PATIENT_MILLIS = 8_000;

    private final RunResults first;
    private final RunResults again;
    private final Map<String, List<String>> retried;
    private final List<String> retriedTrials;

    private Retries(RunResults first, RunResults again, Map<String, List<String>> retried, List<String> retriedTrials) {
        this.first = first;
        this.again = again;
        this.retried = retried;
        this.retriedTrials = retriedTrials;
    }

    /**
     * Runs again, once, what {@code toRetry} picks from {@code runs}: for each run id, the test keys that timed out and
     * deserve a second try (an empty list: none). Runs with several trials are tried again whole.
     */
    static Retries of(List<RunSpec> runs, RunResults first, Function<RunSpec, List<String>> toRetry, ChildRunner runner,
                      int shards) {
        Map<String, List<String>> retried = new LinkedHashMap<>();
        List<String> retriedTrials = new ArrayList<>();
        List<RunSpec> specs = new ArrayList<>();
        for (RunSpec spec : runs) {
            List<String> keys = toRetry.apply(spec);
            if (keys.isEmpty()) {
                continue;
            }
            if (spec.trials() > 1) {
                retriedTrials.add(spec.id());
                specs.add(spec);
            } else {
                retried.put(spec.id(), List.copyOf(keys));
                specs.add(new RunSpec(spec.id(), spec.classpath(), spec.testClasses(), keys, 1, spec.properties(), false,
                        null, List.of(), Map.of(), spec.variant()));
            }
        }
        if (specs.isEmpty()) {
            return none(first);
        }
        ChildRunner patient = runner.within(runner.limits().patient(PATIENT_MILLIS));
        try {
            return new Retries(first, patient.run(specs, shards), retried, retriedTrials);
        } finally {
            patient.close();
        }
    }

    /** {@code first} as it is: nothing tried again. */
    static Retries none(RunResults first) {
        return new Retries(first, new RunResults(), Map.of(), List.of());
    }

    /**
     * Whether this machine is busy: its load over the last minute at least its number of cores. (Where the JVM cannot
     * tell its load, as on Windows, it counts as busy: a second try costs time, a wrong time-out costs a verdict.)
     */
    static boolean machineBusy() {
        return busy(java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
    }

    /** {@link #machineBusy} for a load average ({@code < 0}: unknown) and a number of cores. */
    static boolean busy(double load, int cores) {
        return load < 0 || load >= cores;
    }

    /** The keys of {@code results} that timed out. */
    static List<String> timedOut(Map<String, TestResult> results) {
        return results.values().stream().filter(r -> r.status() == TestStatus.TIMEOUT).map(TestResult::key).toList();
    }

    /**
     * The run's results by test key, each retried test's second try in place of its first; a test the second try did
     * not reach before the time ran out keeps its first time-out.
     */
    Map<String, TestResult> of(String run) {
        Map<String, TestResult> out = new LinkedHashMap<>(first.of(run));
        Map<String, TestResult> second = again.of(run);
        for (String key : retried.getOrDefault(run, List.of())) {
            TestResult r = second.get(key);
            if (r != null && r.cause() != ChildDeath.NOT_RUN && r.cause() != ChildDeath.WALL_CLOCK) {
                out.put(key, r);
            }
        }
        return out;
    }

    List<List<TestResult>> trials(String run) {
        return retriedTrials.contains(run) ? again.trials(run) : first.trials(run);
    }

    String runError(String run) {
        return first.runError(run);
    }

    private static TestOutcome outcome(TestStatus s) {
        return switch (s) {
            case PASSED -> TestOutcome.PASSED;
            case FAILED -> TestOutcome.FAILED;
            case TIMEOUT -> TestOutcome.TIMEOUT;
            case NOT_YET -> TestOutcome.NOT_STARTED;
            case ERROR, SKIPPED -> TestOutcome.ERROR;
        };
    }

    /** Every test tried twice: the run, the test, and whether its second try passed. */
    List<Verdicts.Retry> retries() {
        List<Verdicts.Retry> out = new ArrayList<>();
        retried.forEach((run, keys) -> keys.forEach(k -> {
            TestResult r = again.of(run).get(k);
            out.add(new Verdicts.Retry(run, k, r == null ? TestOutcome.ERROR : outcome(r.status())));
        }));
        for (String run : retriedTrials) {
            boolean passed = !again.trials(run).isEmpty() && again.trials(run).stream()
                    .allMatch(t -> t.stream().allMatch(r -> r.status() == TestStatus.PASSED));
            out.add(new Verdicts.Retry(run, "*", passed ? TestOutcome.PASSED : TestOutcome.FAILED));
        }
        return out;
    }
}
