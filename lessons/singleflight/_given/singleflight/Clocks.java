package singleflight;

/** The two clocks and the sleeper a coordinator and an executor are given. */
public record Clocks(WallClock wall, MonotonicClock mono, Sleeper sleeper) {
    public Clocks {
        if (wall == null || mono == null || sleeper == null) {
            throw new IllegalArgumentException("clocks: wall, mono and sleeper are all needed");
        }
    }
}
