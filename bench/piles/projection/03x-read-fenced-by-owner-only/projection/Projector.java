package projection;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Step 3, written from CONTRACT.md: one owner's projection. A read records only what it handed out ({@code seen});
 * an apply commits the effect and {@code projected} together.
 */
public final class Projector {
    private final Connection c;
    private final Ownership own;
    private long cursor;

    public Projector(Connection c, Ownership own) {
        this.c = c;
        this.own = own;
        this.cursor = own.resumeAfter();
    }

    public List<Event> read(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("read: max must be >= 1, was " + max);
        }
        List<Event> out = new ArrayList<>();
        try (PreparedStatement q = c.prepareStatement(
                "SELECT position, kind, amount FROM events WHERE position > ? ORDER BY position ASC LIMIT ?")) {
            q.setLong(1, cursor);
            q.setInt(2, max);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    out.add(new Event(r.getLong(1), r.getString(2), r.getLong(3)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read after " + cursor + ": " + e.getMessage(), e);
        }
        if (!out.isEmpty()) {
            long last = out.get(out.size() - 1).position();
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE mark SET seen = max(seen, ?) WHERE projector = ? AND owner = ?")) {
                s.setLong(1, last);
                s.setString(2, own.projector());
                s.setString(3, own.owner());
                if (s.executeUpdate() != 1) {
                    throw new StaleOwner("read: " + own.owner() + " no longer holds " + own.projector());
                }
            } catch (SQLException e) {
                throw new IllegalStateException("read: marking seen: " + e.getMessage(), e);
            }
            cursor = last;
        }
        return out;
    }

    public void apply(List<Event> batch) {
        if (batch.isEmpty()) {
            return;
        }
        try (Statement tx = c.createStatement()) {
            tx.execute("BEGIN IMMEDIATE");
            try {
                for (Event e : batch) {
                    effect(e);
                }
                Marks.advance(c, own, batch.get(batch.size() - 1).position());
                tx.execute("COMMIT");
            } catch (SQLException | RuntimeException e) {
                Marks.undo(tx, e);
                throw e;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("apply: " + e.getMessage(), e);
        }
    }

    /** One event's effect: its applied row, then its balance (the row created at zero first when missing). */
    private void effect(Event e) throws SQLException {
        try (PreparedStatement a = c.prepareStatement(
                "INSERT INTO applied(position, owner, revision) VALUES (?, ?, ?)")) {
            a.setLong(1, e.position());
            a.setString(2, own.owner());
            a.setLong(3, own.revision());
            a.executeUpdate();
        }
        try (PreparedStatement z = c.prepareStatement("INSERT OR IGNORE INTO balance(name, total) VALUES (?, 0)")) {
            z.setString(1, e.kind());
            z.executeUpdate();
        }
        try (PreparedStatement b = c.prepareStatement("UPDATE balance SET total = total + ? WHERE name = ?")) {
            b.setLong(1, e.amount());
            b.setString(2, e.kind());
            b.executeUpdate();
        }
    }
}
