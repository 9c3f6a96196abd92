package projection;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Step 2, written from CONTRACT.md: the mark row as a fenced state machine. The fence is the tuple
 * (projector, owner, revision); a take bumps the revision, nothing else does.
 */
public final class Marks {
    private Marks() {}

    /** The stored row's owner, revision and projected, or null when there is no row. */
    private record Row(String owner, long revision, long leaseUntil, long projected) {}

    public static Ownership take(Connection c, String projector, String worker, long now, long ttl) {
        if (projector == null || worker == null) {
            throw new IllegalArgumentException("take: projector and worker are required");
        }
        if (ttl <= 0) {
            throw new IllegalArgumentException("take: ttl must be positive, was " + ttl);
        }
        try (Statement tx = c.createStatement()) {
            tx.execute("BEGIN IMMEDIATE");
            try {
                Ownership own = takeInside(c, projector, worker, now, ttl);
                tx.execute("COMMIT");
                return own;
            } catch (SQLException | RuntimeException e) {
                undo(tx, e);
                throw e;
            }
        } catch (SQLException e) {
            throw new RuntimeException("take " + projector + " by " + worker + ": " + e.getMessage(), e);
        }
    }

    private static Ownership takeInside(Connection c, String projector, String worker, long now, long ttl)
            throws SQLException {
        try (PreparedStatement ins = c.prepareStatement(
                "INSERT OR IGNORE INTO mark(projector, owner, revision, lease_until, seen, projected)"
                        + " VALUES (?, NULL, 0, 0, 0, 0)")) {
            ins.setString(1, projector);
            ins.executeUpdate();
        }
        Row row = row(c, projector);
        if (row == null) {
            throw new IllegalStateException("take: the mark row of " + projector + " vanished");
        }
        if (row.owner() != null && row.leaseUntil() > now) {
            throw new MarkHeld(projector + " is held by " + row.owner() + " until " + row.leaseUntil()
                    + " (now " + now + ")");
        }
        long next = row.revision() + 1;
        int changed;
        try (PreparedStatement up = c.prepareStatement(
                "UPDATE mark SET owner = ?1, revision = ?2, lease_until = ?3, seen = projected"
                        + " WHERE projector = ?4 AND revision = ?5")) {
            up.setString(1, worker);
            up.setLong(2, next);
            up.setLong(3, now + ttl);
            up.setString(4, projector);
            up.setLong(5, row.revision());
            changed = up.executeUpdate();
        }
        if (changed != 1) {
            throw new MarkHeld(projector + ": another taker moved revision " + row.revision() + " first");
        }
        return new Ownership(projector, worker, next, row.projected());
    }

    /**
     * Runs inside the caller's transaction. The target is checked against the stored row first (a mark never goes
     * back), then the move itself is a CAS on the whole tuple whose update count must be 1.
     */
    public static void advance(Connection c, Ownership own, long to) {
        try {
            Row row = row(c, own.projector());
            if (row != null && to < row.projected()) {
                throw new IllegalArgumentException("advance: a mark never goes back (" + to + " < projected "
                        + row.projected() + ")");
            }
            int changed;
            try (PreparedStatement up = c.prepareStatement(
                    "UPDATE mark SET projected = ?1, seen = CASE WHEN seen > ?1 THEN seen ELSE ?1 END"
                            + " WHERE projector = ?2 AND owner = ?3 AND revision = ?4 AND projected <= ?1")) {
                up.setLong(1, to);
                up.setString(2, own.projector());
                up.setString(3, own.owner());
                up.setLong(4, own.revision());
                changed = up.executeUpdate();
            }
            if (changed == 1) {
                return;
            }
            Row now = row(c, own.projector());
            if (now != null && own.owner().equals(now.owner()) && now.revision() == own.revision()
                    && to < now.projected()) {
                throw new IllegalArgumentException("advance: a mark never goes back (" + to + " < projected "
                        + now.projected() + ")");
            }
            throw stale("advance", own);
        } catch (SQLException e) {
            throw new IllegalStateException("advance " + own.projector() + ": " + e.getMessage(), e);
        }
    }

    public static void markSeen(Connection c, Ownership own, long upTo) {
        try (PreparedStatement up = c.prepareStatement(
                "UPDATE mark SET seen = CASE WHEN seen < ?1 THEN ?1 ELSE seen END"
                        + " WHERE projector = ?2 AND owner = ?3 AND revision = ?4")) {
            up.setLong(1, upTo);
            up.setString(2, own.projector());
            up.setString(3, own.owner());
            up.setLong(4, own.revision());
            if (up.executeUpdate() != 1) {
                throw stale("markSeen", own);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("markSeen " + own.projector() + ": " + e.getMessage(), e);
        }
    }

    private static StaleOwner stale(String what, Ownership own) {
        return new StaleOwner(what + ": " + own.owner() + " at revision " + own.revision() + " no longer holds "
                + own.projector());
    }

    private static Row row(Connection c, String projector) throws SQLException {
        try (PreparedStatement q = c.prepareStatement(
                "SELECT owner, revision, lease_until, projected FROM mark WHERE projector = ?")) {
            q.setString(1, projector);
            try (ResultSet r = q.executeQuery()) {
                return r.next() ? new Row(r.getString(1), r.getLong(2), r.getLong(3), r.getLong(4)) : null;
            }
        }
    }

    /** Rolls back the open transaction; a failure to do so rides along on the original exception. */
    static void undo(Statement tx, Exception cause) {
        try {
            tx.execute("ROLLBACK");
        } catch (SQLException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }
}
