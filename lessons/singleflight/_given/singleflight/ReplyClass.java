package singleflight;

/** What a reply means for the business, not for the transport. */
public enum ReplyClass {
    /** A 2xx that says the effect of this very key was applied. */
    SUCCESS,
    /** A 2xx that says the effect was not applied: the transport worked, the business did not. */
    NOT_APPLIED,
    /** The tenant did not apply it and says to come back later (429, 503). */
    RETRYABLE,
    /** The effect may or may not exist: no reply, a 5xx other than 503, a 2xx that does not say. */
    UNKNOWN_EFFECT,
    /** Sending the same request again cannot help (400, 401, 403, 404, 422 and other 4xx). */
    TERMINAL,
    /** 409: the tenant has seen a newer fence; this run has been replaced. */
    FENCED
}
