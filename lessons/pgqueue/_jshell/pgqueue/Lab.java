package pgqueue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

/**
 * JShell's way in. JShell snippets live in their own package and the lab's methods are package-private, so every call
 * goes through these public twins; each call is a worker of its own ({@code new Leases}), with the real clock or one
 * skewed by some seconds. Also raw helpers: a fresh schema, a row put in place, a lease ended by the server's clock,
 * and the stored row as the timeline prints it (the time left in whole seconds, so two runs print the same).
 */
public final class Lab {
    private Lab() {}

    private static Leases worker(DataSource db, long skewSeconds) {
        return new Leases(db, Clock.offset(Clock.systemUTC(), Duration.ofSeconds(skewSeconds)));
    }

    public static OptionalLong claim(DataSource db, String id, String owner, double ttl) {
        return worker(db, 0).claim(id, owner, ttl);
    }

    /** claim by a worker whose clock is {@code skewSeconds} off (positive: fast). */
    public static OptionalLong claimWithClock(DataSource db, String id, String owner, double ttl, long skewSeconds) {
        return worker(db, skewSeconds).claim(id, owner, ttl);
    }

    public static boolean renew(DataSource db, String id, String owner, long fence, double ttl) {
        return worker(db, 0).renew(id, owner, fence, ttl);
    }

    public static boolean complete(DataSource db, String id, String owner, long fence, String result) {
        return worker(db, 0).complete(id, owner, fence, result);
    }

    public static boolean release(DataSource db, String id, String owner, long fence) {
        return worker(db, 0).release(id, owner, fence);
    }

    public static Optional<Leases.Claim> claimNext(DataSource db, String owner, double ttl) {
        return worker(db, 0).claimNext(owner, ttl);
    }

    /** remaining, to 5 s (both sides of a trace ask a few milliseconds apart), by a worker whose clock is {@code skewSeconds} off. */
    public static String remaining(DataSource db, String id, String owner, long fence, long skewSeconds) {
        OptionalDouble left = worker(db, skewSeconds).remaining(id, owner, fence);
        return left.isPresent() ? "about " + Math.round(left.getAsDouble() / 5) * 5 + " s" : "empty";
    }

    /**
     * inTransaction with a work that fails with SQLSTATE {@code state} on its first {@code failures} attempts, then
     * returns 7: what came back and after how many attempts.
     */
    public static String failing(DataSource db, int failures, String state) {
        AtomicInteger attempts = new AtomicInteger();
        try {
            Object v = worker(db, 0).inTransaction(c -> {
                int n = attempts.incrementAndGet();
                if (n > 50) {
                    throw new IllegalStateException("still retrying after 50 attempts");
                }
                if (n <= failures) {
                    throw new SQLException("simulated " + state, state);
                }
                return 7;
            });
            return v + " after " + attempts.get() + " attempt(s)";
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName() + " after " + attempts.get() + " attempt(s)";
        }
    }

    /** claimNext while another worker's transaction holds {@code locked}'s row lock (lock_timeout 300 ms). */
    public static Optional<Leases.Claim> claimNextWhileLocked(DataSource db, String locked, String owner) throws SQLException {
        try (Connection other = db.getConnection()) {
            other.setAutoCommit(false);
            try (PreparedStatement s = other.prepareStatement("SELECT 1 FROM jobs WHERE id = ? FOR UPDATE")) {
                s.setString(1, locked);
                s.executeQuery().close();
            }
            try {
                return worker(new TimedOut(db), 0).claimNext(owner, 30);
            } finally {
                other.rollback();
            }
        }
    }

    /** The connections of {@code db} with lock_timeout set: a wait for another worker's row lock fails fast. */
    private static final class TimedOut implements DataSource {
        private final DataSource db;

        TimedOut(DataSource db) {
            this.db = db;
        }

        @Override
        public Connection getConnection() throws SQLException {
            Connection c = db.getConnection();
            try (Statement s = c.createStatement()) {
                s.execute("SET lock_timeout = '300ms'");
            }
            return c;
        }

        @Override
        public Connection getConnection(String u, String p) throws SQLException {
            return getConnection();
        }

        @Override
        public java.io.PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(java.io.PrintWriter out) {}

        @Override
        public void setLoginTimeout(int seconds) {}

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public java.util.logging.Logger getParentLogger() throws java.sql.SQLFeatureNotSupportedException {
            throw new java.sql.SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }

    /** One call of a scene, whatever it returns; a statement counts as {@code ok}. */
    public interface Moment {
        Object run() throws Exception;
    }

    public static Moment m(java.util.concurrent.Callable<?> call) {
        return call::call;
    }

    public static Moment m(Runnable call) {
        return () -> {
            call.run();
            return "ok";
        };
    }

    /** Plays a scene, one line per moment as soon as it is known: {@code #moment# i #|# result #:# message #|# row}. */
    public static void scene(DataSource db, String id, Moment... moments) {
        for (int i = 0; i < moments.length; i++) {
            String result;
            String message = "";
            try {
                result = String.valueOf(moments[i].run());
            } catch (Throwable t) {
                result = t.getClass().getSimpleName();
                message = String.valueOf(t.getMessage()).replace('\n', ' ');
            }
            System.out.println();
            System.out.println("#moment# " + i + " #|# " + result.replace('\n', ' ') + " #:# " + message + " #|# " + row(db, id));
            System.out.flush();
        }
    }

    /** A fresh schema of its own with the jobs table, made directly (not by the learner's initDb). */
    public static DataSource fresh() {
        DataSource db = Server.freshSchema();
        Server.sql(db, "CREATE TABLE jobs(id text PRIMARY KEY, owner text, until timestamptz NOT NULL DEFAULT '-infinity', "
                + "fence bigint NOT NULL DEFAULT 0, result text, done boolean NOT NULL DEFAULT false)");
        return db;
    }

    /**
     * Puts a row in place directly: the scene's starting point. {@code left}: seconds from the server's now to the end
     * of the lease (negative: it ended), or null for none ({@code -infinity}).
     */
    public static void put(DataSource db, String id, String owner, long fence, Double left, String result, boolean done) {
        Server.sql(db, "INSERT INTO jobs(id, owner, until, fence, result, done) VALUES (?, ?, "
                + "CASE WHEN ?::float8 IS NULL THEN '-infinity'::timestamptz ELSE now() + make_interval(secs => ?::float8) END, ?, ?, ?) "
                + "ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, until = excluded.until, fence = excluded.fence, "
                + "result = excluded.result, done = excluded.done", id, owner, left, left, fence, result, done);
    }

    /** The lease of {@code id} ended a second ago by the server's clock (its holder froze past it). */
    public static String expire(DataSource db, String id) {
        Server.sql(db, "UPDATE jobs SET until = now() - interval '1 second' WHERE id = ?", id);
        return "ok";
    }

    /** The stored row: {@code owner=A fence=1 until=now+30s done result=x} (the time left to 5 s), or {@code (no row)}. */
    public static String row(DataSource db, String id) {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement("SELECT owner, fence, result, done, "
                + "CASE WHEN until = '-infinity' THEN NULL ELSE extract(epoch FROM until - now())::float8 END FROM jobs WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    return "(no row)";
                }
                double left = r.getDouble(5);
                // To 5 s: both sides of a trace read their row a few milliseconds apart, so the exact time left differs.
                String until = r.wasNull() ? "-inf" : left > 0 ? "now+" + Math.round(left / 5) * 5 + "s" : "ended";
                String shown = "owner=" + (r.getString(1) == null ? "-" : r.getString(1)) + " fence=" + r.getLong(2) + " until=" + until;
                if (r.getBoolean(4)) {
                    shown += " done";
                }
                if (r.getString(3) != null) {
                    shown += " result=" + r.getString(3);
                }
                return shown;
            }
        } catch (SQLException e) {
            return "(no table)";
        }
    }
}
