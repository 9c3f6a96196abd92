package projection;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Step 4: what the tables say happened: events, the ones never applied, and the applies beyond the first. */
public final class Tally {
    private Tally() {}

    /** Step 4: counts events, lost events and duplicate applies, by SQL over {@code events} and {@code applied}. */
    public static Counts count(Connection c) {
        try (Statement ix = c.createStatement()) {
            ix.execute("CREATE INDEX IF NOT EXISTS applied_by_position ON applied(position)");
        } catch (SQLException e) {
            throw new IllegalStateException("count: cannot index", e);
        }
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT"
                     + " (SELECT count(*) FROM events),"
                     + " (SELECT count(*) FROM events e WHERE NOT EXISTS (SELECT 1 FROM applied a WHERE a.position = e.position)),"
                     + " (SELECT count(*) - count(DISTINCT position) FROM applied)")) {
            r.next();
            return new Counts(r.getLong(1), r.getLong(2), r.getLong(3));
        } catch (SQLException e) {
            throw new IllegalStateException("count: the store failed", e);
        }
    }
}
