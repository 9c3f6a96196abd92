package singleflight;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Steps 3 and 4: one run per effect scope. The lease rows live in an SQLite file so that fences outlive this object;
 * the runs in flight (permits, and the futures joiners wait on) live in this object's memory.
 */
public final class Coordinator implements LeaseKeeper {
    private final Path db;
    private final Clocks clocks;
    private final Config cfg;
    private final ReceiptLog log;

    /** Runs acquired through this coordinator and not yet released: each holds one permit. */
    private final Map<String, InFlight> running = new HashMap<>();

    private record InFlight(String key, CompletableFuture<RunOutcome> done) {}

    /** One stored row. */
    private record Stored(String key, String owner, String run, long fence, long grantedAt, long expiresAt,
                          boolean released) {
        boolean liveAt(long now) {
            return !released && expiresAt > now;
        }

        Lease asLease(String scope) {
            return new Lease(scope, key, owner, run, fence, grantedAt, expiresAt);
        }
    }

    private static final String SCHEMA = "CREATE TABLE IF NOT EXISTS scope_lease ("
            + " scope_id TEXT NOT NULL PRIMARY KEY,"
            + " work_key TEXT NOT NULL,"
            + " holder TEXT NOT NULL,"
            + " run_id TEXT NOT NULL,"
            + " fence_no INTEGER NOT NULL,"
            + " granted_at INTEGER NOT NULL,"
            + " expires_at INTEGER NOT NULL,"
            + " released INTEGER NOT NULL DEFAULT 0)";

    public Coordinator(Path db, Clocks clocks, Config cfg, ReceiptLog log) {
        if (db == null || clocks == null || cfg == null || log == null) {
            throw new IllegalArgumentException("coordinator: db, clocks, cfg and log are required");
        }
        this.db = db;
        this.clocks = clocks;
        this.cfg = cfg;
        this.log = log;
        try (Connection c = open(); Statement s = c.createStatement()) {
            s.executeUpdate(SCHEMA);
        } catch (SQLException e) {
            throw new IllegalStateException("coordinator: cannot prepare the lease store", e);
        }
    }

    public Acquisition acquire(Trigger t) {
        if (t == null) {
            throw new IllegalArgumentException("acquire: no trigger");
        }
        Acquisition result;
        Receipt receipt;
        synchronized (this) {
            try (Connection c = open()) {
                beginImmediate(c);
                boolean committed = false;
                try {
                    long now = clocks.mono().nanos();
                    Optional<Stored> row = load(c, t.scope());
                    boolean live = row.isPresent() && row.get().liveAt(now);
                    long storedFence = row.map(Stored::fence).orElse(0L);

                    AcquireVerdict verdict = null;
                    InFlight leader = null;
                    if (live && cfg.policy() == Policy.SKIP) {
                        verdict = AcquireVerdict.SKIPPED;
                    } else if (live && cfg.policy() == Policy.JOIN) {
                        InFlight f = running.get(row.get().run());
                        if (f != null && f.key().equals(t.key())) {
                            verdict = AcquireVerdict.JOINED;
                            leader = f;
                        } else {
                            verdict = AcquireVerdict.SKIPPED;
                        }
                    } else if (running.size() >= cfg.maxInFlight()) {
                        verdict = AcquireVerdict.NO_PERMIT;
                    }

                    if (verdict != null) {
                        // nothing is stored: the receipt names the fence already in the store
                        receipt = Receipts.of(now, "ACQUIRE",
                                new Lease(t.scope(), t.key(), t.owner(), t.run(), storedFence, now, now),
                                verdict.name(), 0, null);
                        exec(c, "ROLLBACK");
                        committed = true;
                        if (verdict == AcquireVerdict.JOINED) {
                            result = new Acquisition(verdict, Optional.empty(), Optional.of(row.get().run()),
                                    leader.done());
                        } else {
                            result = new Acquisition(verdict, Optional.empty(), Optional.empty(),
                                    CompletableFuture.completedFuture(RunOutcome.NOT_RUN));
                        }
                    } else {
                        verdict = live ? AcquireVerdict.REPLACED : AcquireVerdict.ACQUIRED;
                        Lease fresh = new Lease(t.scope(), t.key(), t.owner(), t.run(), storedFence + 1, now,
                                now + cfg.ttl().toNanos());
                        receipt = Receipts.of(now, "ACQUIRE", fresh, verdict.name(), 0, null);
                        store(c, fresh);
                        exec(c, "COMMIT");
                        committed = true;
                        CompletableFuture<RunOutcome> done = new CompletableFuture<>();
                        running.put(t.run(), new InFlight(t.key(), done));
                        result = new Acquisition(verdict, Optional.of(fresh), Optional.empty(), done);
                    }
                } finally {
                    if (!committed) {
                        rollbackQuietly(c);
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException("acquire: the lease store failed", e);
            }
            log.append(receipt);
        }
        return result;
    }

    public int inFlight() {
        synchronized (this) {
            return running.size();
        }
    }

    @Override
    public Optional<Lease> current(String scope) {
        if (scope == null) {
            throw new IllegalArgumentException("current: no scope");
        }
        try (Connection c = open()) {
            return load(c, scope).filter(r -> !r.released()).map(r -> r.asLease(scope));
        } catch (SQLException e) {
            throw new IllegalStateException("current: the lease store failed", e);
        }
    }

    @Override
    public RenewVerdict renew(Lease lease) {
        if (lease == null) {
            throw new IllegalArgumentException("renew: no lease");
        }
        RenewVerdict verdict;
        Receipt receipt;
        try (Connection c = open()) {
            beginImmediate(c);
            boolean finished = false;
            try {
                long now = clocks.mono().nanos();
                Optional<Stored> row = load(c, lease.scope());
                if (row.isEmpty()) {
                    verdict = RenewVerdict.NOT_HELD;
                } else if (row.get().fence() != lease.fence()) {
                    verdict = RenewVerdict.FENCED_OUT;
                } else if (row.get().released()) {
                    verdict = RenewVerdict.NOT_HELD;
                } else if (row.get().expiresAt() <= now) {
                    verdict = RenewVerdict.EXPIRED;
                } else {
                    verdict = RenewVerdict.RENEWED;
                }
                receipt = Receipts.of(now, "RENEW", lease, verdict.name(), 0, null);
                if (verdict == RenewVerdict.RENEWED) {
                    try (PreparedStatement p = c.prepareStatement(
                            "UPDATE scope_lease SET expires_at = ? WHERE scope_id = ? AND fence_no = ? AND released = 0")) {
                        p.setLong(1, now + cfg.ttl().toNanos());
                        p.setString(2, lease.scope());
                        p.setLong(3, lease.fence());
                        p.executeUpdate();
                    }
                    exec(c, "COMMIT");
                } else {
                    exec(c, "ROLLBACK");
                }
                finished = true;
            } finally {
                if (!finished) {
                    rollbackQuietly(c);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("renew: the lease store failed", e);
        }
        log.append(receipt);
        return verdict;
    }

    public boolean release(Lease lease, RunOutcome outcome) {
        if (lease == null || outcome == null) {
            throw new IllegalArgumentException("release: lease and outcome are required");
        }
        boolean freed = false;
        InFlight gone;
        synchronized (this) {
            long now = clocks.mono().nanos();
            Receipts.of(now, "RELEASE", lease, "RELEASED", 0, null); // refuse what a receipt may not name, before any change
            try {
                try (Connection c = open();
                     PreparedStatement p = c.prepareStatement(
                             "UPDATE scope_lease SET released = 1 WHERE scope_id = ? AND fence_no = ? AND released = 0")) {
                    p.setString(1, lease.scope());
                    p.setLong(2, lease.fence());
                    freed = p.executeUpdate() > 0;
                } catch (SQLException e) {
                    throw new IllegalStateException("release: the lease store failed", e);
                }
                log.append(Receipts.of(now, "RELEASE", lease, freed ? "RELEASED" : "NOT_HELD", 0, null));
            } finally {
                gone = running.remove(lease.run()); // the permit comes back whatever happened, and only once
            }
        }
        if (gone != null) {
            gone.done().complete(outcome);
        }
        return freed;
    }

    // ---- store helpers -------------------------------------------------------------------------------------

    private Connection open() throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = 5000");
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    private static void beginImmediate(Connection c) throws SQLException {
        exec(c, "BEGIN IMMEDIATE");
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static void rollbackQuietly(Connection c) {
        try {
            exec(c, "ROLLBACK");
        } catch (SQLException ignored) {
            // the connection is closed next; SQLite drops an open transaction with it
        }
    }

    private static Optional<Stored> load(Connection c, String scope) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT work_key, holder, run_id, fence_no, granted_at, expires_at,"
                + " released FROM scope_lease WHERE scope_id = ?")) {
            p.setString(1, scope);
            try (ResultSet rs = p.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Stored(rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4),
                        rs.getLong(5), rs.getLong(6), rs.getInt(7) != 0));
            }
        }
    }

    private static void store(Connection c, Lease l) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT OR REPLACE INTO scope_lease"
                + " (scope_id, work_key, holder, run_id, fence_no, granted_at, expires_at, released)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, 0)")) {
            p.setString(1, l.scope());
            p.setString(2, l.key());
            p.setString(3, l.owner());
            p.setString(4, l.run());
            p.setLong(5, l.fence());
            p.setLong(6, l.acquiredNanos());
            p.setLong(7, l.expiresNanos());
            p.executeUpdate();
        }
    }
}
