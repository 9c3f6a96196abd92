package projection;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Test support for the official tests: connections with the schema, a stream, and raw reads of the four tables. */
final class Db {
    private Db() {}

    static final String P = "balances";

    /** A new in-memory store with the schema (one connection only: memory is not shared). */
    static Connection memory() {
        return withSchema(open("jdbc:sqlite::memory:"));
    }

    /** A connection to the store file {@code dir/store.db}, created with the schema on first use. */
    static Connection file(Path dir) {
        return withSchema(open("jdbc:sqlite:" + dir.resolve("store.db")));
    }

    private static Connection open(String url) {
        try {
            Connection c = DriverManager.getConnection(url);
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA busy_timeout = 250");
                // a test's store need not survive a power cut: no fsync, the rollback journal in memory
                s.execute("PRAGMA synchronous = OFF");
                s.execute("PRAGMA journal_mode = MEMORY");
            }
            return c;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Connection withSchema(Connection c) {
        Schema.create(c);
        return c;
    }

    /** Appends {@code n} generated events (seed 42) and returns them. */
    static List<Event> stream(Connection c, int n) {
        List<Event> events = Streams.generate(42, n);
        Streams.append(c, events);
        return events;
    }

    static Mark mark(Connection c) {
        return Mark.load(c, P).orElseThrow(() -> new AssertionError("no mark row for " + P));
    }

    /** Writes the mark row as given, whatever was there (the scene's starting point). */
    static void setMark(Connection c, String owner, long revision, long leaseUntil, long seen, long projected) {
        exec(c, "INSERT OR REPLACE INTO mark(projector, owner, revision, lease_until, seen, projected) VALUES(?, ?, ?, ?, ?, ?)",
                P, owner, revision, leaseUntil, seen, projected);
    }

    /** The applied positions, in the order they were written. */
    static List<Long> appliedPositions(Connection c) {
        List<Long> out = new ArrayList<>();
        query(c, "SELECT position FROM applied ORDER BY rowid", r -> out.add(r.getLong(1)));
        return out;
    }

    /** The applied rows as {@code position/owner/revision}, in the order they were written. */
    static List<String> appliedRows(Connection c) {
        List<String> out = new ArrayList<>();
        query(c, "SELECT position, owner, revision FROM applied ORDER BY rowid",
                r -> out.add(r.getLong(1) + "/" + r.getString(2) + "/" + r.getLong(3)));
        return out;
    }

    static Map<String, Long> balance(Connection c) {
        Map<String, Long> out = new TreeMap<>();
        query(c, "SELECT name, total FROM balance", r -> out.put(r.getString(1), r.getLong(2)));
        return out;
    }

    static long count(Connection c, String sql) {
        long[] n = new long[1];
        query(c, sql, r -> n[0] = r.getLong(1));
        return n[0];
    }

    /** Positions 1..n that are not applied exactly once, as "position×times". */
    static List<String> notOnce(Connection c, int n) {
        List<Long> applied = appliedPositions(c);
        List<String> out = new ArrayList<>();
        for (long p = 1; p <= n; p++) {
            long pos = p;
            long times = applied.stream().filter(x -> x == pos).count();
            if (times != 1) {
                out.add(p + "×" + times);
            }
        }
        return out;
    }

    /** Reads and applies batches of {@code max} until a read finds nothing; a read that does not move on fails. */
    static void drain(Projector p, int max) {
        long last = -1;
        for (int i = 0; i < 10_000; i++) {
            List<Event> b = p.read(max);
            if (b.isEmpty()) {
                return;
            }
            if (b.get(0).position() <= last) {
                throw new AssertionError("read handed out position " + b.get(0).position() + " again after a read up to "
                        + last + ": the cursor did not move on");
            }
            last = b.get(b.size() - 1).position();
            p.apply(b);
        }
        throw new AssertionError("the stream never drained: read keeps returning events");
    }

    /**
     * Another worker's connection to {@code dir/store.db} that never waits for a lock: when the code under test holds
     * the write lock, this worker's {@code BEGIN IMMEDIATE} fails at once instead of after the busy timeout.
     */
    static Connection impatient(Path dir) {
        Connection c = file(dir);
        exec(c, "PRAGMA busy_timeout = 0");
        return c;
    }

    /**
     * Another worker takes the mark of {@link #P} on its own connection, by the contract's rule and not through the code
     * under test: in one {@code BEGIN IMMEDIATE}, only if nobody holds a live lease at {@code now}. True when it took
     * the mark; false when the lease was live or the store was busy (the code under test held the write lock), and
     * then nothing of it is left.
     */
    static boolean rivalTakes(Connection other, String worker, long now, long ttl) {
        try (Statement s = other.createStatement()) {
            try {
                s.execute("BEGIN IMMEDIATE");
            } catch (SQLException busy) {
                return false;
            }
            try (PreparedStatement p = other.prepareStatement("UPDATE mark SET owner = ?, revision = revision + 1,"
                    + " lease_until = ?, seen = projected WHERE projector = ? AND (owner IS NULL OR lease_until <= ?)")) {
                p.setString(1, worker);
                p.setLong(2, now + ttl);
                p.setString(3, P);
                p.setLong(4, now);
                int n = p.executeUpdate();
                s.execute("COMMIT");
                return n == 1;
            } catch (SQLException busy) {
                try {
                    s.execute("ROLLBACK");
                } catch (SQLException none) {
                    // nothing was open
                }
                return false;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the rival's take", e);
        }
    }

    /**
     * The owner {@code owner} at {@code revision} moves the projected mark of {@link #P} to {@code to} on its own
     * connection, by the contract's rule and not through the code under test: in one {@code BEGIN IMMEDIATE}, a CAS on
     * the whole tuple. True when it moved the mark; false when the store was busy (the code under test held the write
     * lock) or the tuple no longer matched, and then nothing of it is left.
     */
    static boolean ownerAdvances(Connection other, String owner, long revision, long to) {
        try (Statement s = other.createStatement()) {
            try {
                s.execute("BEGIN IMMEDIATE");
            } catch (SQLException busy) {
                return false;
            }
            try (PreparedStatement p = other.prepareStatement("UPDATE mark SET projected = ?, seen = max(seen, ?)"
                    + " WHERE projector = ? AND owner = ? AND revision = ? AND projected <= ?")) {
                p.setLong(1, to);
                p.setLong(2, to);
                p.setString(3, P);
                p.setString(4, owner);
                p.setLong(5, revision);
                p.setLong(6, to);
                int n = p.executeUpdate();
                s.execute("COMMIT");
                return n == 1;
            } catch (SQLException busy) {
                try {
                    s.execute("ROLLBACK");
                } catch (SQLException none) {
                    // nothing was open
                }
                return false;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the owner's advance", e);
        }
    }

    /** Whether {@code c} can begin a write transaction now (it holds no transaction, and no one else holds the lock). */
    static boolean canBegin(Connection c) {
        try (Statement s = c.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            s.execute("ROLLBACK");
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    static void exec(Connection c, String sql, Object... args) {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                p.setObject(i + 1, args[i]);
            }
            p.execute();
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    interface Row {
        void accept(ResultSet r) throws SQLException;
    }

    static void query(Connection c, String sql, Row row) {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            while (r.next()) {
                row.accept(r);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    static void close(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // a test's connection
        }
    }
}
