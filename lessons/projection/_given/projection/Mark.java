package projection;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * One projector's row of the {@code mark} table, as it is stored.
 *
 * @param owner      the worker that took the mark last, or {@code null} when nobody ever took it
 * @param revision   the fence: one more with every successful take, never changed by an advance
 * @param leaseUntil the fake-clock instant (ms) at which the owner's lease ends; at {@code now == leaseUntil} it is over
 * @param seen       the highest position a read has handed out (observed, not yet known to be projected)
 * @param projected  the highest position whose effect is committed; {@code 0 <= projected <= seen} in a sound mark
 */
public record Mark(String projector, String owner, long revision, long leaseUntil, long seen, long projected) {

    /** The stored mark of {@code projector}, read on {@code c}; empty when there is no row. */
    public static Optional<Mark> load(Connection c, String projector) {
        try (PreparedStatement p = c.prepareStatement(
                "SELECT projector, owner, revision, lease_until, seen, projected FROM mark WHERE projector = ?")) {
            p.setString(1, projector);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Mark(r.getString(1), r.getString(2), r.getLong(3), r.getLong(4), r.getLong(5),
                        r.getLong(6)));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("mark: cannot read " + projector, e);
        }
    }
}
