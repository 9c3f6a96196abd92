package workbook.run;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import workbook.child.wire.Event;
import workbook.child.wire.RunSpec;
import workbook.child.wire.TestStatus;

/**
 * The bookkeeping of one shard across its children: which tests are planned, which are settled (with a result),
 * and the results themselves. A child's events settle tests; a child's death settles the test it was running with
 * the cause; what never ran is settled as not run. Keys are {@code run|trial|test}, or {@code run|trial|*} for a
 * whole run.
 */
final class Settlement {
    private final List<RunSpec> specs;
    private final RunResults results = new RunResults();
    private final Set<String> settled = new HashSet<>();
    private final Map<String, Event.Planned> planned = new LinkedHashMap<>();

    /** Per test ({@code Class#method}), the learner methods it calls ({@code Jobs#renew}); see {@link workbook.compile.TestCalls}. */
    private final java.util.function.Supplier<Map<String, Set<String>>> calls;

    /** Runs whose tests are valid only if they pass in all of them (see {@link ChildRunner#allOrNothing}). */
    private final Set<String> allOrNothing;

    Settlement(List<RunSpec> specs) {
        this(specs, Map::of, Set.of());
    }

    Settlement(List<RunSpec> specs, java.util.function.Supplier<Map<String, Set<String>>> calls, Set<String> allOrNothing) {
        this.specs = specs;
        this.calls = calls;
        this.allOrNothing = allOrNothing;
    }

    /**
     * A test of an all-or-nothing run timed out: the same time-out settles it in every other such run and trial of
     * this shard that would run it, so a fresh child skips it there instead of waiting out its limit once more.
     */
    private void settleElsewhere(TestResult timedOut) {
        if (timedOut.status() != TestStatus.TIMEOUT || !allOrNothing.contains(timedOut.run())) {
            return;
        }
        for (RunSpec s : specs) {
            if (!allOrNothing.contains(s.id()) || !(s.only().isEmpty() || s.only().contains(timedOut.key()))) {
                continue;
            }
            for (int t = 0; t < s.trials(); t++) {
                if (settled.add(s.id() + "|" + t + "|" + timedOut.key())) {
                    results.put(new TestResult(s.id(), t, timedOut.key(), timedOut.name(), timedOut.status(),
                            timedOut.exception(), timedOut.message(), timedOut.notYetStep(), timedOut.frames(),
                            timedOut.cause()));
                }
            }
        }
    }

    /**
     * Only a learner's check settles tests without running them, after a time-out or a death in a learner method: the
     * reference, the mutants and the learner's own tests each get their own chance, as every verdict there counts.
     */
    private static boolean isLearnersCheck(Event.OfTest e) {
        return e.run().equals(LEARNER_CHECK) || e.run().equals(LEARNER_CHECK + "~race");
    }

    /**
     * A test timed out inside the learner's {@code Jobs#renew}: every test not yet settled that calls it would hang
     * there too, so each is settled now, named after that method, instead of costing its own time limit.
     */
    private void skipCallers(Event.End timedOut) {
        skipCallers(timedOut.run(), timedOut.trial(), timedOut.frames(), TestStatus.TIMEOUT, ChildDeath.SAME_METHOD_TIMEOUT);
    }

    /**
     * Settles, as {@code status} for {@code cause}, every test of {@code run} and {@code trial} not yet settled that
     * calls a learner method named in {@code frames} ({@code Jobs.java:42 (renew)}); the method is the message.
     */
    private void skipCallers(String run, int trial, List<String> frames, TestStatus status, ChildDeath cause) {
        Map<String, Set<String>> calls = frames == null || frames.isEmpty() ? Map.of() : this.calls.get();
        if (calls.isEmpty()) {
            return;
        }
        Set<String> hung = new java.util.LinkedHashSet<>();
        for (String frame : frames) {
            // Jobs.java:42 (renew); a lambda's body, run on a pool's thread, is named after its method by the child
            int dot = frame.indexOf(".java:");
            int open = frame.lastIndexOf(" (");
            if (dot > 0 && open > dot && frame.endsWith(")")) {
                hung.add(frame.substring(0, dot) + "#" + frame.substring(open + 2, frame.length() - 1));
            }
        }
        String prefix = run + "|" + trial + "|";
        for (Event.Planned p : planned.values()) {
            if (!p.skipKey().startsWith(prefix) || settled.contains(p.skipKey())) {
                continue;
            }
            String test = Event.family(p.test());
            String method = calls.getOrDefault(test, Set.of()).stream().filter(hung::contains).findFirst().orElse(null);
            if (method != null && settled.add(p.skipKey())) {
                results.put(new TestResult(p.run(), p.trial(), p.test(), p.name(), status, null,
                        method.substring(method.indexOf('#') + 1), null, frames, cause));
            }
        }
    }

    /** The run id a learner's check gives its official tests ({@code learner}, {@code learner~race}). */
    static final String LEARNER_CHECK = "learner";

    /**
     * Timeouts so far, by run, trial and test class. One timeout may be that test's own (a future it waits on, a
     * deadlock only it reaches); a second in the same class is a loop the others will enter too.
     */
    private final Map<String, Integer> timeouts = new java.util.HashMap<>();

    private static String classOf(Event.End e) {
        return e.run() + "|" + e.trial() + "|" + e.test().substring(0, e.test().indexOf('#') + 1);
    }

    /**
     * A second timed-out test in a class of a learner's check settles the rest of that class as not run: each further
     * test would spend its whole time limit in the same loop (ten identical timeouts, twenty seconds), and the step has
     * failed already.
     */
    private void skipRestOfClass(Event.End timedOut) {
        String prefix = timedOut.run() + "|" + timedOut.trial() + "|";
        String cls = timedOut.test().substring(0, timedOut.test().indexOf('#') + 1);
        for (Event.Planned p : planned.values()) {
            if (p.skipKey().startsWith(prefix) && p.test().startsWith(cls) && settled.add(p.skipKey())) {
                results.put(new TestResult(p.run(), p.trial(), p.test(), p.name(), TestStatus.TIMEOUT, null,
                        timedOut.test(), null, timedOut.frames() == null ? List.of() : timedOut.frames(), ChildDeath.SAME_TIMEOUT));
            }
        }
    }

    RunResults results() {
        return results;
    }

    /** The keys settled so far: a fresh child skips them. */
    Set<String> settled() {
        return settled;
    }

    /** What one child's events told: whether they settled anything, and the test it was running when they stopped. */
    record Read(boolean progress, Event.Start running) {}

    Read absorb(List<Event> events) {
        Event.Start running = null;
        boolean progress = false;
        for (Event e : events) {
            if (e instanceof Event.Start start) {
                running = start;
            } else if (e instanceof Event.End end) {
                progress |= ended(end);
                running = null;
            } else {
                progress |= absorb(e);
            }
        }
        return new Read(progress, running);
    }

    /** Any event but a test's start and end; true when it settled something. */
    private boolean absorb(Event e) {
        if (e instanceof Event.Planned p) {
            planned.putIfAbsent(p.skipKey(), p);
        } else if (e instanceof Event.Container c) {
            containerFailure(c);
        } else if (e instanceof Event.Entry entry) {
            results.entry(entry.run(), entry.key(), entry.value());
        } else if (e instanceof Event.Reached r) {
            results.reached(r.run(), r.test(), r.entered());
        } else if (e instanceof Event.Exiting x) {
            exitFrames = x.frames() == null ? List.of() : x.frames();
        } else if (e instanceof Event.Flooding f) {
            flooding = f;
        } else if (e instanceof Event.Memory m) {
            memory = m;
        } else if (e instanceof Event.Cancelled c) {
            settleUnreported(c.run(), c.trial(), TestStatus.SKIPPED, "cancelled: the run stopped at its first failure");
        } else if (e instanceof Event.RunDone d) {
            return runDone(d);
        } else if (e instanceof Event.RunError x) {
            return runError(x);
        }
        return false; // allDone: the runner reads it
    }

    /**
     * A test that ended: its result, settled here and in the runs that share it; a time-out in the learner's code
     * also settles the tests that would enter the same method, and a second one in a class the rest of that class.
     */
    private boolean ended(Event.End e) {
        TestResult r = fromChild(e);
        results.put(r);
        settleElsewhere(r);
        boolean progress = settled.add(e.skipKey());
        if (isLearnersCheck(e) && e.status() == TestStatus.TIMEOUT) {
            skipCallers(e);
            if (timeouts.merge(classOf(e), 1, Integer::sum) >= 2) {
                skipRestOfClass(e);
            }
        }
        return progress;
    }

    /** A trial of a run that ended: what it never reported did not run. */
    private boolean runDone(Event.RunDone e) {
        workbook.run.Timing.mark("  run " + e.run() + " trial " + e.trial() + " " + e.message());
        boolean progress = settled.add(e.run() + "|" + e.trial() + "|*");
        settleUnreported(e.run(), e.trial(), TestStatus.ERROR, "not executed");
        return progress;
    }

    /** A run that could not start: every trial of it is settled with the error. */
    private boolean runError(Event.RunError e) {
        results.runError(e.run(), e.exception() + ": " + e.message());
        for (int t = 0; t < 1000; t++) {
            settled.add(e.run() + "|" + t + "|*");
        }
        return true;
    }

    /**
     * The child died while {@code running} ran: that test gets the cause (a timed-out test already reported its own
     * outcome). True when this settled it.
     */
    boolean died(Event.Start running, ChildDeath death, int exitCode) {
        List<String> frames = switch (death) {
            case EXITED -> exitFrames;
            case OUTPUT_FLOOD -> flooding == null ? List.of() : framesOf(flooding, flooding.frames(), running);
            case OUT_OF_MEMORY -> memory == null ? List.of() : framesOf(memory, memory.frames(), running);
            default -> List.of();
        };
        exitFrames = List.of();
        flooding = null;
        memory = null;
        if (running == null || death == ChildDeath.TEST_TIMEOUT) {
            return false;
        }
        results.put(byParent(running, death, exitCode, frames));
        settled.add(running.skipKey());
        if (death.forOtherCallers() != null && isLearnersCheck(running)) {
            skipCallers(running.run(), running.trial(), frames, TestStatus.ERROR, death.forOtherCallers());
        }
        return true;
    }

    /** The frames the child sent about the test that was running when it died, or none if it spoke of another. */
    private static List<String> framesOf(Event.OfTest warning, List<String> frames, Event.Start running) {
        return running != null && warning.skipKey().equals(running.skipKey()) && frames != null ? frames : List.of();
    }

    /** The child's word that a test has all but filled the heap, with the learner methods it is in; or null. */
    private Event.Memory memory;

    /** Where learner code called {@code System.exit} in the child that is ending (its hook says), or empty. */
    private List<String> exitFrames = List.of();

    /** The child's word that a test is printing far too much, with the learner methods it prints from; or null. */
    private Event.Flooding flooding;

    /** The child died before any test could start: every run not yet settled fails with the cause and the output's tail. */
    void neverStarted(ChildDeath death, int exitCode, String output) {
        for (RunSpec s : specs) {
            if (!settled.contains(s.id() + "|0|*")) {
                results.runError(s.id(), describe(death, exitCode) + tail(output));
                for (int t = 0; t < s.trials(); t++) {
                    settled.add(s.id() + "|" + t + "|*");
                }
            }
        }
    }

    /** Out of time: whatever is planned and unsettled was never run. */
    void outOfTime() {
        for (Event.Planned e : planned.values()) {
            if (!settled.contains(e.skipKey()) && !settled.contains(e.run() + "|" + e.trial() + "|*")) {
                results.put(new TestResult(e.run(), e.trial(), e.test(), e.name(), TestStatus.TIMEOUT, null,
                        null, null, List.of(), ChildDeath.NOT_RUN));
            }
        }
        for (RunSpec s : specs) {
            if (!settled.contains(s.id() + "|0|*") && results.of(s.id()).isEmpty()) {
                results.runError(s.id(), describe(ChildDeath.NOT_RUN, 0));
            }
        }
    }

    /** A class-level failure (static initialiser, {@code @BeforeAll}, {@code @TempDir}) takes its tests down with it. */
    private void containerFailure(Event.Container e) {
        String prefix = e.run() + "|" + e.trial() + "|";
        for (Event.Planned p : planned.values()) {
            if (p.skipKey().startsWith(prefix) && !settled.contains(p.skipKey())
                    && p.test().startsWith(simpleName(e.test()) + "#")) {
                TestResult r = new TestResult(p.run(), p.trial(), p.test(), p.name(), e.status(),
                        e.exception(), e.message(), e.notYetStep(), e.frames(), null);
                results.put(r);
                settled.add(p.skipKey());
                settleElsewhere(r);
            }
        }
    }

    private void settleUnreported(String run, int trial, TestStatus status, String why) {
        String prefix = run + "|" + trial + "|";
        for (Event.Planned p : planned.values()) {
            if (p.skipKey().startsWith(prefix) && settled.add(p.skipKey())) {
                results.put(new TestResult(p.run(), p.trial(), p.test(), p.name(), status, null, why, null,
                        List.of(), null));
            }
        }
    }

    private static String simpleName(String displayName) {
        return displayName.substring(displayName.lastIndexOf('.') + 1);
    }

    private static TestResult fromChild(Event.End e) {
        return new TestResult(e.run(), e.trial(), e.test(), e.name(), e.status(), e.exception(),
                e.message(), e.notYetStep(), e.frames() == null ? List.of() : e.frames(), null,
                e.millis() == null ? 0L : e.millis(), e.output());
    }

    private static TestResult byParent(Event.Start running, ChildDeath death, int exitCode, List<String> frames) {
        TestStatus status = death == ChildDeath.WALL_CLOCK ? TestStatus.TIMEOUT : TestStatus.ERROR;
        return new TestResult(running.run(), running.trial(), running.test(), running.name(), status, null,
                describe(death, exitCode), null, frames, death);
    }

    static String describe(ChildDeath death, int exitCode) {
        return switch (death) {
            case WALL_CLOCK -> "the test JVM hit its wall-clock limit";
            case TEST_TIMEOUT -> "a test timed out";
            case OUTPUT_FLOOD -> "the test printed too much output";
            case OUT_OF_MEMORY -> "the test JVM ran out of memory";
            case EXITED -> "the test JVM ended with status " + exitCode + " (System.exit?)";
            case NOT_RUN -> "not run: the time budget was used up";
            case SAME_TIMEOUT -> "not run: an earlier test of this class timed out in the same code";
            case SAME_METHOD_TIMEOUT -> "not run: it calls a method in which an earlier test timed out";
            case SAME_METHOD_EXIT -> "not run: it calls a method that called System.exit in an earlier test";
            case SAME_METHOD_FLOOD -> "not run: it calls a method that printed too much in an earlier test";
            case SAME_METHOD_MEMORY -> "not run: it calls a method that ran out of memory in an earlier test";
        };
    }

    private static String tail(String output) {
        if (output.isBlank()) {
            return "";
        }
        String t = output.strip();
        return ": " + (t.length() > 400 ? "…" + t.substring(t.length() - 400) : t);
    }
}
