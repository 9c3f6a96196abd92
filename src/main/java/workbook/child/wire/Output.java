package workbook.child.wire;

/**
 * What the learner's code and tests printed while one test ran, standard output and standard error apart, each kept
 * to its first {@link #CAP} characters (the rest is counted, not kept).
 */
public record Output(String stdout, String stderr) {
    /** Characters kept per stream and test (as Exercism keeps a test's output). */
    public static final int CAP = 500;

    public boolean isEmpty() {
        return (stdout == null || stdout.isEmpty()) && (stderr == null || stderr.isEmpty());
    }
}
