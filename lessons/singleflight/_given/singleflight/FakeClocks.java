package singleflight;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Both clocks under the test's control. The wall clock stands still until a test sets it (backwards too); the
 * monotonic clock starts at an odd origin and moves only by {@link #advance}, {@link #advanceMono} or a sleep.
 */
public final class FakeClocks {
    private Instant wall;
    private long mono;
    private final List<Duration> slept = new ArrayList<>();

    public FakeClocks() {
        this(Instant.parse("2026-03-01T09:00:00Z"), -7_000_000_000L);
    }

    public FakeClocks(Instant wall, long monoOrigin) {
        this.wall = wall;
        this.mono = monoOrigin;
    }

    public Clocks clocks() {
        return new Clocks(this::wall, this::mono, this::sleep);
    }

    public synchronized Instant wall() {
        return wall;
    }

    public synchronized long mono() {
        return mono;
    }

    /** Both clocks move on by {@code d}. */
    public synchronized void advance(Duration d) {
        wall = wall.plus(d);
        mono += d.toNanos();
    }

    /** Only the monotonic clock moves: the wall clock was set back by the same amount meanwhile. */
    public synchronized void advanceMono(Duration d) {
        mono += d.toNanos();
    }

    /** The wall clock jumps (an NTP step, a daylight-saving mistake); the monotonic clock does not. */
    public synchronized void setWall(Instant to) {
        wall = to;
    }

    /** A sleep moves the monotonic clock at once and leaves the wall clock where it is. */
    public synchronized void sleep(Duration d) {
        if (d.isNegative()) {
            throw new IllegalArgumentException("a negative sleep");
        }
        slept.add(d);
        mono += d.toNanos();
    }

    /** Every sleep asked for, in order. */
    public synchronized List<Duration> slept() {
        return List.copyOf(slept);
    }
}
