package singleflight;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Steps 3 and 4: one run per effect scope. The leases live in a SQLite file, so a fence survives a restart of the
 * coordinator; each decision reads and writes in one {@code BEGIN IMMEDIATE} transaction, so two coordinators on one
 * file cannot both win. Runs in flight (for JOIN and for the in-flight limit) are this coordinator's own.
 */
public final class Coordinator implements LeaseKeeper {
    private final Path db;
    private final Clocks clocks;
    private final Config cfg;
    private final ReceiptLog log;
    /** Runs that hold a permit, by run id. */
    private final Set<String> permits = new HashSet<>();
    /** Each run's shared outcome, by run id, until it is released. */
    private final Map<String, CompletableFuture<RunOutcome>> outcomes = new HashMap<>();
    /** The key of each run in flight, by run id. */
    private final Map<String, String> keys = new HashMap<>();

    public Coordinator(Path db, Clocks clocks, Config cfg, ReceiptLog log) {
        if (db == null || clocks == null || cfg == null || log == null) {
            throw new IllegalArgumentException("coordinator: db, clocks, config and log are needed");
        }
        this.db = db;
        this.clocks = clocks;
        this.cfg = cfg;
        this.log = log;
        try (Connection c = open(); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE IF NOT EXISTS leases(scope TEXT PRIMARY KEY, key TEXT NOT NULL, owner TEXT NOT NULL,"
                    + " run TEXT NOT NULL, fence INTEGER NOT NULL, acquired INTEGER NOT NULL, expires INTEGER NOT NULL,"
                    + " held INTEGER NOT NULL)");
        } catch (SQLException e) {
            throw new IllegalStateException("coordinator: cannot open the lease store", e);
        }
    }

    /** Step 3: a trigger asks for its scope. */
    public synchronized Acquisition acquire(Trigger t) {
        if (t == null) {
            throw new IllegalArgumentException("acquire: no trigger");
        }
        try (Connection c = open()) {
            begin(c);
            long now = clocks.mono().nanos();
            Optional<Lease> row = read(c, t.scope());
            Optional<Boolean> held = heldOf(c, t.scope());
            boolean live = row.isPresent() && held.orElse(false) && row.get().expiresNanos() > now;
            if (live && cfg.policy() == Policy.SKIP) {
                return done(c, t, now, AcquireVerdict.SKIPPED, row.get().fence());
            }
            if (live && cfg.policy() == Policy.JOIN) {
                Lease leader = row.get();
                CompletableFuture<RunOutcome> shared = outcomes.get(leader.run());
                if (shared != null && t.key().equals(keys.get(leader.run()))) {
                    end(c, "ROLLBACK");
                    log.append(Receipts.of(now, "ACQUIRE", asLease(t, leader.fence(), now), "JOINED", 0, null));
                    return new Acquisition(AcquireVerdict.JOINED, Optional.empty(), Optional.of(leader.run()), shared);
                }
                return done(c, t, now, AcquireVerdict.SKIPPED, leader.fence());
            }
            if (permits.size() >= cfg.maxInFlight()) {
                return done(c, t, now, AcquireVerdict.NO_PERMIT, row.map(Lease::fence).orElse(0L));
            }
            long fence = row.map(Lease::fence).orElse(0L) + 1;
            Lease lease = new Lease(t.scope(), t.key(), t.owner(), t.run(), fence, now, now + cfg.ttl().toNanos());
            try (PreparedStatement p = c.prepareStatement("INSERT INTO leases(scope, key, owner, run, fence, acquired, expires, held)"
                    + " VALUES(?,?,?,?,?,?,?,1) ON CONFLICT(scope) DO UPDATE SET key=excluded.key, owner=excluded.owner,"
                    + " run=excluded.run, fence=excluded.fence, acquired=excluded.acquired, expires=excluded.expires, held=1")) {
                p.setString(1, lease.scope());
                p.setString(2, lease.key());
                p.setString(3, lease.owner());
                p.setString(4, lease.run());
                p.setLong(5, lease.fence());
                p.setLong(6, lease.acquiredNanos());
                p.setLong(7, lease.expiresNanos());
                p.executeUpdate();
            }
            end(c, "COMMIT");
            AcquireVerdict v = live || cfg.policy() == Policy.REPLACE && held.orElse(false) ? AcquireVerdict.REPLACED : AcquireVerdict.ACQUIRED;
            permits.add(t.run());
            CompletableFuture<RunOutcome> outcome = new CompletableFuture<>();
            outcomes.put(t.run(), outcome);
            keys.put(t.run(), t.key());
            log.append(Receipts.of(now, "ACQUIRE", lease, v.name(), 0, null));
            return new Acquisition(v, Optional.of(lease), Optional.empty(), outcome);
        } catch (SQLException e) {
            throw new IllegalStateException("acquire: the lease store failed", e);
        }
    }

    private Acquisition done(Connection c, Trigger t, long now, AcquireVerdict v, long fence) throws SQLException {
        end(c, "ROLLBACK");
        log.append(Receipts.of(now, "ACQUIRE", asLease(t, fence, now), v.name(), 0, null));
        return new Acquisition(v, Optional.empty(), Optional.empty(), CompletableFuture.completedFuture(RunOutcome.NOT_RUN));
    }

    private static Lease asLease(Trigger t, long fence, long now) {
        return new Lease(t.scope(), t.key(), t.owner(), t.run(), fence, now, now);
    }

    /** Step 4: the lease lives on for another ttl, if it is still this run's and still alive. */
    @Override
    public synchronized RenewVerdict renew(Lease lease) {
        if (lease == null) {
            throw new IllegalArgumentException("renew: no lease");
        }
        try (Connection c = open()) {
            begin(c);
            long now = clocks.mono().nanos();
            Optional<Lease> row = read(c, lease.scope());
            RenewVerdict v;
            if (row.isEmpty()) {
                v = RenewVerdict.NOT_HELD;
            } else if (row.get().fence() != lease.fence()) {
                v = RenewVerdict.FENCED_OUT;
            } else if (!heldOf(c, lease.scope()).orElse(false)) {
                v = RenewVerdict.NOT_HELD;
            } else if (row.get().expiresNanos() <= now) {
                v = RenewVerdict.EXPIRED;
            } else {
                v = RenewVerdict.RENEWED;
                try (PreparedStatement p = c.prepareStatement("UPDATE leases SET expires = ? WHERE scope = ? AND fence = ? AND held = 1")) {
                    p.setLong(1, now + cfg.ttl().toNanos());
                    p.setString(2, lease.scope());
                    p.setLong(3, lease.fence());
                    if (p.executeUpdate() != 1) {
                        throw new IllegalStateException("renew: the row changed under the transaction");
                    }
                }
            }
            end(c, "COMMIT");
            log.append(Receipts.of(now, "RENEW", lease, v.name(), 0, null));
            return v;
        } catch (SQLException e) {
            throw new IllegalStateException("renew: the lease store failed", e);
        }
    }

    /**
     * Step 3: the run is over. Frees the row if the lease is still the stored one (the fence is kept), gives the run's
     * permit back (once), and completes the run's outcome for everyone who joined it. True when the row was freed.
     */
    public synchronized boolean release(Lease lease, RunOutcome outcome) {
        if (lease == null || outcome == null) {
            throw new IllegalArgumentException("release: a lease and an outcome are needed");
        }
        long now = clocks.mono().nanos();
        int freed;
        try (Connection c = open();
             PreparedStatement p = c.prepareStatement("UPDATE leases SET held = 0 WHERE scope = ? AND fence = ? AND held = 1")) {
            p.setString(1, lease.scope());
            p.setLong(2, lease.fence());
            freed = p.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("release: the lease store failed", e);
        }
        permits.remove(lease.run());
        keys.remove(lease.run());
        CompletableFuture<RunOutcome> shared = outcomes.remove(lease.run());
        if (shared != null) {
            shared.complete(outcome);
        }
        log.append(Receipts.of(now, "RELEASE", lease, freed == 1 ? "RELEASED" : "NOT_HELD", 0, null));
        return freed == 1;
    }

    /** The lease stored for the scope, when it is held (expired or not). */
    @Override
    public synchronized Optional<Lease> current(String scope) {
        if (scope == null) {
            throw new IllegalArgumentException("current: no scope");
        }
        try (Connection c = open()) {
            return heldOf(c, scope).orElse(false) ? read(c, scope) : Optional.empty();
        } catch (SQLException e) {
            throw new IllegalStateException("current: the lease store failed", e);
        }
    }

    /** Step 3: how many runs hold a permit now. */
    public synchronized int inFlight() {
        return permits.size();
    }

    /** Takes the write lock before the first read, so no other writer can slip in between read and write. */
    private static void begin(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
        }
    }

    private static void end(Connection c, String how) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(how);
        }
    }

    private Connection open() throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = 5000");
        }
        return c;
    }

    private static Optional<Lease> read(Connection c, String scope) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT key, owner, run, fence, acquired, expires FROM leases WHERE scope = ?")) {
            p.setString(1, scope);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? Optional.of(new Lease(scope, r.getString(1), r.getString(2), r.getString(3), r.getLong(4),
                        r.getLong(5), r.getLong(6))) : Optional.empty();
            }
        }
    }

    private static Optional<Boolean> heldOf(Connection c, String scope) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT held FROM leases WHERE scope = ?")) {
            p.setString(1, scope);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? Optional.of(r.getInt(1) == 1) : Optional.empty();
            }
        }
    }
}
