package pgqueue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * Lab 4, written from CONTRACT.md alone: a lease + fencing-token queue on PostgreSQL. Every time comparison is the
 * server's ({@code now()}); the worker's clock is never consulted.
 */
public final class Leases {
    public record Claim(String id, long fence) {}

    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private static final int ATTEMPTS = 5;

    private final DataSource db;
    private final Clock clock;

    public Leases(DataSource db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public static void initDb(DataSource db) {
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS jobs(id text PRIMARY KEY, owner text, "
                    + "until timestamptz NOT NULL DEFAULT '-infinity', fence bigint NOT NULL DEFAULT 0, "
                    + "result text, done boolean NOT NULL DEFAULT false)");
        } catch (SQLException e) {
            throw new IllegalStateException("initDb failed: " + e.getMessage(), e);
        }
    }

    public boolean enqueue(String id) {
        try (Connection c = db.getConnection();
             PreparedStatement s = c.prepareStatement("INSERT INTO jobs(id) VALUES (?) ON CONFLICT (id) DO NOTHING")) {
            s.setString(1, id);
            return s.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("enqueue failed: " + e.getMessage(), e);
        }
    }

    private static void checkTtl(double ttl) {
        if (!(ttl > 0)) {
            throw new IllegalArgumentException("ttl must be positive: " + ttl);
        }
    }

    /** Locks the row if it is claimable, then bumps the fence in the same transaction. */
    OptionalLong claim(String id, String owner, double ttl) {
        checkTtl(ttl);
        return inTransaction(c -> {
            try (PreparedStatement lock = c.prepareStatement(
                    "SELECT fence FROM jobs WHERE id = ? AND NOT done AND until <= now() FOR UPDATE")) {
                lock.setString(1, id);
                try (ResultSet rs = lock.executeQuery()) {
                    if (!rs.next()) {
                        return OptionalLong.empty();
                    }
                }
            }
            return OptionalLong.of(take(c, id, owner, ttl));
        });
    }

    /** The write half of a claim: the caller holds the row lock. */
    private static long take(Connection c, String id, String owner, double ttl) throws SQLException {
        try (PreparedStatement up = c.prepareStatement(
                "UPDATE jobs SET owner = ?, until = now() + make_interval(secs => ?), fence = fence + 1 "
                        + "WHERE id = ? RETURNING fence")) {
            up.setString(1, owner);
            up.setDouble(2, ttl);
            up.setString(3, id);
            try (ResultSet rs = up.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("locked row vanished: " + id);
                }
                return rs.getLong(1);
            }
        }
    }

    /** One autocommitted statement; returns the update count. */
    private int write(String what, String sql, Object... args) {
        try (Connection c = db.getConnection()) {
            c.setAutoCommit(true);
            try (PreparedStatement s = c.prepareStatement(sql)) {
                for (int i = 0; i < args.length; i++) {
                    s.setObject(i + 1, args[i]);
                }
                return s.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(what + " failed: " + e.getMessage(), e);
        }
    }

    boolean renew(String id, String owner, long fence, double ttl) {
        checkTtl(ttl);
        return write("renew", "UPDATE jobs SET until = now() + make_interval(secs => ?) "
                + "WHERE id = ? AND owner = ? AND fence = ? AND NOT done AND until > now()",
                ttl, id, owner, fence) == 1;
    }

    boolean complete(String id, String owner, long fence, String result) {
        return write("complete", "UPDATE jobs SET result = ?, done = true "
                + "WHERE id = ? AND owner = ? AND fence = ? AND NOT done AND until > now()",
                result, id, owner, fence) == 1;
    }

    boolean release(String id, String owner, long fence) {
        return write("release", "UPDATE jobs SET owner = NULL, until = '-infinity' "
                + "WHERE id = ? AND owner = ? AND fence = ? AND NOT done",
                id, owner, fence) == 1;
    }

    private static boolean retryable(SQLException e) {
        String state = e.getSQLState();
        return "40001".equals(state);
    }

    private static void quietRollback(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is closed next anyway
        }
    }

    <T> T inTransaction(Work<T> work) {
        SQLException last = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            try (Connection c = db.getConnection()) {
                c.setAutoCommit(false);
                try {
                    T value = work.run(c);
                    c.commit();
                    return value;
                } catch (SQLException e) {
                    quietRollback(c);
                    if (!retryable(e)) {
                        throw new IllegalStateException("transaction failed: " + e.getMessage(), e);
                    }
                    last = e;
                } catch (RuntimeException | Error e) {
                    quietRollback(c);
                    throw e;
                } finally {
                    try {
                        c.setAutoCommit(true);
                    } catch (SQLException ignored) {
                        // closing it is all that is left
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException("no connection: " + e.getMessage(), e);
            }
        }
        throw new IllegalStateException("gave up after " + ATTEMPTS + " attempts: " + last.getMessage(), last);
    }

    Optional<Claim> claimNext(String owner, double ttl) {
        checkTtl(ttl);
        return inTransaction(c -> {
            String id;
            try (PreparedStatement pick = c.prepareStatement(
                    "SELECT id FROM jobs WHERE NOT done AND until <= now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED");
                 ResultSet rs = pick.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                id = rs.getString(1);
            }
            return Optional.of(new Claim(id, take(c, id, owner, ttl)));
        });
    }

    OptionalDouble remaining(String id, String owner, long fence) {
        try (Connection c = db.getConnection();
             PreparedStatement s = c.prepareStatement(
                     "SELECT EXTRACT(EPOCH FROM until - now())::float8 FROM jobs "
                             + "WHERE id = ? AND owner = ? AND fence = ? AND NOT done AND until > now()")) {
            s.setString(1, id);
            s.setString(2, owner);
            s.setLong(3, fence);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? OptionalDouble.of(rs.getDouble(1)) : OptionalDouble.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("remaining failed: " + e.getMessage(), e);
        }
    }
}
