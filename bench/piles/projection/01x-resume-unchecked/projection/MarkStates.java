package projection;

/**
 * Step 1, written from CONTRACT.md: where one position stands against a mark, and after which position a new owner
 * carries on.
 */
public final class MarkStates {
    private MarkStates() {}

    public static State stateOf(long position, Mark mark) {
        Mark m = checked(mark);
        if (position < 1) {
            throw new IllegalArgumentException("position must be >= 1: " + position);
        }
        if (position > m.seen()) {
            return State.UNSEEN;
        }
        return position > m.projected() ? State.SEEN : State.PROJECTED;
    }

    public static long resumeAfter(Mark mark) {
        if (mark == null) {
            throw new IllegalArgumentException("no mark");
        }
        return mark.projected();
    }

    /** A null mark is an argument error; a mark outside 0 <= projected <= seen is corrupt state. */
    private static Mark checked(Mark mark) {
        if (mark == null) {
            throw new IllegalArgumentException("no mark");
        }
        boolean sound = 0 <= mark.projected() && mark.projected() <= mark.seen();
        if (!sound) {
            throw new IllegalStateException("corrupt mark " + mark + ": needs 0 <= projected <= seen");
        }
        return mark;
    }
}
