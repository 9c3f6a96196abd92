package singleflight;

/** What a renew decided. */
public enum RenewVerdict {
    /** Same fence, still held, not yet expired: the expiry is now + ttl. */
    RENEWED,
    /** Same fence, but the expiry has passed ({@code expires <= now}): nothing changes, the lease is dead. */
    EXPIRED,
    /** The stored fence is another one: a newer run holds or held the scope. */
    FENCED_OUT,
    /** The scope has no lease row, or the lease was released. */
    NOT_HELD
}
