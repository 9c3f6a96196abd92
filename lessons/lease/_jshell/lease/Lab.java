package lease;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * JShell's way in. JShell snippets live in their own package, and the worksheet's methods are package-private, so
 * every call goes through these public twins. Also raw helpers: a fresh database, the schema without initDb, and
 * the stored row as the timeline prints it.
 */
public final class Lab {
    private Lab() {}

    public static void initDb(Path db) { Jobs.initDb(db); }
    public static boolean enqueue(Path db, String jobId) { return Jobs.enqueue(db, jobId); }
    public static Optional<Jobs.State> state(Path db, String jobId) { return Jobs.state(db, jobId); }
    public static OptionalLong claim(Path db, String jobId, String owner, double now, double ttl) {
        return Jobs.claim(db, jobId, owner, now, ttl);
    }
    public static boolean renew(Path db, String jobId, String owner, long fence, double now, double ttl) {
        return Jobs.renew(db, jobId, owner, fence, now, ttl);
    }
    public static boolean complete(Path db, String jobId, String owner, long fence, double now, String result) {
        return Jobs.complete(db, jobId, owner, fence, now, result);
    }
    public static boolean release(Path db, String jobId, String owner, long fence) {
        return Jobs.release(db, jobId, owner, fence);
    }
    public static List<OptionalLong> claimMany(Path db, String jobId, List<String> owners, double now, double ttl) {
        return Jobs.claimMany(db, jobId, owners, now, ttl);
    }

    /** One call of a scene, whatever it returns; a statement counts as {@code ok}. */
    public interface Moment {
        Object run() throws Exception;
    }

    public static Moment m(java.util.concurrent.Callable<?> call) {
        return call::call;
    }

    public static Moment m(Runnable call) {
        return () -> {
            call.run();
            return "ok";
        };
    }

    /**
     * Plays a scene: each moment's result (its value, or its exception's class and message) and then the stored row,
     * printed one line per moment as soon as it is known, so a moment that never returns still leaves the earlier
     * ones behind. Line format: {@code #moment# i #|# result #:# message #|# row}.
     */
    public static void scene(Path db, String id, Moment... moments) {
        for (int i = 0; i < moments.length; i++) {
            String result;
            String message = "";
            try {
                result = String.valueOf(moments[i].run());
            } catch (Throwable t) {
                result = t.getClass().getSimpleName();
                message = String.valueOf(t.getMessage()).replace('\n', ' ');
            }
            System.out.println();
            System.out.println("#moment# " + i + " #|# " + result.replace('\n', ' ') + " #:# " + message + " #|# " + row(db, id));
            System.out.flush();
        }
    }

    /** claimMany, told without names: how many results, how many got a fence, and which fence. */
    public static String claimManySummary(Path db, String jobId, List<String> owners, double now, double ttl) {
        List<OptionalLong> r = Jobs.claimMany(db, jobId, owners, now, ttl);
        long winners = r.stream().filter(OptionalLong::isPresent).count();
        String fences = r.stream().filter(OptionalLong::isPresent).map(f -> String.valueOf(f.getAsLong()))
                .reduce((a, b) -> a + "," + b).orElse("-");
        return r.size() + " results, " + winners + " with a fence (" + fences + ")";
    }

    /** A new, empty database file in the temp folder. */
    public static Path fresh() {
        try {
            Path dir = Files.createTempDirectory("lab-");
            return dir.resolve("jobs.db");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The worksheet's table, created directly, so a scene can start without the learner's initDb. */
    public static void schema(Path db) {
        sql(db, "CREATE TABLE IF NOT EXISTS jobs(id TEXT PRIMARY KEY, owner TEXT, until REAL NOT NULL DEFAULT 0, "
                + "fence INTEGER NOT NULL DEFAULT 0, result TEXT, done INTEGER NOT NULL DEFAULT 0)");
    }

    /** Puts a row in place directly: the scene's starting point, not a call under test. */
    public static void put(Path db, String id, String owner, double until, long fence, String result, boolean done) {
        sql(db, "INSERT OR REPLACE INTO jobs(id, owner, until, fence, result, done) VALUES (?, ?, ?, ?, ?, ?)",
                id, owner, until, fence, result, done ? 1 : 0);
    }

    /** The stored row, read directly: {@code owner=A fence=1 until=10 done=0 result=-}, or {@code (no row)}. */
    public static String row(Path db, String id) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db + "?busy_timeout=10000");
             PreparedStatement s = c.prepareStatement("SELECT owner, until, fence, result, done FROM jobs WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    return "(no row)";
                }
                double until = r.getDouble(2);
                String u = until == Math.rint(until) ? String.valueOf((long) until) : String.valueOf(until);
                String shown = "owner=" + (r.getString(1) == null ? "-" : r.getString(1)) + " fence=" + r.getLong(3)
                        + " until=" + u;
                if (r.getInt(5) != 0) {
                    shown += " done";
                }
                if (r.getString(4) != null) {
                    shown += " result=" + r.getString(4);
                }
                return shown;
            }
        } catch (SQLException e) {
            return "(no table)";
        }
    }

    private static void sql(Path db, String sql, Object... args) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db + "?busy_timeout=10000");
             PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            s.execute();
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
