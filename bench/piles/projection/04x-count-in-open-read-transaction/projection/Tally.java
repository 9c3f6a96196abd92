package projection;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Step 4, written from CONTRACT.md: what the tables say happened, counted per position. */
public final class Tally {
    private Tally() {}

    private static final String SQL = "SELECT"
            + " (SELECT count(*) FROM events),"
            + " (SELECT count(*) FROM events e LEFT JOIN applied a ON a.position = e.position"
            + "   WHERE a.position IS NULL),"
            + " (SELECT coalesce(sum(n - 1), 0) FROM (SELECT count(*) AS n FROM applied GROUP BY position))";

    private static Statement begun(Statement s) throws SQLException {
        s.execute("BEGIN"); // the three numbers from one snapshot
        return s;
    }

    public static Counts count(Connection c) {
        try (Statement s = c.createStatement(); ResultSet r = begun(s).executeQuery(SQL)) {
            r.next();
            return new Counts(r.getLong(1), r.getLong(2), r.getLong(3));
        } catch (SQLException e) {
            throw new IllegalStateException("tally: " + e.getMessage(), e);
        }
    }
}
