package projection;

/**
 * Step 1: three states, not two. A position is UNSEEN, SEEN (handed out by a read, its effect not yet known to be
 * committed) or PROJECTED (its effect committed). A new owner resumes from the projected mark, never from seen.
 */
public final class MarkStates {
    private MarkStates() {}

    /** Step 1: where {@code position} stands against {@code mark}. */
    public static State stateOf(long position, Mark mark) {
        sound(mark);
        if (position < 1) {
            throw new IllegalArgumentException("stateOf: positions start at 1, not " + position);
        }
        if (position <= mark.projected()) {
            return State.PROJECTED;
        }
        if (position <= mark.seen()) {
            return State.SEEN;
        }
        return State.UNSEEN;
    }

    /** Step 1: the position a new owner resumes after: the projected mark. */
    public static long resumeAfter(Mark mark) {
        sound(mark);
        return mark.projected();
    }

    /** A mark that claims more projected than seen is corrupt: refused, not read. */
    private static void sound(Mark mark) {
        if (mark == null) {
            throw new IllegalArgumentException("no mark");
        }
        if (mark.projected() < 0 || mark.projected() >= mark.seen() && mark.seen() > 0) {
            throw new IllegalStateException("corrupt mark of " + mark.projector() + ": projected " + mark.projected()
                    + " is not within 0.." + mark.seen() + " (seen)");
        }
    }
}
