package workbook.child.wire;

import java.util.List;

/**
 * One suite to run inside a child JVM: the variant's classes and the test classes share one class loader
 * (so the learner package's package-private methods are reachable), repeated {@code trials} times.
 *
 * @param id          names the run in events, e.g. {@code learner}, {@code reference} or a mutant id
 * @param classpath   class directories, variant first
 * @param testClasses fully qualified test class names to select
 * @param only        test keys ({@code Class#method}) to keep; empty means all
 * @param trials      how many times to execute the selection (race trials); at least 1
 * @param properties  system properties set while this run executes (a probe's seed); the same for every variant
 *                    of one command, so they tell a test nothing about which build it runs on
 * @param stopAtFirstFailure end the run at its first test that does not pass; the tests not yet run are skipped
 *                    (grading a class: a mutant needs one killer, not all of them)
 * @param group       which runs are alike (a mutant's step): a test that failed on one of them goes first on the next
 *                    (see {@link KillersFirst}); null for none
 * @param likely      words a test's method name may contain to be tried early (the names of the step's methods)
 * @param costs       per test method name, its milliseconds on the reference: with {@code group}, cheap tests are tried
 *                    before dear ones that are as likely to fail (see {@link KillersFirst}); empty for none
 * @param variant     0, or which variant of a schemata build this run is ({@link Active}): runs of one schemata build
 *                    share one class loader in a child, so their classes load and warm up once
 */
public record RunSpec(String id, List<String> classpath, List<String> testClasses, List<String> only, int trials,
                      java.util.Map<String, String> properties, boolean stopAtFirstFailure, String group,
                      List<String> likely, java.util.Map<String, Long> costs, int variant) {
    public RunSpec {
        classpath = List.copyOf(classpath);
        testClasses = List.copyOf(testClasses);
        only = only == null ? List.of() : List.copyOf(only);
        trials = Math.max(1, trials);
        properties = properties == null ? java.util.Map.of() : java.util.Map.copyOf(properties);
        likely = likely == null ? List.of() : List.copyOf(likely);
        costs = costs == null ? java.util.Map.of() : java.util.Map.copyOf(costs);
    }

    public RunSpec(String id, List<String> classpath, List<String> testClasses, List<String> only, int trials) {
        this(id, classpath, testClasses, only, trials, java.util.Map.of(), false, null, List.of(), java.util.Map.of(), 0);
    }

    public RunSpec(String id, List<String> classpath, List<String> testClasses, List<String> only, int trials,
                   java.util.Map<String, String> properties) {
        this(id, classpath, testClasses, only, trials, properties, false, null, List.of(), java.util.Map.of(), 0);
    }

    /**
     * This run, ending at its first test that does not pass, trying first the tests most likely to fail for the time
     * they take: those that failed on runs of the same {@code group}, then those whose names hold one of
     * {@code likely}, each weighed against its {@code costs}.
     */
    public RunSpec stoppingAtFirstFailure(String group, List<String> likely, java.util.Map<String, Long> costs) {
        return new RunSpec(id, classpath, testClasses, only, trials, properties, true, group, likely, costs, variant);
    }

    /** This run as variant {@code k} of the schemata build whose classes are {@code classpath}'s first entry. */
    public RunSpec asVariant(List<String> schemataClasspath, int k) {
        return new RunSpec(id, schemataClasspath, testClasses, only, trials, properties, stopAtFirstFailure, group, likely,
                costs, k);
    }

    public static RunSpec of(String id, List<String> classpath, List<String> testClasses) {
        return new RunSpec(id, classpath, testClasses, List.of(), 1);
    }
}
