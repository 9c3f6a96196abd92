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
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** The reference: an SQLite job table guarded by an ownership lease and a fencing token. */
public final class Jobs {
    private Jobs() {}

    public record State(String id, String owner, double until, long fence, String result, boolean done) {}

    static void initDb(Path db) {
        try (Connection c = open(db); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE IF NOT EXISTS jobs("
                    + "id TEXT PRIMARY KEY, owner TEXT, until REAL NOT NULL DEFAULT 0, "
                    + "fence INTEGER NOT NULL DEFAULT 0, result TEXT, done INTEGER NOT NULL DEFAULT 0)");
        } catch (SQLException e) {
            throw new IllegalStateException("initDb failed: " + e.getMessage(), e);
        }
    }

    static boolean enqueue(Path db, String jobId) {
        try (Connection c = open(db);
             PreparedStatement s = c.prepareStatement("INSERT OR IGNORE INTO jobs(id) VALUES (?)")) {
            s.setString(1, jobId);
            return s.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("enqueue failed: " + e.getMessage(), e);
        }
    }

    static Optional<State> state(Path db, String jobId) {
        try (Connection c = open(db);
             PreparedStatement s = c.prepareStatement(
                     "SELECT id, owner, until, fence, result, done FROM jobs WHERE id = ?")) {
            s.setString(1, jobId);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    return Optional.empty();
                }
                return Optional.of(new State(r.getString(1), r.getString(2), r.getDouble(3),
                        r.getLong(4), r.getString(5), r.getInt(6) != 0));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("state failed: " + e.getMessage(), e);
        }
    }

    static OptionalLong claim(Path db, String jobId, String owner, double now, double ttl) {
        requirePositive(ttl);
        try (Connection c = open(db); Statement tx = c.createStatement()) {
            // The read and the write share one write-locked transaction: no other claimer can slip in between.
            tx.execute("BEGIN IMMEDIATE");
            try {
                long fence;
                try (PreparedStatement read = c.prepareStatement("SELECT until, fence, done FROM jobs WHERE id = ?")) {
                    read.setString(1, jobId);
                    try (ResultSet r = read.executeQuery()) {
                        if (!r.next()) {
                            tx.execute("COMMIT");
                            return OptionalLong.empty();
                        }
                        double until = r.getDouble(1);
                        fence = r.getLong(2);
                        boolean done = r.getInt(3) != 0;
                        if (done || until > now) {
                            tx.execute("COMMIT");
                            return OptionalLong.empty();
                        }
                    }
                }
                long next = fence + 1;
                try (PreparedStatement write = c.prepareStatement(
                        "UPDATE jobs SET owner = ?, until = ?, fence = ? WHERE id = ?")) {
                    write.setString(1, owner);
                    write.setDouble(2, now + ttl);
                    write.setLong(3, next);
                    write.setString(4, jobId);
                    write.executeUpdate();
                }
                tx.execute("COMMIT");
                return OptionalLong.of(next);
            } catch (SQLException | RuntimeException e) {
                tx.execute("ROLLBACK");
                throw e;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("claim failed: " + e.getMessage(), e);
        }
    }

    static boolean renew(Path db, String jobId, String owner, long fence, double now, double ttl) {
        requirePositive(ttl);
        try (Connection c = open(db);
             PreparedStatement s = c.prepareStatement(
                     "UPDATE jobs SET until = ? WHERE id = ? AND owner = ? AND fence = ? AND done = 0 AND until > ?")) {
            s.setDouble(1, now + ttl);
            s.setString(2, jobId);
            s.setString(3, owner);
            s.setLong(4, fence);
            s.setDouble(5, now);
            return s.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("renew failed: " + e.getMessage(), e);
        }
    }

    static boolean complete(Path db, String jobId, String owner, long fence, double now, String result) {
        try (Connection c = open(db);
             PreparedStatement s = c.prepareStatement(
                     "UPDATE jobs SET result = ?, done = 1 WHERE id = ? AND owner = ? AND fence = ? AND done = 0 AND until > ?")) {
            s.setString(1, result);
            s.setString(2, jobId);
            s.setString(3, owner);
            s.setLong(4, fence);
            s.setDouble(5, now);
            return s.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("complete failed: " + e.getMessage(), e);
        }
    }

    static boolean release(Path db, String jobId, String owner, long fence) {
        try (Connection c = open(db);
             PreparedStatement s = c.prepareStatement(
                     "UPDATE jobs SET owner = NULL, until = 0 WHERE id = ? AND owner = ? AND fence = ? AND done = 0")) {
            s.setString(1, jobId);
            s.setString(2, owner);
            s.setLong(3, fence);
            return s.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("release failed: " + e.getMessage(), e);
        }
    }

    static List<OptionalLong> claimMany(Path db, String jobId, List<String> owners, double now, double ttl) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, owners.size()));
        try {
            List<Future<OptionalLong>> pending = new ArrayList<>();
            for (String owner : owners) {
                pending.add(pool.submit(() -> claim(db, jobId, owner, now, ttl)));
            }
            List<OptionalLong> results = new ArrayList<>();
            for (Future<OptionalLong> f : pending) {
                results.add(f.get());
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("claimMany interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException("claimMany failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static void requirePositive(double ttl) {
        if (!(ttl > 0)) {
            throw new IllegalArgumentException("ttl must be > 0, was " + ttl);
        }
    }

    static Connection open(Path db) throws SQLException {
        // busy_timeout lets concurrent BEGIN IMMEDIATE callers wait their turn instead of failing.
        return DriverManager.getConnection("jdbc:sqlite:" + db + "?busy_timeout=10000");
    }
}
