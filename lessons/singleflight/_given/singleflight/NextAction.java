package singleflight;

/** What a run does after a reply. */
public enum NextAction {
    /** Finish as COMMITTED. */
    DONE,
    /** Wait {@link Decision#delay()} and send again with the same key and the same fence. */
    RETRY,
    /** Read back by key before anything else: the effect may already exist. */
    READ_BACK,
    /** This run lost the scope: finish as LEASE_LOST, no retry. */
    STOP,
    /** Finish as QUARANTINED. */
    QUARANTINE,
    /** Finish as NEEDS_PERSON. */
    ASK_PERSON,
    /** A retry was wanted, but the attempt budget or the deadline forbids it: finish as GAVE_UP. */
    GIVE_UP
}
