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
        try (Statement t = c.createStatement()) {
            t.execute("CREATE TEMP TABLE IF NOT EXISTS tally_applies(position INTEGER PRIMARY KEY, n INTEGER NOT NULL)");
            t.execute("DELETE FROM tally_applies");
            t.execute("INSERT INTO tally_applies SELECT position, count(*) FROM applied GROUP BY position");
        } catch (SQLException e) {
            throw new IllegalStateException("count: the store failed", e);
        }
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT"
                     + " (SELECT count(*) FROM events),"
                     + " (SELECT count(*) FROM events e WHERE NOT EXISTS (SELECT 1 FROM applied a WHERE a.position = e.position)),"
                     + " (SELECT coalesce(sum(n - 1), 0) FROM tally_applies)")) {
            r.next();
            return new Counts(r.getLong(1), r.getLong(2), r.getLong(3));
        } catch (SQLException e) {
            throw new IllegalStateException("count: the store failed", e);
        }
    }
}
