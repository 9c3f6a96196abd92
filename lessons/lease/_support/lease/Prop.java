package lease;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Function;

/**
 * A small property checker for the official tests: random stored rows and arguments, the learner's method against a
 * model of the step's contract, and on a difference the smallest case that still differs, told as a short story.
 *
 * <p>Each step's test class holds its own model and says how to play one case ({@link Trial}); this class only
 * draws, plays, shrinks and reports. The seed is fixed, so a verdict is the same on every run. A "not yet" from the
 * skeleton is rethrown untouched, so an unstarted step stays not started.
 */
final class Prop {
    /** The epoch-seconds offset some generated times carry: a float cannot tell these times apart. */
    static final double EPOCH = 1.7e9;

    private Prop() {}

    /** What one case led to; {@code null} from {@link Trial#play} means learner and model agree. */
    interface Trial<C> {
        /** Plays {@code c} on a fresh table; returns the story of the difference, or null when there is none. */
        String play(C c, Table t) throws Exception;
    }

    /**
     * Draws {@code tries} cases, plays each, and fails with the smallest differing case found by trying the
     * {@code simpler} variants of a differing case until none of them still differs.
     */
    static <C> void check(Path dir, long seed, int tries, Function<Random, C> draw, Function<C, List<C>> simpler,
                          Trial<C> trial) throws Exception {
        Random random = new Random(seed);
        try (Table t = new Table(Db.freshWal(dir))) {
            for (int i = 1; i <= tries; i++) {
                C c = draw.apply(random);
                String story = play(trial, c, t);
                if (story != null) {
                    int steps = 0;
                    boolean smaller = true;
                    while (smaller && steps < 100) {
                        smaller = false;
                        for (C s : simpler.apply(c)) {
                            String again = play(trial, s, t);
                            if (again != null) {
                                c = s;
                                story = again;
                                smaller = true;
                                steps++;
                                break;
                            }
                        }
                    }
                    fail("a random case differs from the contract (case " + i + " of " + tries + ", shrunk " + steps
                            + " times to the smallest):\n" + story);
                }
            }
        }
    }

    private static <C> String play(Trial<C> trial, C c, Table t) throws Exception {
        t.clear();
        return trial.play(c, t);
    }

    /** What a call gave: its value, or what it threw. */
    record Got(Object value, Throwable thrown) {
        static Got of(Object value) {
            return new Got(value, null);
        }

        static Got threw(Class<? extends Throwable> type) {
            return new Got(null, newInstance(type));
        }

        /** Same value; or, for an exception the model expects, that exception or one caused by it. */
        boolean agrees(Got other) {
            if (thrown != null || other.thrown != null) {
                if (thrown == null || other.thrown == null) {
                    return false;
                }
                for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
                    if (t.getClass() == other.thrown.getClass()) {
                        return true;
                    }
                }
                return false;
            }
            return Objects.equals(value, other.value);
        }

        @Override
        public String toString() {
            return thrown != null ? "throws " + thrown.getClass().getSimpleName()
                    + (thrown.getMessage() == null ? "" : " (" + thrown.getMessage() + ")") : String.valueOf(value);
        }

        private static Throwable newInstance(Class<? extends Throwable> type) {
            try {
                return type.getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Runs the learner's call; an exception becomes part of what it gave, except the skeleton's "not yet". */
    static Got call(java.util.concurrent.Callable<?> call) throws Exception {
        try {
            return Got.of(call.call());
        } catch (RuntimeException e) {
            if (e.getMessage() != null && e.getMessage().contains("not yet")) {
                throw e;
            }
            return new Got(null, e);
        }
    }

    /** A time: small whole numbers, or epoch seconds a tenth apart (where a float goes blind). */
    static double time(Random r) {
        return pick(r, 0.0, 5.0, 10.0, 15.0, 20.0, EPOCH + 0.4, EPOCH + 0.5, EPOCH + 0.6);
    }

    /** A "now" that half of the time sits on or right next to {@code until}. */
    static double nowNear(Random r, double until) {
        if (r.nextBoolean()) {
            double step = until >= EPOCH ? 0.1 : 1.0;
            return pick(r, until - step, until, until + step);
        }
        return time(r);
    }

    /** A stored row for {@code id}: any owner, lease, fence, result and done. */
    static Db.Row row(Random r, String id) {
        String owner = pick(r, null, "A", "B");
        double until = owner == null ? pick(r, 0.0, 0.0, time(r)) : time(r);
        return new Db.Row(id, owner, until, pick(r, 0L, 1L, 2L, 7L), pick(r, null, null, "r1"), pick(r, 0, 0, 0, 1));
    }

    /** Rows one field simpler than {@code row}: no owner, until 0, a smaller fence, no result, not done. */
    static List<Db.Row> simpler(Db.Row row) {
        List<Db.Row> out = new ArrayList<>();
        if (row == null) {
            return out;
        }
        for (String o : simplerThan(row.owner(), null, "A", "B")) {
            out.add(new Db.Row(row.id(), o, row.until(), row.fence(), row.result(), row.done()));
        }
        for (Double u : simplerThan(row.until(), 0.0, 5.0, 10.0, 15.0, 20.0)) {
            out.add(new Db.Row(row.id(), row.owner(), u, row.fence(), row.result(), row.done()));
        }
        for (Long f : simplerThan(row.fence(), 0L, 1L, 2L, 7L)) {
            out.add(new Db.Row(row.id(), row.owner(), row.until(), f, row.result(), row.done()));
        }
        if (row.result() != null) {
            out.add(new Db.Row(row.id(), row.owner(), row.until(), row.fence(), null, row.done()));
        }
        if (row.done() != 0) {
            out.add(new Db.Row(row.id(), row.owner(), row.until(), row.fence(), row.result(), 0));
        }
        return out;
    }

    /** {@code rows} with {@code id}'s row replaced by {@code row} (or removed when null), in id order. */
    static List<Db.Row> with(List<Db.Row> rows, String id, Db.Row row) {
        List<Db.Row> out = new ArrayList<>();
        for (Db.Row r : rows) {
            if (!r.id().equals(id)) {
                out.add(r);
            }
        }
        if (row != null) {
            out.add(row);
        }
        out.sort(java.util.Comparator.comparing(Db.Row::id));
        return out;
    }

    /** One value from {@code values}. */
    @SafeVarargs
    static <T> T pick(Random r, T... values) {
        return values[r.nextInt(values.length)];
    }

    /** The simpler values than {@code v} among {@code order} (earlier is simpler). */
    @SafeVarargs
    static <T> List<T> simplerThan(T v, T... order) {
        List<T> out = new ArrayList<>();
        for (T o : order) {
            if (Objects.equals(o, v)) {
                break;
            }
            out.add(o);
        }
        return out;
    }

    /** A row as the story shows it, or "no row". */
    static String show(Db.Row r) {
        return r == null ? "no row" : "(id=" + r.id() + ", owner=" + r.owner() + ", until=" + r.until() + ", fence="
                + r.fence() + ", result=" + r.result() + ", done=" + r.done() + ")";
    }

    /** The story of one difference: the rows before, the call, what came back, what the contract says. */
    static String story(List<Db.Row> before, String call, String got, List<Db.Row> rowsGot, String want,
                        List<Db.Row> rowsWanted) {
        StringBuilder sb = new StringBuilder();
        sb.append("  rows before: ").append(rows(before)).append('\n');
        sb.append("  call:        ").append(call).append('\n');
        sb.append("  came back:   ").append(got).append(", rows after ").append(rows(rowsGot)).append('\n');
        sb.append("  contract:    ").append(want).append(", rows after ").append(rows(rowsWanted));
        return sb.toString();
    }

    /**
     * Null when the learner's call agrees with the model: same value (or exception), and the rows after it are the
     * rows before with job j's row as the model says ({@code j}, null for none). Otherwise the story of the difference.
     */
    static String differs(List<Db.Row> before, String call, Got got, List<Db.Row> after, Got want, Db.Row j) {
        List<Db.Row> expected = with(before, "j", j);
        return got.agrees(want) && after.equals(expected) ? null
                : story(before, call, got.toString(), after, want.toString(), expected);
    }

    private static String rows(List<Db.Row> rows) {
        return rows.isEmpty() ? "none" : String.join(" ", rows.stream().map(Prop::show).toList());
    }

    /**
     * The table of one property: kept open on one connection of its own for setting rows up and reading them back,
     * so a case costs little more than the learner's own call.
     */
    static final class Table implements AutoCloseable {
        final Path db;
        private final Connection c;

        Table(Path db) throws SQLException {
            this.db = db;
            this.c = DriverManager.getConnection("jdbc:sqlite:" + db + "?busy_timeout=10000");
        }

        void clear() throws SQLException {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM jobs")) {
                s.executeUpdate();
            }
        }

        void put(Db.Row r) throws SQLException {
            if (r == null) {
                return;
            }
            try (PreparedStatement s = c.prepareStatement(
                    "INSERT INTO jobs(id, owner, until, fence, result, done) VALUES (?, ?, ?, ?, ?, ?)")) {
                s.setString(1, r.id());
                s.setString(2, r.owner());
                s.setDouble(3, r.until());
                s.setLong(4, r.fence());
                s.setString(5, r.result());
                s.setInt(6, r.done());
                s.executeUpdate();
            }
        }

        /** Every row, in id order. */
        List<Db.Row> rows() throws SQLException {
            List<Db.Row> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT id, owner, until, fence, result, done FROM jobs ORDER BY id");
                 ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(new Db.Row(r.getString(1), r.getString(2), r.getDouble(3), r.getLong(4), r.getString(5),
                            r.getInt(6)));
                }
            }
            return out;
        }

        @Override
        public void close() throws SQLException {
            c.close();
        }
    }

    /**
     * A case for a step about one job: job {@code j} (or none), maybe a second job {@code k} (sometimes with j's owner
     * and fence, to see that only j changes), and the call's owner, fence, now, ttl and result.
     */
    record JobCase(Db.Row j, Db.Row k, String owner, long fence, double now, double ttl, String result) {
        static JobCase draw(Random r) {
            Db.Row j = r.nextInt(6) == 0 ? null : row(r, "j");
            Db.Row k = r.nextInt(2) != 0 ? null : j != null && r.nextBoolean()
                    ? new Db.Row("k", j.owner(), j.until(), j.fence(), j.result(), j.done()) : row(r, "k");
            // Most cases aim at j's current lease (its owner and fence, a time just before, at or after its expiry),
            // and then often get one thing wrong: that is where the contract's refusals live.
            boolean aim = j != null && j.owner() != null && r.nextInt(4) > 0;
            String owner = aim ? j.owner() : pick(r, "A", "B");
            long fence = aim ? j.fence() : pick(r, 0L, 1L, 2L, 7L);
            if (aim && r.nextBoolean()) {
                if (r.nextBoolean()) {
                    owner = owner.equals("A") ? "B" : "A";
                } else {
                    fence = fence + pick(r, -1L, 1L);
                }
            }
            double step = j != null && j.until() >= EPOCH ? 0.1 : 1.0;
            double now = aim ? pick(r, j.until() - step, j.until() - step, j.until(), j.until() + step)
                    : nowNear(r, j == null ? 0.0 : j.until());
            double ttl = r.nextInt(6) == 0 ? pick(r, 0.0, -1.0) : pick(r, 1.0, 5.0, 0.25);
            return new JobCase(j, k, owner, fence, now, ttl, pick(r, "42", "r2"));
        }

        List<JobCase> simpler() {
            List<JobCase> out = new ArrayList<>();
            if (k != null) {
                out.add(new JobCase(j, null, owner, fence, now, ttl, result));
                Prop.simpler(k).forEach(s -> out.add(new JobCase(j, s, owner, fence, now, ttl, result)));
            }
            if (j != null) {
                out.add(new JobCase(null, k, owner, fence, now, ttl, result));
                Prop.simpler(j).forEach(s -> out.add(new JobCase(s, k, owner, fence, now, ttl, result)));
            }
            simplerThan(owner, "A", "B").forEach(o -> out.add(new JobCase(j, k, o, fence, now, ttl, result)));
            simplerThan(fence, 0L, 1L, 2L, 7L).forEach(f -> out.add(new JobCase(j, k, owner, f, now, ttl, result)));
            simplerThan(now, 0.0, 5.0, 10.0, 15.0, 20.0).forEach(n -> out.add(new JobCase(j, k, owner, fence, n, ttl, result)));
            simplerThan(ttl, 1.0, 5.0, 0.25, 0.0, -1.0).forEach(t -> out.add(new JobCase(j, k, owner, fence, now, t, result)));
            return out;
        }

        /** Puts j and k into the table and returns the rows before the call. */
        List<Db.Row> setUp(Table t) throws SQLException {
            t.put(j);
            t.put(k);
            return t.rows();
        }
    }
}
