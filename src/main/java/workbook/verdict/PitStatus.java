package workbook.verdict;

/**
 * What PIT says became of one of its mutants ({@code status} in mutations.xml). Only {@link #SURVIVED} and
 * {@link #NO_COVERAGE} mean that no official test noticed the change; the rest are PIT's ways of detecting it (a
 * failing test, a time-out, a crash of its minion) or of not being able to try.
 */
public enum PitStatus implements Wire {
    KILLED, SURVIVED, NO_COVERAGE, TIMED_OUT, MEMORY_ERROR, RUN_ERROR, NON_VIABLE, NOT_STARTED, STARTED;

    /** Survived or not covered: the official tests ran over it (or never reached it) and all passed. */
    public boolean undetected() {
        return this == SURVIVED || this == NO_COVERAGE;
    }

    public static PitStatus of(String name) {
        try {
            return valueOf(name.strip());
        } catch (IllegalArgumentException e) {
            return RUN_ERROR;
        }
    }
}
