package workbook.jshell;

/**
 * What one scene moment gave on one side: the call's result (a value, {@code ok} for a statement, or the exception's
 * class) and the stored row afterwards.
 *
 * @param detail extra words for a person (an exception's message); never compared
 */
public record Outcome(String result, String state, String detail) {
    public static Outcome notRun(String why) {
        return new Outcome("—", "—", why);
    }

    /** Whether two sides agree on what the contract fixes: the result and the row. */
    public boolean sameAs(Outcome other) {
        return result.equals(other.result) && state.equals(other.state);
    }
}
