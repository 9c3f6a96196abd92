package workbook.child.wire;

import java.util.List;

/**
 * One line of the child's event log. {@code type} is one of {@code planned}, {@code start}, {@code end},
 * {@code container}, {@code entry} (a value the test published with
 * {@code TestReporter}: {@code name} is its key, {@code message} its value), {@code runError}, {@code runDone}, {@code allDone};
 * or, just before the child dies of learner code, where that code was: {@code exiting} ({@code System.exit}, from the
 * shutdown hook), {@code flooding} (a test printing far too much) or {@code memory} (a test all but out of heap).
 *
 * @param status      for {@code end}: passed, failed, error, timeout, notYet
 * @param notYetStep  for status notYet: the step number named by the skeleton's exception
 * @param frames      learner-file stack frames, e.g. {@code Name.java:42 (method)}
 * @param millis      for {@code end}: how long the test ran, from JUnit's execution started to finished; else null
 * @param output      for {@code end}: what the test printed (null when nothing)
 */
public record Event(String type, String run, int trial, String test, String name, String status,
                    String exception, String message, Integer notYetStep, List<String> frames, Long millis,
                    Output output) {
    /** An event with a duration and nothing printed. */
    public Event(String type, String run, int trial, String test, String name, String status, String exception,
                 String message, Integer notYetStep, List<String> frames, Long millis) {
        this(type, run, trial, test, name, status, exception, message, notYetStep, frames, millis, null);
    }


    /** An event that carries no duration. */
    public Event(String type, String run, int trial, String test, String name, String status, String exception,
                 String message, Integer notYetStep, List<String> frames) {
        this(type, run, trial, test, name, status, exception, message, notYetStep, frames, null);
    }

    public static Event of(String type, String run, int trial) {
        return new Event(type, run, trial, null, null, null, null, null, null, null);
    }

    public static Event test(String type, String run, int trial, String test, String name) {
        return new Event(type, run, trial, test, name, null, null, null, null, null);
    }

    /**
     * A test key or method name without its invocation ({@code JobsTest#claims[2]} → {@code JobsTest#claims}): every
     * invocation of a parameterized, repeated or dynamic test shares its method.
     */
    public static String family(String test) {
        int bracket = test.indexOf('[');
        return bracket < 0 ? test : test.substring(0, bracket);
    }

    public String skipKey() {
        return run + "|" + trial + "|" + test;
    }

    /** The longest test key or name kept; a longer one keeps its start and a hash of the whole, so it stays unique. */
    public static final int MAX_NAME = 300;
    /** The longest message, exception or stack frame kept from one event. */
    public static final int MAX_TEXT = 8_000;
    public static final int MAX_FRAMES = 60;

    /**
     * This event with every text a learner controls (test names, messages, frames, output) cut to a size: the child
     * sends it so, and the parent cuts again what it receives, trusting no child.
     */
    public Event bounded() {
        List<String> f = frames == null ? null : frames.stream().limit(MAX_FRAMES).map(x -> cut(x, MAX_NAME)).toList();
        Output o = output == null ? null : new Output(cut(output.stdout(), MAX_TEXT), cut(output.stderr(), MAX_TEXT));
        return new Event(type, run, trial, name(test), name(name), status, cut(exception, MAX_NAME),
                cut(message, MAX_TEXT), notYetStep, f, millis, o);
    }

    private static String cut(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max) + "…";
    }

    /** A name cut to {@link #MAX_NAME}, with a hash of the whole so two long names that share a start stay apart. */
    public static String name(String s) {
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
