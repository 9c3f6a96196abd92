package singleflight;

/**
 * A request to run one piece of work.
 *
 * @param scope  the effect scope: the tenant whose checkpoint and output the run changes
 * @param key    the work item, e.g. {@code t1@2026-03-01T09:00}; it is the idempotency key of the write, so a manual
 *               retry of the same item carries the same key as the cron run it repeats
 * @param owner  the worker (host) that asks
 * @param run    a synthetic run id, new for every trigger
 * @param source cron or a person
 */
public record Trigger(String scope, String key, String owner, String run, Source source) {
    public Trigger {
        for (String f : new String[] {scope, key, owner, run}) {
            if (f == null || !Ids.ok(f)) {
                throw new IllegalArgumentException("trigger: scope, key, owner and run must be synthetic ids");
            }
        }
        if (source == null) {
            throw new IllegalArgumentException("trigger: no source");
        }
    }

    /** A cron trigger whose key is the scope and the wall clock's minute: {@code t1@2026-03-01T09:00}. */
    public static Trigger cron(String scope, java.time.Instant slot, String owner, String run) {
        String minute = slot.truncatedTo(java.time.temporal.ChronoUnit.MINUTES).toString();
        return new Trigger(scope, scope + "@" + minute.substring(0, minute.length() - 4), owner, run, Source.CRON);
    }
}
