package lease;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Raw SQL access for the official tests: set up rows and read them back without going through the
 * learner's code, so a step's verdict depends only on the method that step is about.
 */
final class Db {
    private Db() {}

    /** One stored row as the table holds it ({@code done} stays 0/1). */
    record Row(String id, String owner, double until, long fence, String result, int done) {}

    /** The worksheet's schema, created here so that steps 2–8 do not depend on the learner's initDb. */
    static Path fresh(Path dir) {
        Path db = dir.resolve("jobs.db");
        exec(db, "CREATE TABLE IF NOT EXISTS jobs(id TEXT PRIMARY KEY, owner TEXT, until REAL NOT NULL DEFAULT 0, "
                + "fence INTEGER NOT NULL DEFAULT 0, result TEXT, done INTEGER NOT NULL DEFAULT 0)");
        return db;
    }

    /** A fresh database in WAL mode, where a read-then-write race shows up in nearly every run. */
    static Path freshWal(Path dir) {
        Path db = dir.resolve("race.db");
        exec(db, "PRAGMA journal_mode=WAL");
        return fresh(dir);
    }

    /**
     * Holds the database's write lock (BEGIN IMMEDIATE) until closed. Racing claimers started meanwhile can all read,
     * but must wait to write: a claim whose read and write are not one transaction then reliably lets several of
     * them win, instead of only when the threads happen to interleave.
     */
    static AutoCloseable writeLock(Path db) {
        try {
            Connection c = open(db);
            Statement s = c.createStatement();
            s.execute("BEGIN IMMEDIATE");
            return () -> {
                try (c; s) {
                    s.execute("ROLLBACK");
                }
            };
        } catch (SQLException e) {
            throw new IllegalStateException("test setup SQL failed: " + e.getMessage(), e);
        }
    }

    static void insert(Path db, String id, String owner, double until, long fence, String result, int done) {
        exec(db, "INSERT INTO jobs(id, owner, until, fence, result, done) VALUES (?, ?, ?, ?, ?, ?)",
                id, owner, until, fence, result, done);
    }

    static void exec(Path db, String sql, Object... args) {
        try (Connection c = open(db); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            s.execute();
        } catch (SQLException e) {
            throw new IllegalStateException("test setup SQL failed: " + e.getMessage(), e);
        }
    }

    /** The row for {@code id}, or null when there is none. */
    static Row row(Path db, String id) {
        try (Connection c = open(db);
             PreparedStatement s = c.prepareStatement("SELECT id, owner, until, fence, result, done FROM jobs WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    return null;
                }
                return new Row(r.getString(1), r.getString(2), r.getDouble(3), r.getLong(4), r.getString(5), r.getInt(6));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("test read SQL failed: " + e.getMessage(), e);
        }
    }

    static long count(Path db) {
        try (Connection c = open(db); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM jobs")) {
            return r.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException("test read SQL failed: " + e.getMessage(), e);
        }
    }

    /** {@code PRAGMA table_info(jobs)} as "name type notnull default pk" strings, in column order. */
    static List<String> columns(Path db) {
        List<String> out = new ArrayList<>();
        try (Connection c = open(db); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("PRAGMA table_info(jobs)")) {
            while (r.next()) {
                out.add(r.getString("name") + " " + r.getString("type").toUpperCase() + " notnull=" + r.getInt("notnull")
                        + " default=" + number(r.getString("dflt_value")) + " pk=" + r.getInt("pk"));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("test read SQL failed: " + e.getMessage(), e);
        }
        return out;
    }

    /** {@code DEFAULT 0}, {@code DEFAULT 0.0} and {@code DEFAULT '0'} all mean the number zero; show them alike. */
    private static String number(String dflt) {
        if (dflt == null) {
            return null;
        }
        String v = dflt.strip().replaceAll("^'(.*)'$", "$1").replaceAll("^\\((.*)\\)$", "$1");
        try {
            double d = Double.parseDouble(v);
            return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    private static Connection open(Path db) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + db + "?busy_timeout=10000");
    }
}
