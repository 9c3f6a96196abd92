package workbook.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Every test outcome of a batch of runs, in the order the child reported them. */
public final class RunResults {
    private final Map<String, TestResult> byKey = new LinkedHashMap<>();
    private final Map<String, String> runErrors = new LinkedHashMap<>();

    synchronized void put(TestResult r) {
        byKey.put(r.run() + "|" + r.trial() + "|" + r.key(), r);
    }

    /** Values a run's tests published with {@code TestReporter}, keyed by run, in order. */
    private final Map<String, List<Map.Entry<String, String>>> entries = new LinkedHashMap<>();

    synchronized void entry(String run, String key, String value) {
        entries.computeIfAbsent(run, r -> new ArrayList<>()).add(Map.entry(key, value));
    }

    /** The values {@code run}'s tests published under {@code key}, in the order they were published. */
    public synchronized List<String> entries(String run, String key) {
        return entries.getOrDefault(run, List.of()).stream().filter(e -> e.getKey().equals(key)).map(Map.Entry::getValue).toList();
    }

    /** Per run, per test key: the instrumented build's methods the test entered (see {@code workbook.child.hooks.Reached}). */
    private final Map<String, Map<String, List<String>>> reached = new LinkedHashMap<>();

    synchronized void reached(String run, String test, List<String> methods) {
        reached.computeIfAbsent(run, r -> new LinkedHashMap<>()).put(test, List.copyOf(methods));
    }

    /** The methods each test of {@code run} entered, by test key; a test that entered none is absent. */
    public synchronized Map<String, List<String>> reached(String run) {
        return Map.copyOf(reached.getOrDefault(run, Map.of()));
    }

    synchronized void runError(String run, String message) {
        runErrors.put(run, message);
    }

    synchronized void merge(RunResults other) {
        byKey.putAll(other.byKey);
        runErrors.putAll(other.runErrors);
        other.reached.forEach((run, m) -> reached.computeIfAbsent(run, r -> new LinkedHashMap<>()).putAll(m));
        other.entries.forEach((run, list) -> entries.computeIfAbsent(run, r -> new ArrayList<>()).addAll(list));
    }

    /** Outcomes of trial 0 of {@code run}, keyed by test key. */
    public synchronized Map<String, TestResult> of(String run) {
        return trial(run, 0);
    }

    public synchronized Map<String, TestResult> trial(String run, int trial) {
        Map<String, TestResult> out = new LinkedHashMap<>();
        byKey.values().stream().filter(r -> r.run().equals(run) && r.trial() == trial).forEach(r -> out.put(r.key(), r));
        return out;
    }

    /** Every trial's outcomes of {@code run}, trial by trial. */
    public synchronized List<List<TestResult>> trials(String run) {
        Map<Integer, List<TestResult>> grouped = byKey.values().stream().filter(r -> r.run().equals(run))
                .collect(Collectors.groupingBy(TestResult::trial, java.util.TreeMap::new, Collectors.toList()));
        return new ArrayList<>(grouped.values());
    }

    /** Whether {@code run} was part of this batch (some test of it has an outcome, or it failed as a whole). */
    public synchronized boolean hasRun(String run) {
        return runErrors.containsKey(run) || byKey.values().stream().anyMatch(r -> r.run().equals(run));
    }

    /** Why a whole run could not execute (its classes would not load, say), or null. */
    public synchronized String runError(String run) {
        return runErrors.get(run);
    }

}
