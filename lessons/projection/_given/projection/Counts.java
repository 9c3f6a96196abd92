package projection;

/**
 * What a tally of the tables finds.
 *
 * @param events     rows of {@code events}
 * @param lost       events with no {@code applied} row
 * @param duplicates {@code applied} rows beyond the first of their position (a position applied 3 times counts 2)
 */
public record Counts(long events, long lost, long duplicates) {
    /** Nothing lost, nothing applied twice. */
    public boolean clean() {
        return lost == 0 && duplicates == 0;
    }
}
