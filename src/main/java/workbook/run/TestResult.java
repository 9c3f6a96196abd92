package workbook.run;

import java.util.List;

/**
 * The outcome of one test in one run and trial.
 *
 * @param key    {@code SimpleClassName#method}
 * @param cause  why the child stopped, when the parent had to decide the outcome itself (timeout, exit, flood,
 *               oom); null when the child reported it
 */
public record TestResult(String run, int trial, String key, String name, TestStatus status, String exception,
                         String message, Integer notYetStep, List<String> frames, ChildDeath cause) {

    public String method() {
        return key.substring(key.indexOf('#') + 1);
    }

}
