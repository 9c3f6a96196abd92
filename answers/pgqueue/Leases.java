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

/** The reference: the lease and its fence on a PostgreSQL server shared by worker processes. */
public final class Leases {
    /** A job granted by {@link #claimNext}: its id and the fence that came with it. */
    public record Claim(String id, long fence) {}

    /** What {@link #inTransaction} runs: one attempt, on a connection with autocommit off. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /** At most this many attempts of one transaction (the first included). */
    static final int ATTEMPTS = 5;

    private final DataSource db;
    /** This worker's own clock. Leases are timed by the server's clock, so nothing here reads it. */
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

    OptionalLong claim(String id, String owner, double ttl) {
        requirePositive(ttl);
        return inTransaction(c -> {
            // One statement: the row lock the UPDATE takes is held while its WHERE is checked; a concurrent claimer
            // waits for it, then (READ COMMITTED) checks the WHERE again on the row the winner left.
            try (PreparedStatement s = c.prepareStatement("UPDATE jobs SET owner = ?, "
                    + "until = now() + make_interval(secs => ?), fence = fence + 1 "
                    + "WHERE id = ? AND NOT done AND until <= now() RETURNING fence")) {
                s.setString(1, owner);
                s.setDouble(2, ttl);
                s.setString(3, id);
                try (ResultSet r = s.executeQuery()) {
                    return r.next() ? OptionalLong.of(r.getLong(1)) : OptionalLong.empty();
                }
            }
        });
    }

    boolean renew(String id, String owner, long fence, double ttl) {
        requirePositive(ttl);
        return update("renew", "UPDATE jobs SET until = now() + make_interval(secs => ?) "
                + "WHERE id = ? AND owner = ? AND fence = ? AND NOT done AND until > now()", ttl, id, owner, fence);
    }

    boolean complete(String id, String owner, long fence, String result) {
        return update("complete", "UPDATE jobs SET result = ?, done = true "
                + "WHERE id = ? AND owner = ? AND fence = ? AND NOT done AND until > now()", result, id, owner, fence);
    }

    boolean release(String id, String owner, long fence) {
        return update("release", "UPDATE jobs SET owner = NULL, until = '-infinity' "
                + "WHERE id = ? AND owner = ? AND fence = ? AND NOT done", id, owner, fence);
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
                } catch (SQLException | RuntimeException e) {
                    c.rollback();
                    throw e;
                }
            } catch (SQLException e) {
                if (!retryable(e)) {
                    throw new IllegalStateException("transaction failed: " + e.getMessage(), e);
                }
                last = e;
            }
        }
        throw new IllegalStateException("transaction failed " + ATTEMPTS + " times: " + last.getMessage(), last);
    }

    Optional<Claim> claimNext(String owner, double ttl) {
        requirePositive(ttl);
        return inTransaction(c -> {
            // SKIP LOCKED: a row another worker is claiming right now is passed over, not waited for.
            try (PreparedStatement s = c.prepareStatement("UPDATE jobs SET owner = ?, "
                    + "until = now() + make_interval(secs => ?), fence = fence + 1 WHERE id = ("
                    + "SELECT id FROM jobs WHERE NOT done AND until <= now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) "
                    + "RETURNING id, fence")) {
                s.setString(1, owner);
                s.setDouble(2, ttl);
                try (ResultSet r = s.executeQuery()) {
                    return r.next() ? Optional.of(new Claim(r.getString(1), r.getLong(2))) : Optional.empty();
                }
            }
        });
    }

    OptionalDouble remaining(String id, String owner, long fence) {
        try (Connection c = db.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT extract(epoch FROM until - now()) FROM jobs "
                     + "WHERE id = ? AND owner = ? AND fence = ? AND NOT done AND until > now()")) {
            s.setString(1, id);
            s.setString(2, owner);
            s.setLong(3, fence);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? OptionalDouble.of(r.getDouble(1)) : OptionalDouble.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("remaining failed: " + e.getMessage(), e);
        }
    }

    /** A serialization failure or a deadlock: the transaction may succeed if run again. */
    private static boolean retryable(SQLException e) {
        return "40001".equals(e.getSQLState()) || "40P01".equals(e.getSQLState());
    }

    private boolean update(String what, String sql, Object... args) {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            return s.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException(what + " failed: " + e.getMessage(), e);
        }
    }

    private static void requirePositive(double ttl) {
        if (!(ttl > 0)) {
            throw new IllegalArgumentException("ttl must be > 0, was " + ttl);
        }
    }
}
