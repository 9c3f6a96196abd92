package singleflight;

import java.time.Duration;

/** The only way a run waits. The tests' sleeper moves the monotonic clock at once; nothing sleeps for real. */
public interface Sleeper {
    void sleep(Duration d);
}
