package workbook.verdict;

/**
 * Why a mutant could not be judged ({@link MutantStatus#ERROR}): its text to find is gone from the reference, it does
 * not compile, or its run died before any valid test failed on it.
 */
public enum MutantProblem implements Wire {
    NOT_APPLICABLE, DOES_NOT_COMPILE, RUN_FAILED;

    /** A mutant that cannot run, and the sentence that says why. */
    public record Unusable(MutantProblem problem, Reason reason) {}
}
