package workbook.child.wire;

import com.google.gson.annotations.SerializedName;
import java.util.List;
import java.util.Objects;

/**
 * One line of the child's event log: one record per kind. On the wire (see {@link EventCodec}) each is a JSON object
 * whose {@code type} names its kind and whose other fields are the record's components:
 * <ul>
 * <li>{@link Planned} {@code planned}, {@link Start} {@code start}, {@link End} {@code end}: a test of a run and
 * trial is planned, starts, ends with a {@link TestStatus};</li>
 * <li>{@link Container} {@code container}: a test class failed as a whole (its set-up);</li>
 * <li>{@link Entry} {@code entry}: a value a test published with {@code TestReporter};</li>
 * <li>{@link Reached} {@code reached}: the instrumented build's methods a test entered;</li>
 * <li>{@link Cancelled} {@code cancelled}, {@link RunDone} {@code runDone}, {@link RunError} {@code runError}: a
 * trial stopped at its first failure, a trial ended, a run could not start;</li>
 * <li>{@link AllDone} {@code allDone}: the plan is done;</li>
 * <li>just before the child dies of learner code, where that code was: {@link Exiting} {@code exiting}
 * ({@code System.exit}, from the shutdown hook), {@link Flooding} {@code flooding} (a test printing far too much),
 * {@link Memory} {@code memory} (a test all but out of heap).</li>
 * </ul>
 * Frames are learner-file stack frames, e.g. {@code Name.java:42 (method)}.
 */
public sealed interface Event {
    /** An event about one test (its key, {@code JobsTest#claims}) of one run and trial. */
    sealed interface OfTest extends Event {
        String run();

        int trial();

        String test();

        /** {@code run|trial|test}: the key the parent settles the test under. */
        default String skipKey() {
            return run() + "|" + trial() + "|" + test();
        }
    }

    /**
     * An event whose {@code message} a test or a run produced: it counts against the child's message budgets, which
     * may replace it by a note ({@link #withMessage}).
     */
    sealed interface Said extends Event {
        String run();

        /** The test it is about, or null for a whole run. */
        String test();

        String message();

        Said withMessage(String message);
    }

    /** A test the run will execute (before any of them starts, or as a dynamic test is registered). */
    record Planned(String run, int trial, String test, String name) implements OfTest {
        @Override
        public Event bounded() {
            return new Planned(run, trial, Event.name(test), Event.name(name));
        }
    }

    /** A test starts: if the child dies before its {@link End}, the parent settles it with the cause. */
    record Start(String run, int trial, String test, String name) implements OfTest {
        @Override
        public Event bounded() {
            return new Start(run, trial, Event.name(test), Event.name(name));
        }
    }

    /**
     * A test ended.
     *
     * @param notYetStep for {@link TestStatus#NOT_YET}: the step number named by the skeleton's exception
     * @param millis     how long the test ran, from JUnit's execution started to finished
     * @param output     what the test printed (null when nothing)
     */
    record End(String run, int trial, String test, String name, TestStatus status, String exception, String message,
               Integer notYetStep, List<String> frames, Long millis, Output output) implements OfTest, Said {
        public End {
            Objects.requireNonNull(status, "an end without a status");
        }

        /** This end with {@code message} instead; what the test printed is left out with the message it replaces. */
        @Override
        public Said withMessage(String message) {
            return new End(run, trial, test, name, status, exception, message, notYetStep, frames, millis, null);
        }

        @Override
        public Event bounded() {
            return new End(run, trial, Event.name(test), Event.name(name), status, cut(exception, MAX_NAME),
                    cut(message, MAX_TEXT), notYetStep, boundedFrames(frames), millis, boundedOutput(output));
        }
    }

    /**
     * A test class failed as a whole (its static initialiser, {@code @BeforeAll}, {@code @TempDir}, or a set-up that
     * did not finish in time): every test of it not yet settled gets this outcome.
     *
     * @param test the class's display name (its simple or full name)
     */
    record Container(String run, int trial, String test, String name, TestStatus status, String exception,
                     String message, Integer notYetStep, List<String> frames) implements Said {
        public Container {
            Objects.requireNonNull(status, "a container without a status");
        }

        @Override
        public Said withMessage(String message) {
            return new Container(run, trial, test, name, status, exception, message, notYetStep, frames);
        }

        @Override
        public Event bounded() {
            return new Container(run, trial, Event.name(test), Event.name(name), status, cut(exception, MAX_NAME),
                    cut(message, MAX_TEXT), notYetStep, boundedFrames(frames));
        }
    }

    /** A value test {@code test} published with {@code TestReporter} ({@code name} and {@code message} on the wire). */
    record Entry(String run, int trial, String test, @SerializedName("name") String key,
                 @SerializedName("message") String value) implements OfTest {
        @Override
        public Event bounded() {
            return new Entry(run, trial, Event.name(test), Event.name(key), cut(value, MAX_TEXT));
        }
    }

    /**
     * The methods of the instrumented build test {@code test} entered, one per line ({@code message} on the wire, and
     * counted against the message budgets as every message is).
     */
    record Reached(String run, int trial, String test, @SerializedName("message") String methods)
            implements OfTest, Said {
        /** The methods, in the order they were entered first. */
        public List<String> entered() {
            return methods == null ? List.of() : List.of(methods.split("\n"));
        }

        @Override
        public String message() {
            return methods;
        }

        @Override
        public Said withMessage(String message) {
            return new Reached(run, trial, test, message);
        }

        @Override
        public Event bounded() {
            return new Reached(run, trial, Event.name(test), cut(methods, MAX_TEXT));
        }
    }

    /** The trial stopped at its first failure: every test it has not reported was skipped. */
    record Cancelled(String run, int trial) implements Event {
        @Override
        public Event bounded() {
            return this;
        }
    }

    /** A trial of a run ended; {@code message} says how long it took. What it never reported did not run. */
    record RunDone(String run, int trial, String message) implements Said {
        @Override
        public String test() {
            return null;
        }

        @Override
        public Said withMessage(String message) {
            return new RunDone(run, trial, message);
        }

        @Override
        public Event bounded() {
            return new RunDone(run, trial, cut(message, MAX_TEXT));
        }
    }

    /** A run could not start (its classes would not load or link): every trial of it is settled with this error. */
    record RunError(String run, String exception, String message) implements Said {
        @Override
        public String test() {
            return null;
        }

        @Override
        public Said withMessage(String message) {
            return new RunError(run, exception, message);
        }

        @Override
        public Event bounded() {
            return new RunError(run, cut(exception, MAX_NAME), cut(message, MAX_TEXT));
        }
    }

    /** The plan is done: a serving child now waits for the next one. */
    record AllDone() implements Event {
        @Override
        public Event bounded() {
            return this;
        }
    }

    /** Learner code called {@code System.exit} (from the shutdown hook): where it was called. */
    record Exiting(List<String> frames) implements Event {
        @Override
        public Event bounded() {
            return new Exiting(boundedFrames(frames));
        }
    }

    /** Test {@code test} has printed a quarter of the output cap: the learner methods it prints from. */
    record Flooding(String run, int trial, String test, String name, List<String> frames) implements OfTest {
        @Override
        public Event bounded() {
            return new Flooding(run, trial, Event.name(test), Event.name(name), boundedFrames(frames));
        }
    }

    /** Test {@code test} has all but filled the heap: the learner methods its thread is in. */
    record Memory(String run, int trial, String test, String name, List<String> frames) implements OfTest {
        @Override
        public Event bounded() {
            return new Memory(run, trial, Event.name(test), Event.name(name), boundedFrames(frames));
        }
    }

    /**
     * This event with every text a learner controls (test names, messages, frames, output) cut to a size: the child
     * sends it so, and the parent cuts again what it receives, trusting no child.
     */
    Event bounded();

    /**
     * A test key or method name without its invocation ({@code JobsTest#claims[2]} → {@code JobsTest#claims}): every
     * invocation of a parameterized, repeated or dynamic test shares its method.
     */
    static String family(String test) {
        int bracket = test.indexOf('[');
        return bracket < 0 ? test : test.substring(0, bracket);
    }

    /** The longest test key or name kept; a longer one keeps its start and a hash of the whole, so it stays unique. */
    int MAX_NAME = 300;
    /** The longest message, exception or stack frame kept from one event. */
    int MAX_TEXT = 8_000;
    int MAX_FRAMES = 60;

    private static String cut(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max) + "…";
    }

    private static List<String> boundedFrames(List<String> frames) {
        return frames == null ? null : frames.stream().limit(MAX_FRAMES).map(x -> cut(x, MAX_NAME)).toList();
    }

    private static Output boundedOutput(Output output) {
        return output == null ? null : new Output(cut(output.stdout(), MAX_TEXT), cut(output.stderr(), MAX_TEXT));
    }

    /** A name cut to {@link #MAX_NAME}, with a hash of the whole so two long names that share a start stay apart. */
    static String name(String s) {
        if (s == null || s.length() <= MAX_NAME) {
            return s;
        }
        try {
            byte[] h = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return s.substring(0, MAX_NAME - 20) + "…#" + java.util.HexFormat.of().formatHex(h, 0, 6)
                    + (s.indexOf('[') >= 0 && s.endsWith("]") ? "]" : "");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
