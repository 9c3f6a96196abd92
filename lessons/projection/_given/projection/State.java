package projection;

/** Where a position stands against a mark. */
public enum State {
    /** After {@code seen}: no read has handed it out yet. */
    UNSEEN,
    /** After {@code projected}, up to {@code seen}: handed out, but its effect is not known to be committed. */
    SEEN,
    /** Up to {@code projected}: its effect is committed. */
    PROJECTED
}
