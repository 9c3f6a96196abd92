package workbook.verdict;

/** How the first killing test failed on a mutant. */
public enum KillKind implements Wire {
    ASSERTION, EXCEPTION, TIMEOUT
}
