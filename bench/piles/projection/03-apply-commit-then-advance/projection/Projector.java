package projection;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Step 3: one owner's projection. {@code read} hands out the next events and records them as seen only;
 * {@code apply} commits their effect and the projected mark in one transaction, so a crash or a refusal leaves all
 * of a batch or nothing of it.
 */
public final class Projector {
    private final Connection c;
    private final Ownership own;
    /** The last position this projector handed out; in memory only. */
    private long cursor;

    public Projector(Connection c, Ownership own) {
        this.c = c;
        this.own = own;
        this.cursor = own.resumeAfter();
    }

    /** Step 3: at most {@code max} events after the cursor, in position order, recorded as seen. */
    public List<Event> read(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("read: max must be at least 1, not " + max);
        }
        List<Event> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT position, kind, amount FROM events WHERE position > ?"
                + " ORDER BY position LIMIT ?")) {
            p.setLong(1, cursor);
            p.setInt(2, max);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new Event(r.getLong(1), r.getString(2), r.getLong(3)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read: the event store failed", e);
        }
        if (!out.isEmpty()) {
            long last = out.get(out.size() - 1).position();
            Marks.markSeen(c, own, last);
            cursor = last;
        }
        return List.copyOf(out);
    }

    /** Step 3: the batch's effect and the projected mark, in one BEGIN IMMEDIATE transaction; all or nothing. */
    public void apply(List<Event> batch) {
        if (batch.isEmpty()) {
            return;
        }
        try (Statement s = c.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            try {
                try (PreparedStatement log = c.prepareStatement("INSERT INTO applied(position, owner, revision) VALUES(?, ?, ?)");
                     PreparedStatement add = c.prepareStatement("INSERT INTO balance(name, total) VALUES(?, ?)"
                             + " ON CONFLICT(name) DO UPDATE SET total = total + excluded.total")) {
                    for (Event e : batch) {
                        log.setLong(1, e.position());
                        log.setString(2, own.owner());
                        log.setLong(3, own.revision());
                        log.executeUpdate();
                        add.setString(1, e.kind());
                        add.setLong(2, e.amount());
                        add.executeUpdate();
                    }
                }
                s.execute("COMMIT");
                s.execute("BEGIN IMMEDIATE");
                Marks.advance(c, own, batch.get(batch.size() - 1).position());
                s.execute("COMMIT");
            } catch (SQLException | RuntimeException e) {
                try {
                    s.execute("ROLLBACK");
                } catch (SQLException r) {
                    e.addSuppressed(r);
                }
                throw e;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("apply: the store failed", e);
        }
    }
}
