package singleflight;

/**
 * A run's hold on a scope, as the coordinator granted it.
 *
 * @param fence         grows by one with every new lease of the scope, and never goes back; the tenant refuses a
 *                      write whose fence is lower than one it has already seen
 * @param acquiredNanos the monotonic reading at acquire: a run's deadline is measured from here
 * @param expiresNanos  the monotonic reading at which the lease ends, unless renewed before
 */
public record Lease(String scope, String key, String owner, String run, long fence, long acquiredNanos,
                    long expiresNanos) {}
