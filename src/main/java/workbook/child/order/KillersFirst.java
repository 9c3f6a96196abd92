package workbook.child.order;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.MethodDescriptor;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.MethodOrdererContext;

/**
 * The test order of every run: JUnit's own, except in a child that stops each mutant's run at its first failing test.
 * There a mutant's run tries first the tests most likely to fail for the time they take. How likely: a test that
 * failed on an earlier mutant of its group (its step: the mutants of one step tend to fall to the same tests) most,
 * then a test whose name mentions the step's methods, then one that failed on another group, then the rest. How long:
 * its milliseconds on the reference, so thirty quick tests go before one that waits a second on a race. A killer is
 * then found for the price of a few quick tests instead of the whole suite.
 * Configured for every run alike, reference included, so the setting itself tells a test nothing; and a kill only
 * counts when the killing test fails again beside the reference (see the grader), where order is JUnit's own.
 */
public final class KillersFirst implements MethodOrderer {
    private static final Map<String, List<String>> KILLERS = new ConcurrentHashMap<>();
    private static volatile String group;
    private static volatile List<String> likely = List.of();
    private static volatile Map<String, Long> costs = Map.of();

    /** What a test costs besides its own time (JUnit's bookkeeping, a temp folder), in milliseconds. */
    private static final double OVERHEAD_MILLIS = 1.5;

    /** The run about to execute: its group, the words its likely killers' names hold, and each test's cost. */
    public static void about(String runGroup, List<String> words, Map<String, Long> millis) {
        group = runGroup;
        likely = words.stream().map(w -> w.toLowerCase(Locale.ROOT)).toList();
        costs = millis;
    }

    /** A test method (by name) that just failed on a mutant of {@code runGroup}: first in line for that group. */
    public static void killed(String runGroup, String method) {
        if (runGroup == null) {
            return;
        }
        List<String> list = KILLERS.computeIfAbsent(runGroup, g -> new java.util.concurrent.CopyOnWriteArrayList<>());
        list.remove(method);
        list.add(0, method);
    }

    @Override
    public void orderMethods(MethodOrdererContext context) {
        String g = group;
        if (g == null) {
            return;
        }
        List<String> own = KILLERS.getOrDefault(g, List.of());
        List<String> others = new ArrayList<>();
        KILLERS.forEach((k, v) -> {
            if (!k.equals(g)) {
                others.addAll(v);
            }
        });
        Comparator<String> promise = byPromise(own, likely, others, costs);
        context.getMethodDescriptors().sort(Comparator.comparing((MethodDescriptor m) -> m.getMethod().getName(), promise));
    }

    /**
     * Highest chance of failing per millisecond first: the order that finds a killer soonest on average. Equals keep
     * their order (the sort is stable: JUnit's own between them).
     */
    static Comparator<String> byPromise(List<String> own, List<String> words, List<String> others, Map<String, Long> millis) {
        return Comparator.comparingDouble(name -> -chance(name, own, words, others) / (millis.getOrDefault(name, 0L) + OVERHEAD_MILLIS));
    }

    /** A rough prior that {@code name} fails on this run's mutant; only the order of these numbers matters. */
    static double chance(String name, List<String> own, List<String> words, List<String> others) {
        int i = own.indexOf(name);
        if (i >= 0) {
            return i == 0 ? 0.6 : 0.3;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        if (words.stream().anyMatch(lower::contains)) {
            return 0.15;
        }
        return others.contains(name) ? 0.08 : 0.04;
    }
}
