package workbook.child.hooks;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the reference's instrumented build calls at the start of each method body (see
 * {@link workbook.compile.MethodBodies#instrument}): the methods the running test has entered. Cleared as each test
 * starts and read as it ends. A thread a test left running may add to the next test's set: that only makes the next
 * test run on more mutants, never on fewer.
 */
public final class Reached {
    private static final Set<String> HIT = ConcurrentHashMap.newKeySet();

    private Reached() {}

    /** Called by instrumented code: the method {@code key} was entered. */
    public static void hit(String key) {
        HIT.add(key);
    }

    /** Entered outside any test of this run so far (a class's set-up, a static initialiser): every test may rely on it. */
    private static final Set<String> OUTSIDE = ConcurrentHashMap.newKeySet();

    /** A new run (a new trial of a suite): nothing reached yet. */
    static void startRun() {
        HIT.clear();
        OUTSIDE.clear();
    }

    /** A test starts: what was entered since the last test ended happened outside any test. */
    static void startTest() {
        OUTSIDE.addAll(HIT);
        HIT.clear();
    }

    /** A test ended: the methods it entered, and those entered outside tests before it, sorted. */
    static List<String> endTest() {
        java.util.TreeSet<String> all = new java.util.TreeSet<>(HIT);
        all.addAll(OUTSIDE);
        HIT.clear();
        return List.copyOf(all);
    }
}
