package projection;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The lab's four tables. {@link #create} is idempotent ({@code CREATE TABLE IF NOT EXISTS}): a second call changes
 * nothing.
 *
 * <pre>
 * events(position INTEGER PRIMARY KEY, kind TEXT NOT NULL, amount INTEGER NOT NULL)   the stream, positions 1..N
 * applied(position INTEGER NOT NULL, owner TEXT NOT NULL, revision INTEGER NOT NULL) one row per apply; no unique key,
 *                                                                                     so a duplicate is a second row
 * balance(name TEXT PRIMARY KEY, total INTEGER NOT NULL)                              the projection: total += amount
 * mark(projector TEXT PRIMARY KEY, owner TEXT, revision INTEGER NOT NULL, lease_until INTEGER NOT NULL,
 *      seen INTEGER NOT NULL, projected INTEGER NOT NULL)                             one row per projector
 * </pre>
 */
public final class Schema {
    private Schema() {}

    public static void create(Connection c) {
        try (Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE IF NOT EXISTS events(position INTEGER PRIMARY KEY, kind TEXT NOT NULL,"
                    + " amount INTEGER NOT NULL)");
            s.executeUpdate("CREATE TABLE IF NOT EXISTS applied(position INTEGER NOT NULL, owner TEXT NOT NULL,"
                    + " revision INTEGER NOT NULL)");
            s.executeUpdate("CREATE TABLE IF NOT EXISTS balance(name TEXT PRIMARY KEY, total INTEGER NOT NULL)");
            s.executeUpdate("CREATE TABLE IF NOT EXISTS mark(projector TEXT PRIMARY KEY, owner TEXT,"
                    + " revision INTEGER NOT NULL, lease_until INTEGER NOT NULL, seen INTEGER NOT NULL,"
                    + " projected INTEGER NOT NULL)");
        } catch (SQLException e) {
            throw new IllegalStateException("schema: cannot create the tables", e);
        }
    }
}
