package workbook.verdict;

/** A mutant's fate: some valid test failed on it, none did, or it could not be run. */
public enum MutantStatus implements Wire {
    KILLED, SURVIVED, ERROR
}
