package singleflight;

/**
 * The tenant's API. A client holds its own credential and sends it on every request; it never retries by itself
 * and reports every failure as a {@link Reply} (status 0 when no reply came), never as an exception.
 */
public interface TenantClient {
    /** {@code GET /tenants/{tenant}/effects/{key}}: does the effect of {@code key} exist, and the checkpoint now. */
    Reply read(String tenant, String key, long fence);

    /** {@code POST /tenants/{tenant}/effects}: apply {@code key}'s effect, moving the checkpoint from {@code base} to base + 1. */
    Reply write(String tenant, String key, long fence, long base);
}
