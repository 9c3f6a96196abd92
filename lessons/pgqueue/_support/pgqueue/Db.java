package pgqueue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Raw SQL for the official tests: a schema of its own per test, rows set up and read back without the learner's
 * code, times relative to the server's clock, and another worker's transaction that holds a row lock.
 */
final class Db implements AutoCloseable {
    private final String schema;
    /** The test's own connection for setting up and reading rows (opened on first use). */
    private Connection own;
    /** What this test opened: pools and other workers' transactions, closed with it. */
    private final java.util.List<AutoCloseable> opened = new java.util.ArrayList<>();

    private Db(String schema) {
        this.schema = schema;
    }

    /** Closes every connection this test opened (its pools, the transactions of other workers, its own). */
    @Override
    public synchronized void close() {
        for (AutoCloseable c : opened) {
            try {
                c.close();
            } catch (Exception ignored) {
                // closing anyway
            }
        }
        opened.clear();
        try {
            if (own != null) {
                own.close();
            }
        } catch (SQLException ignored) {
            // closing anyway
        }
    }

    private synchronized Connection own() throws SQLException {
        if (own == null) {
            own = DriverManager.getConnection(url());
        }
        return own;
    }

    /** One row as the table holds it; {@code left}: seconds until {@code until} by the server's clock (NaN: -infinity). */
    record Row(String id, String owner, double left, long fence, String result, boolean done) {
        /** The same row without its time (for rows compared whole, when only the time moved). */
        Row timeless() {
            return new Row(id, owner, 0, fence, result, done);
        }
    }

    /** The server the workbook started for this command (through the child's relay). */
    static String serverUrl() {
        String url = System.getProperty("workbook.server.url");
        if (url == null) {
            throw new IllegalStateException("no PostgreSQL server: workbook.server.url is not set (run the tests with ./workbook)");
        }
        return url;
    }

    /** A fresh schema with an empty jobs table, the one every connection of this test works in. */
    static Db fresh() {
        String name = "t_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
        try (Connection c = DriverManager.getConnection(serverUrl()); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + name);
            s.execute("CREATE TABLE " + name + ".jobs(id text PRIMARY KEY, owner text, "
                    + "until timestamptz NOT NULL DEFAULT '-infinity', fence bigint NOT NULL DEFAULT 0, "
                    + "result text, done boolean NOT NULL DEFAULT false)");
        } catch (SQLException e) {
            throw new IllegalStateException("test setup SQL failed: " + e.getMessage(), e);
        }
        return new Db(name);
    }

    /** A schema with no jobs table at all (SQL errors must surface). */
    static Db empty() {
        Db db = fresh();
        db.exec("DROP TABLE jobs");
        return db;
    }

    String url() {
        return serverUrl() + "&currentSchema=" + schema + "&ApplicationName=" + schema;
    }

    /** A pool of connections to this schema, with {@code settings} (SQL run on each new connection). */
    synchronized Pool pool(String... settings) {
        Pool p = new Pool(url(), settings);
        opened.add(p);
        return p;
    }

    Connection open() throws SQLException {
        return DriverManager.getConnection(url());
    }

    synchronized void exec(String sql, Object... args) {
        try (PreparedStatement s = own().prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            s.execute();
        } catch (SQLException e) {
            throw new IllegalStateException("test setup SQL failed: " + e.getMessage(), e);
        }
    }

    /** A job nobody holds (never claimed, or released). */
    void free(String id) {
        exec("INSERT INTO jobs(id) VALUES (?)", id);
    }

    /**
     * Another worker claims {@code id} and releases it at once, if it is claimable now: the fence it was handed
     * ({@code 0}: none, the job was not claimable).
     */
    synchronized long claimAndRelease(String id) {
        try (PreparedStatement s = own().prepareStatement("UPDATE jobs SET fence = fence + 1, owner = NULL, until = '-infinity' "
                + "WHERE id = ? AND NOT done AND until <= now() RETURNING fence")) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? r.getLong(1) : 0;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("test SQL failed: " + e.getMessage(), e);
        }
    }

    /** A released job: nobody holds it, its fence is {@code fence}. */
    void released(String id, long fence) {
        exec("INSERT INTO jobs(id, fence) VALUES (?, ?)", id, fence);
    }

    /** A job held by {@code owner} with {@code fence}, {@code left} seconds from the server's now (negative: expired). */
    void held(String id, String owner, long fence, double left) {
        exec("INSERT INTO jobs(id, owner, until, fence) VALUES (?, ?, now() + make_interval(secs => ?), ?)",
                id, owner, left, fence);
    }

    /** A finished job: done, with its result, its lease {@code left} seconds from now. */
    void done(String id, String owner, long fence, double left, String result) {
        exec("INSERT INTO jobs(id, owner, until, fence, result, done) VALUES (?, ?, now() + make_interval(secs => ?), ?, ?, true)",
                id, owner, left, fence, result);
    }

    /** Moves the lease of {@code id} to {@code left} seconds from the server's now (a worker stalled past it: -1). */
    void setLeft(String id, double left) {
        exec("UPDATE jobs SET until = now() + make_interval(secs => ?) WHERE id = ?", left, id);
    }

    synchronized Row row(String id) {
        try (PreparedStatement s = own().prepareStatement("SELECT id, owner, "
                + "CASE WHEN until = '-infinity' THEN 'NaN'::float8 ELSE extract(epoch FROM until - now())::float8 END, "
                + "fence, result, done FROM jobs WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? new Row(r.getString(1), r.getString(2), r.getDouble(3), r.getLong(4), r.getString(5),
                        r.getBoolean(6)) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("test SQL failed: " + e.getMessage(), e);
        }
    }

    synchronized long count() {
        try (Statement s = own().createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM jobs")) {
            r.next();
            return r.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException("test SQL failed: " + e.getMessage(), e);
        }
    }

    /**
     * Another worker's open transaction that holds the row lock of {@code id} ({@code SELECT … FOR UPDATE}) until closed
     * (rolled back).
     */
    AutoCloseable lockRow(String id) {
        return holding("SELECT 1 FROM jobs WHERE id = ? FOR UPDATE", id);
    }

    /**
     * Another worker's open transaction that has claimed {@code id} for {@code owner} ({@code fence + 1}, 30 s) and not
     * committed yet: {@link Held#commit()} commits it.
     */
    Held claimingInAnotherTransaction(String id, String owner) {
        return (Held) holding("UPDATE jobs SET owner = ?, until = now() + interval '30 seconds', fence = fence + 1 WHERE id = ?",
                owner, id);
    }

    /** An open transaction of another worker. */
    interface Held extends AutoCloseable {
        void commit() throws SQLException;

        @Override
        void close() throws SQLException;
    }

    private Held holding(String sql, Object... args) {
        try {
            Connection c = open();
            c.setAutoCommit(false);
            try (PreparedStatement s = c.prepareStatement(sql)) {
                for (int i = 0; i < args.length; i++) {
                    s.setObject(i + 1, args[i]);
                }
                s.execute();
            }
            Held held = new Held() {
                @Override
                public void commit() throws SQLException {
                    c.commit();
                }

                @Override
                public void close() throws SQLException {
                    try (c) {
                        if (!c.isClosed()) {
                            c.rollback();
                        }
                    }
                }
            };
            synchronized (this) {
                opened.add(held);
            }
            return held;
        } catch (SQLException e) {
            throw new IllegalStateException("test setup SQL failed: " + e.getMessage(), e);
        }
    }

    /**
     * Waits until a backend of this test's role is waiting for a lock (the learner's statement stuck behind another
     * worker's row lock), or {@code millis} have passed; whether it was seen.
     */
    boolean awaitWaitingForALock(long millis) {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < deadline) {
            try (Statement s = own().createStatement(); ResultSet r = s.executeQuery(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND application_name = '" + schema + "'")) {
                r.next();
                if (r.getLong(1) > 0) {
                    return true;
                }
                Thread.sleep(10);
            } catch (SQLException e) {
                throw new IllegalStateException("test SQL failed: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }
}
