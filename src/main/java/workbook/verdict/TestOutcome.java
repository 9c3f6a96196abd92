package workbook.verdict;

/** How one official test went. {@code NOT_STARTED}: it hit the skeleton's "not yet" in the step's own method. */
public enum TestOutcome implements Wire {
    PASSED, FAILED, ERROR, TIMEOUT, NOT_STARTED
}
