package workbook.receipt;

import java.util.Optional;

/** The work a receipt records, by its command: what it grades and with what. */
public enum Work {
    /** the learner's code, with the official tests */
    CHECK(true, false),
    /** the learner's own tests, on the reference and the mutants */
    MUTANTS(false, true),
    /** both, as for one student of a class */
    GRADE(true, true);

    private final boolean code;
    private final boolean ownTests;

    Work(boolean code, boolean ownTests) {
        this.code = code;
        this.ownTests = ownTests;
    }

    /** Whether it runs the learner's code with the official tests. */
    public boolean gradesCode() {
        return code;
    }

    /** Whether it runs the learner's own tests on the reference and the mutants. */
    public boolean gradesOwnTests() {
        return ownTests;
    }

    /** The work of a receipt's command ({@code check}, {@code mutants}, {@code grade}); empty for anything else. */
    public static Optional<Work> of(String command) {
        for (Work w : values()) {
            if (w.name().toLowerCase(java.util.Locale.ROOT).equals(command)) {
                return Optional.of(w);
            }
        }
        return Optional.empty();
    }
}
