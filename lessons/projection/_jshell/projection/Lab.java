package projection;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * JShell's way in to lab 3. Each scene has a world, named by its store file {@code db}: one connection per worker
 * (a worker is a process), the ownership each worker got from its last take, its projector, and the batch it read
 * last. Time is the {@code now} each call is given. After every moment the scene prints the mark (seen and projected
 * first), the applied positions in the order written and the balance total, read on a connection of its own.
 */
public final class Lab {
    private Lab() {}

    private static final class World {
        final Path db;
        final Map<String, Connection> connections = new HashMap<>();
        final Map<String, Ownership> owns = new HashMap<>();
        final Map<String, Projector> projectors = new HashMap<>();
        final Map<String, List<Event>> held = new HashMap<>();
        Connection view;

        World(Path db) {
            this.db = db;
        }

        Connection of(String who) {
            return connections.computeIfAbsent(who, k -> open(db));
        }

        Connection view() {
            if (view == null) {
                view = open(db);
            }
            return view;
        }
    }

    private static final Map<Path, World> WORLDS = new HashMap<>();

    private static World w(Path db) {
        return WORLDS.computeIfAbsent(db, World::new);
    }

    private static Connection open(Path db) {
        try {
            Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA busy_timeout = 250");
            }
            Schema.create(c);
            return c;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A new, empty store file in the temp folder, with the schema: a new world. */
    public static Path fresh() {
        try {
            Path db = Files.createTempDirectory("lab3-").resolve("store.db");
            w(db).view();
            return db;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- the scene's starting point ------------------------------------------------------------------------------

    /** Appends {@code n} generated events (seed 42) to the stream. */
    public static String stream(Path db, int n) {
        Streams.append(w(db).view(), Streams.generate(42, n));
        return "ok";
    }

    /** Writes the mark row as given, whatever was there. */
    public static String mark(Path db, String owner, long revision, long leaseUntil, long seen, long projected) {
        try (var p = w(db).view().prepareStatement("INSERT OR REPLACE INTO mark(projector, owner, revision, lease_until, seen,"
                + " projected) VALUES(?, ?, ?, ?, ?, ?)")) {
            p.setString(1, FailoverProbe.PROJECTOR);
            p.setString(2, owner);
            p.setLong(3, revision);
            p.setLong(4, leaseUntil);
            p.setLong(5, seen);
            p.setLong(6, projected);
            p.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return "ok";
    }

    /** Applied rows as if some worker had written them, one per position listed (duplicates included). */
    public static String applied(Path db, long... positions) {
        try (var p = w(db).view().prepareStatement("INSERT INTO applied(position, owner, revision) VALUES(?, 'w0', 1)")) {
            for (long pos : positions) {
                p.setLong(1, pos);
                p.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return "ok";
    }

    // ---- step 1 --------------------------------------------------------------------------------------------------

    /** {@code stateOf(position, the stored mark)}. */
    public static State stateOf(Path db, long position) {
        return MarkStates.stateOf(position, stored(db));
    }

    /** {@code resumeAfter(the stored mark)}. */
    public static long resumeAfter(Path db) {
        return MarkStates.resumeAfter(stored(db));
    }

    private static Mark stored(Path db) {
        return Mark.load(w(db).view(), FailoverProbe.PROJECTOR).orElseThrow(() -> new IllegalStateException("no mark yet"));
    }

    // ---- step 2 --------------------------------------------------------------------------------------------------

    /** {@code who} takes the mark at {@code now} for {@code ttl}: its revision and where it resumes. */
    public static String take(Path db, String who, long now, long ttl) {
        World w = w(db);
        Ownership own = Marks.take(w.of(who), FailoverProbe.PROJECTOR, who, now, ttl);
        w.owns.put(who, own);
        w.projectors.remove(who);
        return "revision=" + own.revision() + " resumeAfter=" + own.resumeAfter();
    }

    /** An ownership nobody granted: {@code who} claims {@code revision} (an intruder, or a forged fence). */
    public static String intruder(Path db, String who, long revision) {
        w(db).owns.put(who, new Ownership(FailoverProbe.PROJECTOR, who, revision, 0));
        return "ok";
    }

    /** {@code advance} with {@code who}'s ownership, on its own connection, in autocommit. */
    public static String advance(Path db, String who, long to) {
        World w = w(db);
        Marks.advance(w.of(who), own(w, who), to);
        return "ok";
    }

    public static String markSeen(Path db, String who, long upTo) {
        World w = w(db);
        Marks.markSeen(w.of(who), own(w, who), upTo);
        return "ok";
    }

    private static Ownership own(World w, String who) {
        Ownership own = w.owns.get(who);
        if (own == null) {
            throw new IllegalArgumentException(who + " took nothing in this scene");
        }
        return own;
    }

    // ---- step 3 --------------------------------------------------------------------------------------------------

    /** {@code who}'s projector reads at most {@code max}: the positions it got (kept as its batch). */
    public static String read(Path db, String who, int max) {
        World w = w(db);
        List<Event> batch = projector(w, who).read(max);
        w.held.put(who, batch);
        return positions(batch);
    }

    /** {@code who}'s projector applies the batch it read last. */
    public static String apply(Path db, String who) {
        World w = w(db);
        List<Event> batch = w.held.getOrDefault(who, List.of());
        projector(w, who).apply(batch);
        return "ok " + positions(batch);
    }

    private static Projector projector(World w, String who) {
        return w.projectors.computeIfAbsent(who, k -> new Projector(w.of(who), own(w, who)));
    }

    private static String positions(List<Event> batch) {
        return batch.stream().map(e -> String.valueOf(e.position())).toList().toString();
    }

    // ---- step 4 --------------------------------------------------------------------------------------------------

    public static Counts count(Path db) {
        return Tally.count(w(db).view());
    }

    /** One cell of the failover probe (in a temp file of its own). */
    public static Counts probe(Path db, long seed, int workers, int failovers, int events) {
        return FailoverProbe.run(seed, workers, failovers, events);
    }

    // ---- the scene -----------------------------------------------------------------------------------------------

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

    /** Plays a scene: one {@code #moment#} line per moment, as soon as it is known (see lab 1's bridge). */
    public static void scene(Path db, String projector, Moment... moments) {
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
            System.out.println("#moment# " + i + " #|# " + result.replace('\n', ' ') + " #:# " + message + " #|# " + row(db, projector));
            System.out.flush();
        }
    }

    /** The state after a moment: the mark, the applied positions in the order written, and the balance total. */
    public static String row(Path db, String projector) {
        Connection c = w(db).view();
        StringBuilder sb = new StringBuilder();
        sb.append(Mark.load(c, projector).map(m -> "seen=" + m.seen() + " projected=" + m.projected() + " " + m.owner() + " r"
                + m.revision() + " until=" + m.leaseUntil()).orElse("no mark"));
        List<String> applied = new ArrayList<>();
        long total = 0;
        try (Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("SELECT position FROM applied ORDER BY rowid")) {
                while (r.next()) {
                    applied.add(String.valueOf(r.getLong(1)));
                }
            }
            try (ResultSet r = s.executeQuery("SELECT coalesce(sum(total), 0) FROM balance")) {
                total = r.next() ? r.getLong(1) : 0;
            }
        } catch (SQLException e) {
            return sb + " (" + e.getClass().getSimpleName() + ")";
        }
        return sb + " | applied " + (applied.isEmpty() ? "-" : String.join(",", applied)) + " | total " + total;
    }
}
