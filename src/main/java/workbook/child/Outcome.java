package workbook.child;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workbook.child.wire.TestStatus;

/** Sorts a test's throwable into a {@link TestStatus}, the parent's word for it too. Runs inside the child JVM. */
final class Outcome {
    /** The skeleton's marker: every unimplemented method throws "not yet — step N". */
    static final Pattern NOT_YET = Pattern.compile("not yet\\s*[—-]+\\s*step\\s*(\\d+)");
    private static final int MESSAGE_LIMIT = 600;
    /** The learner's classes, whose frames a verdict may show ({@code -Dworkbook.learnerClasses}, set by the parent). */
    private static final List<String> LEARNER = java.util.Arrays.stream(
            System.getProperty("workbook.learnerClasses", "").split(",")).filter(c -> !c.isBlank()).toList();

    final TestStatus status;
    final String exception;
    final String message;
    final Integer notYetStep;
    final List<String> frames;

    private Outcome(TestStatus status, Throwable t, Integer notYetStep) {
        this.status = status;
        this.exception = t == null ? null : t.getClass().getName();
        this.message = t == null ? null : clip(describe(t));
        this.notYetStep = notYetStep;
        this.frames = t == null ? List.of() : learnerFrames(t);
    }

    static Outcome passed() {
        return new Outcome(TestStatus.PASSED, null, null);
    }

    static Outcome of(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof UnsupportedOperationException && c.getMessage() != null) {
                Matcher m = NOT_YET.matcher(c.getMessage());
                if (m.find()) {
                    return new Outcome(TestStatus.NOT_YET, c, Integer.parseInt(m.group(1)));
                }
            }
        }
        if (isTimeout(t)) {
            return new Outcome(TestStatus.TIMEOUT, t, null);
        }
        if (t instanceof AssertionError) {
            // assertThrows that met a class that would not load or link: not a verdict on behaviour, an error
            for (Throwable c = t.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
                if (c instanceof LinkageError) {
                    return new Outcome(TestStatus.ERROR, c, null);
                }
            }
            return new Outcome(TestStatus.FAILED, t, null);
        }
        return new Outcome(TestStatus.ERROR, t, null);
    }

    private static boolean isTimeout(Throwable t) {
        if (t instanceof TimeoutException) {
            return true;
        }
        String m = String.valueOf(t.getMessage());
        return t instanceof AssertionError && m.contains("timed out after");
    }

    private static String describe(Throwable t) {
        if (t instanceof AssertionError && t.getMessage() != null) {
            return t.getMessage();
        }
        StringBuilder sb = new StringBuilder(t.toString());
        Throwable c = t.getCause();
        int depth = 0;
        while (c != null && c != t && depth++ < 3) {
            sb.append(" ← ").append(c);
            c = c.getCause();
        }
        return sb.toString();
    }

    /** Frames in the learner-facing class only; never frames of test or runner code. */
    private static List<String> learnerFrames(Throwable t) {
        List<String> out = new ArrayList<>();
        for (Throwable c = t; c != null && out.size() < 5; c = c.getCause()) {
            addLearnerFrames(c.getStackTrace(), out);
            if (c.getCause() == c) {
                break;
            }
        }
        return out;
    }

    /** The learner-facing frames of one stack, innermost first, at most five: {@code Jobs.java:42 (renew)}. */
    static List<String> learnerFrames(StackTraceElement[] stack) {
        List<String> out = new ArrayList<>();
        addLearnerFrames(stack, out);
        return out;
    }

    private static void addLearnerFrames(StackTraceElement[] stack, List<String> out) {
        for (StackTraceElement e : stack) {
            if (out.size() >= 5) {
                return;
            }
            String cls = e.getClassName();
            if (LEARNER.stream().anyMatch(l -> cls.equals(l) || cls.startsWith(l + "$")) && e.getFileName() != null
                    && !e.getFileName().endsWith("Test.java")) {
                String frame = e.getFileName() + ":" + e.getLineNumber() + " (" + sourceName(e.getMethodName()) + ")";
                if (!out.contains(frame)) {
                    out.add(frame);
                }
            }
        }
    }

    /** The method as the learner wrote it: a lambda's body ({@code lambda$claimMany$0}) is named after its method. */
    static String sourceName(String method) {
        int end = method.indexOf('$', 7);
        return method.startsWith("lambda$") && end > 7 ? method.substring(7, end) : method;
    }

    private static String clip(String s) {
        return s.length() <= MESSAGE_LIMIT ? s : s.substring(0, MESSAGE_LIMIT) + "…";
    }
}
