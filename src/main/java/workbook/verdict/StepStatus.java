package workbook.verdict;

/** A step's verdict: every test passed, some failed, none started yet, or no verdict could be reached (error). */
public enum StepStatus implements Wire {
    PASSED, FAILED, NOT_STARTED, ERROR
}
