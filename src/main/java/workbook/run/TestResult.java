package workbook.run;

import java.util.List;
import workbook.child.wire.TestStatus;

/**
 * The outcome of one test in one run and trial.
 *
 * @param key    {@code SimpleClassName#method}
 * @param cause  why the child stopped, when the parent had to decide the outcome itself (timeout, exit, flood,
 *               oom); null when the child reported it
 * @param millis how long the test ran, as the child measured it (JUnit's execution started to finished); 0 when the
 *               parent settled the test (the child died, or the test never ran)
 */
public record TestResult(String run, int trial, String key, String name, TestStatus status, String exception,
                         String message, Integer notYetStep, List<String> frames, ChildDeath cause, long millis,
                         workbook.child.wire.Output output) {
    /** A result with nothing printed (the parent's own, or a test that printed nothing). */
    public TestResult(String run, int trial, String key, String name, TestStatus status, String exception,
                      String message, Integer notYetStep, List<String> frames, ChildDeath cause, long millis) {
        this(run, trial, key, name, status, exception, message, notYetStep, frames, cause, millis, null);
    }


    /** A result the parent settled: no duration was measured. */
    public TestResult(String run, int trial, String key, String name, TestStatus status, String exception,
                      String message, Integer notYetStep, List<String> frames, ChildDeath cause) {
        this(run, trial, key, name, status, exception, message, notYetStep, frames, cause, 0L);
    }

    public String method() {
        return key.substring(key.indexOf('#') + 1);
    }

}
