package projection;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Step 2: the mark as an owner-safe state machine. {@code take} hands the mark to a new owner and bumps the revision
 * (the fence); {@code advance} and {@code markSeen} change it only through a compare-and-set on the whole tuple
 * (projector, owner, revision), and a CAS that changed no row is a refusal, never a silent success.
 */
public final class Marks {
    private Marks() {}

    /** Step 2: {@code worker} takes the mark of {@code projector} if nobody holds a live lease on it. */
    public static Ownership take(Connection c, String projector, String worker, long now, long ttl) {
        if (worker == null) {
            throw new IllegalArgumentException("take: a worker is needed");
        }
        if (ttl <= 0) {
            throw new IllegalArgumentException("take: ttl must be positive, not " + ttl);
        }
        try (Statement s = c.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            try {
                try (PreparedStatement p = c.prepareStatement("INSERT INTO mark(projector, owner, revision, lease_until, seen, projected)"
                        + " VALUES(?, NULL, 0, 0, 0, 0) ON CONFLICT(projector) DO NOTHING")) {
                    p.setString(1, projector);
                    p.executeUpdate();
                }
                Mark m = Mark.load(c, projector).orElseThrow();
                if (m.owner() != null && m.leaseUntil() > now) {
                    throw new MarkHeld("take: " + m.owner() + " holds " + projector + " until " + m.leaseUntil() + " (now " + now + ")");
                }
                long next = m.revision() + 1;
                try (PreparedStatement p = c.prepareStatement("UPDATE mark SET owner = ?, revision = ?, lease_until = ?,"
                        + " seen = projected WHERE projector = ? AND revision = ?")) {
                    p.setString(1, worker);
                    p.setLong(2, next);
                    p.setLong(3, now + ttl);
                    p.setString(4, projector);
                    p.setLong(5, m.revision());
                    if (p.executeUpdate() != 1) {
                        throw new MarkHeld("take: " + projector + " was taken by someone else meanwhile");
                    }
                }
                s.execute("COMMIT");
                return new Ownership(projector, worker, next, m.projected());
            } catch (SQLException | RuntimeException e) {
                rollback(s, e);
                throw e;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("take: the mark store failed", e);
        }
    }

    /**
     * Step 2: inside the caller's transaction (no BEGIN, no COMMIT here), sets the projected mark to {@code to}, and
     * seen to at least {@code to}: only if the tuple still matches, else {@link StaleOwner}, even when {@code to} is
     * ahead; a mark never goes back ({@link IllegalArgumentException}).
     */
    public static void advance(Connection c, Ownership own, long to) {
        try (PreparedStatement p = c.prepareStatement("UPDATE mark SET projected = ?, seen = max(seen, ?)"
                + " WHERE projector = ? AND owner = ? AND revision = ? AND projected <= ?")) {
            p.setLong(1, to);
            p.setLong(2, to);
            p.setString(3, own.projector());
            p.setString(4, own.owner());
            p.setLong(5, own.revision());
            p.setLong(6, to);
            int n = p.executeUpdate();
            if (n != 1) {
                throw refused(c, own, to);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("advance: the mark store failed", e);
        }
    }

    /** Step 2: records that a read handed out positions up to {@code upTo}: seen only, never projected. */
    public static void markSeen(Connection c, Ownership own, long upTo) {
        try (PreparedStatement p = c.prepareStatement("UPDATE mark SET seen = max(seen, ?)"
                + " WHERE projector = ? AND owner = ? AND revision = ?")) {
            p.setLong(1, upTo);
            p.setString(2, own.projector());
            p.setString(3, own.owner());
            p.setLong(4, own.revision());
            if (p.executeUpdate() != 1) {
                throw stale("markSeen", c, own);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("markSeen: the mark store failed", e);
        }
    }

    /** Why an advance changed no row: the tuple is not the stored one (stale), or it is and {@code to} goes back. */
    private static RuntimeException refused(Connection c, Ownership own, long to) {
        Mark m = Mark.load(c, own.projector()).orElse(null);
        if (m != null && own.owner().equals(m.owner()) && m.revision() == own.revision()) {
            return new IllegalArgumentException("advance: a mark never goes back (projected " + m.projected() + ", asked " + to + ")");
        }
        return stale("advance", c, own);
    }

    private static StaleOwner stale(String what, Connection c, Ownership own) {
        String now = Mark.load(c, own.projector()).map(m -> " (the mark is now " + m.owner() + " at revision " + m.revision() + ")")
                .orElse(" (no such mark)");
        return new StaleOwner(what + ": " + own.owner() + " at revision " + own.revision() + " no longer owns " + own.projector() + now);
    }

    private static void rollback(Statement s, Throwable cause) {
        try {
            s.execute("ROLLBACK");
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }
}
