package singleflight;

import java.time.Instant;

/** The wall clock: a date to print or to name a cron slot by. It may jump either way; never measure time with it. */
public interface WallClock {
    Instant now();
}
