package workbook.verdict;

/**
 * What grading one student's submission came to: every step passed and every mutant killed by valid tests; some of
 * it; none of it; code that does not compile; a submission that used up its time budget; a folder without the
 * learner's files; or a failure of the grader itself on it.
 */
public enum SubmissionVerdict implements Wire {
    PASSED, PARTIAL, FAILED, COMPILE_ERROR, TIMEOUT, MISSING, ERROR
}
