package pgqueue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import javax.sql.DataSource;

/**
 * One process of the measurement. Every grant a worker gets goes into a ledger ({@code grants}); a (job, fence) pair
 * granted twice is a double grant. Two workloads: {@code claim}, where every worker tries every job in its own random
 * order (the race of lab 1, now between processes), and {@code next}, where workers drain the queue with
 * {@code claimNext}. On PostgreSQL the learner's {@code Leases} runs; on SQLite (one file in WAL mode, shared by the
 * processes) lab 1's design: the read and the write inside one {@code BEGIN IMMEDIATE}.
 *
 * <pre>
 *   setup BACKEND WHERE JOBS              a fresh jobs table with JOBS jobs, and the ledger
 *   work BACKEND WHERE OWNER WORKLOAD     says ready, waits for a line on standard input, works, says done
 *   count BACKEND WHERE                   the grants and the double grants in the ledger
 * </pre>
 * WHERE is the schema (postgres) or the shared folder (sqlite).
 */
public final class BenchWorker {
    private BenchWorker() {}

    public static void main(String[] args) throws Exception {
        boolean pg = args[1].equals("postgres");
        switch (args[0]) {
            case "setup" -> setup(pg, args[2], Integer.parseInt(args[3]));
            case "work" -> work(pg, args[2], args[3], args[4]);
            case "count" -> count(pg, args[2]);
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static Connection open(boolean pg, String where) throws SQLException {
        if (pg) {
            return DriverManager.getConnection(Server.url() + "&currentSchema=" + where);
        }
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + where + "/bench.db");
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = 10000");
        }
        return c;
    }

    private static void setup(boolean pg, String where, int jobs) throws SQLException {
        if (pg) {
            DataSource db = Server.freshSchemaNamed(where);
            Leases.initDb(db);
        }
        try (Connection c = open(pg, where); Statement s = c.createStatement()) {
            if (!pg) {
                s.execute("PRAGMA journal_mode = WAL");
                s.execute("CREATE TABLE jobs(id TEXT PRIMARY KEY, owner TEXT, until REAL NOT NULL DEFAULT 0, "
                        + "fence INTEGER NOT NULL DEFAULT 0, result TEXT, done INTEGER NOT NULL DEFAULT 0)");
            }
            s.execute("CREATE TABLE grants(job TEXT, fence BIGINT, owner TEXT)");
            c.setAutoCommit(false);
            try (PreparedStatement p = c.prepareStatement("INSERT INTO jobs(id) VALUES (?)")) {
                for (int i = 0; i < jobs; i++) {
                    p.setString(1, job(i));
                    p.addBatch();
                }
                p.executeBatch();
            }
            c.commit();
        }
        say("ready");
    }

    private static String job(int i) {
        return String.format("j%04d", i);
    }

    private static void work(boolean pg, String where, String owner, String workload) throws Exception {
        Store store = pg ? new Postgres(where) : new Sqlite(where);
        List<String> jobs = store.jobs();
        Collections.shuffle(jobs, new Random(owner.hashCode()));
        say("ready");
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        long start = System.currentTimeMillis();
        int grants = 0;
        int errors = 0;
        try (Connection ledger = open(pg, where);
             PreparedStatement note = ledger.prepareStatement("INSERT INTO grants(job, fence, owner) VALUES (?, ?, ?)")) {
            if (workload.equals("claim")) {
                for (String job : jobs) {
                    try {
                        OptionalLong fence = store.claim(job, owner);
                        if (fence.isPresent()) {
                            grants++;
                            granted(note, job, fence.getAsLong(), owner);
                            store.complete(job, owner, fence.getAsLong());
                        }
                    } catch (RuntimeException e) {
                        errors++;
                    }
                }
            } else {
                while (true) {
                    Optional<Leases.Claim> next;
                    try {
                        next = store.next(owner);
                    } catch (RuntimeException e) {
                        errors++;
                        if (errors > 50) {
                            break;
                        }
                        continue;
                    }
                    if (next.isEmpty()) {
                        break;
                    }
                    grants++;
                    granted(note, next.get().id(), next.get().fence(), owner);
                    store.complete(next.get().id(), owner, next.get().fence());
                }
            }
        }
        say("done", "grants", String.valueOf(grants), "errors", String.valueOf(errors), "start", String.valueOf(start),
                "end", String.valueOf(System.currentTimeMillis()));
    }

    private static void granted(PreparedStatement note, String job, long fence, String owner) throws SQLException {
        note.setString(1, job);
        note.setLong(2, fence);
        note.setString(3, owner);
        note.executeUpdate();
    }

    private static void count(boolean pg, String where) throws SQLException {
        try (Connection c = open(pg, where); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT (SELECT count(*) FROM grants), (SELECT count(*) FROM ("
                     + "SELECT job, fence FROM grants GROUP BY job, fence HAVING count(*) > 1) d)")) {
            r.next();
            say("counts", "grants", String.valueOf(r.getLong(1)), "double", String.valueOf(r.getLong(2)));
        }
    }

    /** What a worker does its work with. */
    private interface Store {
        List<String> jobs() throws SQLException;

        OptionalLong claim(String job, String owner);

        Optional<Leases.Claim> next(String owner);

        void complete(String job, String owner, long fence);
    }

    /** The learner's Leases on PostgreSQL. */
    private static final class Postgres implements Store {
        private final String schema;
        private final Leases leases;

        Postgres(String schema) {
            this.schema = schema;
            this.leases = new Leases(new Pooled(Server.freshSchemaNamed(schema)), Clock.systemUTC());
        }

        @Override
        public List<String> jobs() throws SQLException {
            return ids(open(true, schema));
        }

        @Override
        public OptionalLong claim(String job, String owner) {
            return leases.claim(job, owner, 30);
        }

        @Override
        public Optional<Leases.Claim> next(String owner) {
            return leases.claimNext(owner, 30);
        }

        @Override
        public void complete(String job, String owner, long fence) {
            leases.complete(job, owner, fence, owner);
        }
    }

    /**
     * A pool of one: the worker's single thread borrows the same connection again and again, as an application's pool
     * (HikariCP and the like) would hand it out, reset (rolled back if a transaction was left open, autocommit on).
     */
    private static final class Pooled implements DataSource {
        private final DataSource source;
        private Connection kept;

        Pooled(DataSource source) {
            this.source = source;
        }

        @Override
        public synchronized Connection getConnection() throws SQLException {
            if (kept == null || kept.isClosed()) {
                kept = source.getConnection();
            }
            Connection real = kept;
            return (Connection) java.lang.reflect.Proxy.newProxyInstance(Pooled.class.getClassLoader(),
                    new Class<?>[] {Connection.class}, (proxy, m, a) -> {
                        if (m.getName().equals("close")) {
                            if (!real.getAutoCommit()) {
                                real.rollback();
                                real.setAutoCommit(true);
                            }
                            return null;
                        }
                        try {
                            return m.invoke(real, a);
                        } catch (java.lang.reflect.InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return getConnection();
        }

        @Override
        public java.io.PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(java.io.PrintWriter out) {}

        @Override
        public void setLoginTimeout(int seconds) {}

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public java.util.logging.Logger getParentLogger() throws java.sql.SQLFeatureNotSupportedException {
            throw new java.sql.SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }

    private static List<String> ids(Connection c) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (c; Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT id FROM jobs ORDER BY id")) {
            while (r.next()) {
                ids.add(r.getString(1));
            }
        }
        return ids;
    }

    /** Lab 1's design on one SQLite file: the decision and the write inside one BEGIN IMMEDIATE. */
    private static final class Sqlite implements Store {
        private final String dir;

        Sqlite(String dir) {
            this.dir = dir;
        }

        @Override
        public List<String> jobs() throws SQLException {
            return ids(open(false, dir));
        }

        private double now() {
            return System.currentTimeMillis() / 1000.0;
        }

        @Override
        public OptionalLong claim(String job, String owner) {
            return immediate(c -> {
                try (PreparedStatement s = c.prepareStatement("UPDATE jobs SET owner = ?, until = ?, fence = fence + 1 "
                        + "WHERE id = ? AND done = 0 AND until <= ? RETURNING fence")) {
                    s.setString(1, owner);
                    s.setDouble(2, now() + 30);
                    s.setString(3, job);
                    s.setDouble(4, now());
                    try (ResultSet r = s.executeQuery()) {
                        return r.next() ? OptionalLong.of(r.getLong(1)) : OptionalLong.empty();
                    }
                }
            });
        }

        @Override
        public Optional<Leases.Claim> next(String owner) {
            return immediate(c -> {
                try (PreparedStatement s = c.prepareStatement("UPDATE jobs SET owner = ?, until = ?, fence = fence + 1 "
                        + "WHERE id = (SELECT id FROM jobs WHERE done = 0 AND until <= ? ORDER BY id LIMIT 1) RETURNING id, fence")) {
                    s.setString(1, owner);
                    s.setDouble(2, now() + 30);
                    s.setDouble(3, now());
                    try (ResultSet r = s.executeQuery()) {
                        return r.next() ? Optional.of(new Leases.Claim(r.getString(1), r.getLong(2))) : Optional.empty();
                    }
                }
            });
        }

        @Override
        public void complete(String job, String owner, long fence) {
            immediate(c -> {
                try (PreparedStatement s = c.prepareStatement(
                        "UPDATE jobs SET result = ?, done = 1 WHERE id = ? AND owner = ? AND fence = ? AND done = 0")) {
                    s.setString(1, owner);
                    s.setString(2, job);
                    s.setString(3, owner);
                    s.setLong(4, fence);
                    return s.executeUpdate();
                }
            });
        }

        private <T> T immediate(Leases.Work<T> work) {
            try (Connection c = open(false, dir); Statement s = c.createStatement()) {
                s.execute("BEGIN IMMEDIATE");
                try {
                    T value = work.run(c);
                    s.execute("COMMIT");
                    return value;
                } catch (SQLException | RuntimeException e) {
                    s.execute("ROLLBACK");
                    throw e;
                }
            } catch (SQLException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }
    }

    private static void say(String event, String... fields) {
        StringBuilder sb = new StringBuilder("@story {\"event\": \"").append(event).append('"');
        for (int i = 0; i + 1 < fields.length; i += 2) {
            sb.append(", \"").append(fields[i]).append("\": \"").append(fields[i + 1]).append('"');
        }
        System.out.println(sb.append('}'));
        System.out.flush();
    }
}
