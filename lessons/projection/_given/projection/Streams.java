package projection;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/** The event stream: appending events, and a seeded generator for tests and the probe. */
public final class Streams {
    private Streams() {}

    /** The balances a generated stream moves. */
    public static final List<String> KINDS = List.of("cash", "card", "bank");

    /** Appends the events in one transaction (autocommit connection expected). */
    public static void append(Connection c, List<Event> events) {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO events(position, kind, amount) VALUES(?, ?, ?)")) {
            boolean auto = c.getAutoCommit();
            try (var s = c.createStatement()) {
                if (auto) {
                    s.execute("BEGIN IMMEDIATE");
                }
                for (Event e : events) {
                    p.setLong(1, e.position());
                    p.setString(2, e.kind());
                    p.setLong(3, e.amount());
                    p.executeUpdate();
                }
                if (auto) {
                    s.execute("COMMIT");
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("streams: cannot append", e);
        }
    }

    public static void append(Connection c, Event... events) {
        append(c, List.of(events));
    }

    /** {@code n} events at positions 1..n, kinds and amounts (1..9) drawn from {@code seed}. */
    public static List<Event> generate(long seed, int n) {
        return generate(new Random(seed), n);
    }

    public static List<Event> generate(Random rnd, int n) {
        List<Event> out = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            out.add(new Event(i, KINDS.get(rnd.nextInt(KINDS.size())), 1 + rnd.nextInt(9)));
        }
        return List.copyOf(out);
    }

    /** The balances a stream gives when every event is applied exactly once. */
    public static Map<String, Long> totals(List<Event> events) {
        Map<String, Long> out = new TreeMap<>();
        for (Event e : events) {
            out.merge(e.kind(), e.amount(), Long::sum);
        }
        return out;
    }
}
