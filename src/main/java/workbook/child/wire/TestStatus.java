package workbook.child.wire;

/**
 * What happened to one test in one run: the one vocabulary of the child, which sorts a test's outcome into these, of
 * the event it sends ({@link Event.End#status()}), and of the parent, which settles tests with them. On the wire each
 * is its {@link #wire()} name; a name that is none of these is an error ({@link #ofWire}), never quietly an error
 * status. {@code NOT_YET}: the skeleton's "not yet — step N" was thrown.
 */
public enum TestStatus {
    PASSED("passed"), FAILED("failed"), ERROR("error"), TIMEOUT("timeout"), NOT_YET("notYet"), SKIPPED("skipped");

    private final String wire;

    TestStatus(String wire) {
        this.wire = wire;
    }

    /** Its name in an event line: {@code passed}, {@code failed}, {@code error}, {@code timeout}, {@code notYet}, {@code skipped}. */
    public String wire() {
        return wire;
    }

    /** The status named {@code wire} in an event line; throws {@link IllegalArgumentException} for any other name. */
    public static TestStatus ofWire(String wire) {
        for (TestStatus s : values()) {
            if (s.wire.equals(wire)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown test status '" + wire + "'");
    }
}
