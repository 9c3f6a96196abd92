package workbook.child;

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
 * There a mutant's run tries first the tests that failed on earlier mutants of its group (its step: the mutants of one
 * step tend to fall to the same tests), then the tests whose names mention the step's methods, then those that failed
 * on other groups, then the rest; so a killer is found by the first few tests instead of the thirtieth.
 * Configured for every run alike, reference included, so the setting itself tells a test nothing; and a kill only
 * counts when the killing test fails again alone in a fresh child, where nothing has been learnt.
 */
public final class KillersFirst implements MethodOrderer {
    private static final Map<String, List<String>> KILLERS = new ConcurrentHashMap<>();
    private static volatile String group;
    private static volatile List<String> likely = List.of();

    /** The run about to execute: its group and the words its likely killers' names hold. */
    static void about(String runGroup, List<String> words) {
        group = runGroup;
        likely = words.stream().map(w -> w.toLowerCase(Locale.ROOT)).toList();
    }

    /** A test method (by name) that just failed on a mutant of {@code runGroup}: first in line for that group. */
    static void killed(String runGroup, String method) {
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
        List<String> words = likely;
        context.getMethodDescriptors().sort(Comparator.comparingInt((MethodDescriptor m) -> {
            String name = m.getMethod().getName();
            int i = own.indexOf(name);
            if (i >= 0) {
                return i;
            }
            String lower = name.toLowerCase(Locale.ROOT);
            if (words.stream().anyMatch(lower::contains)) {
                return 1_000;
            }
            return others.contains(name) ? 2_000 : 3_000;
        }));
    }
}
