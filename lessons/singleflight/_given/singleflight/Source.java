package singleflight;

/** Who started a run. Both go through the same coordinator. */
public enum Source {
    CRON,
    MANUAL
}
