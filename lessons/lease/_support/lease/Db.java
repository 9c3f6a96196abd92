package lease;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Raw SQL access for the official tests: set up rows and read them back without going through the
 * learner's code, so a step's verdict depends only on the method that step is about.
 */
final class Db {
    private Db() {}

    /** One stored row as the table holds it ({@code done} stays 0/1). */
    record Row(String id, String owner, double until, long fence, String result, int done) {}

    /** The worksheet's schema, created here so that steps 2–8 do not depend on the learner's initDb. */
    static Path fresh(Path dir) {
        Path db = dir.resolve("jobs.db");
        exec(db, "CREATE TABLE IF NOT EXISTS jobs(id TEXT PRIMARY KEY, owner TEXT, until REAL NOT NULL DEFAULT 0, "
                + "fence INTEGER NOT NULL DEFAULT 0, result TEXT, done INTEGER NOT NULL DEFAULT 0)");
        return db;
    }

    /** A fresh database in WAL mode, where a read-then-write race shows up in nearly every run. */
    static Path freshWal(Path dir) {
        exec(dir.resolve("jobs.db"), "PRAGMA journal_mode=WAL");
        return fresh(dir);
    }

    /**
     * Holds the database's write lock (BEGIN IMMEDIATE) until closed. Racing claimers started meanwhile can all read,
     * but must wait to write: a claim whose read and write are not one transaction then reliably lets several of
     * them win, instead of only when the threads happen to interleave.
     */
    static AutoCloseable writeLock(Path db) {
        try {
            Connection c = open(db);
            Statement s = c.createStatement();
            s.execute("BEGIN IMMEDIATE");
            return () -> {
                try (c; s) {
                    s.execute("ROLLBACK");
                }
            };
        } catch (SQLException e) {
            throw new IllegalStateException("test setup SQL failed: " + e.getMessage(), e);
        }
    }

    /**
     * Another worker's write landing in the middle of {@code call}. A helper thread takes the write lock; then
     * {@code call} runs in this thread, and once it is stuck waiting for that lock (so it has done whatever it reads
     * before it writes) or has returned, the helper executes and commits {@code sql} and lets the lock go. Returns
     * what the call returned; what it threw is thrown here unchanged.
     *
     * <p>A method whose check and write are one statement, or one {@code BEGIN IMMEDIATE} transaction, sees the new
     * row; one that checked in Java and then writes blindly overwrites it. If the call is slow to get going the
     * write simply lands before its read, which a correct method handles as well: the test cannot fail a correct
     * method by timing.
     */
    static <T> T landingMidCall(Path db, Callable<T> call, String sql, Object... args) throws Exception {
        Thread caller = Thread.currentThread();
        return underLock(db, call, () -> waitingInSqlite(caller) ? 1 : 0, 1, 250, sql, args).value();
    }

    /** What a call under the lock returned, and the most calls that waited for the lock at the same time. */
    record Locked<T>(T value, int mostWaiting) {}

    /**
     * Runs {@code call} in this thread while a helper thread holds the database's write lock. The helper lets go once
     * {@code waiting} has reported at least {@code wanted} for a few samples in a row, or the call has returned, or the
     * count has not grown for {@code stillMillis}; before it lets go it executes and commits {@code sql} when given.
     */
    static <T> Locked<T> underLock(Path db, Callable<T> call, java.util.function.IntSupplier waiting, int wanted,
                                   long stillMillis, String sql, Object... args) throws Exception {
        java.util.concurrent.CountDownLatch locked = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean returned = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicInteger most = new java.util.concurrent.atomic.AtomicInteger();
        FutureTask<Void> holder = new FutureTask<>(() -> {
            try (Connection c = open(db); Statement s = c.createStatement()) {
                s.execute("BEGIN IMMEDIATE");
                try {
                    locked.countDown();
                    most.set(awaitWaiting(waiting, wanted, returned::get, stillMillis));
                    if (sql != null) {
                        try (PreparedStatement w = c.prepareStatement(sql)) {
                            for (int i = 0; i < args.length; i++) {
                                w.setObject(i + 1, args[i]);
                            }
                            w.executeUpdate();
                        }
                    }
                    s.execute("COMMIT");
                } catch (SQLException | RuntimeException | InterruptedException e) {
                    s.execute("ROLLBACK");
                    throw e;
                }
            } finally {
                locked.countDown();
            }
            return null;
        });
        Thread t = new Thread(holder, "lock-holder");
        t.setDaemon(true);
        t.start();
        if (!locked.await(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("test setup: could not take the write lock within 10 s");
        }
        T value;
        try {
            value = call.call();
        } finally {
            returned.set(true);
            t.join(20_000);
        }
        outcome(holder);
        return new Locked<>(value, most.get());
    }

    /**
     * Waits until {@code count} reports at least {@code wanted} for three samples in a row, or {@code done} says the
     * calls have finished, or the count has not grown for a quarter of a second (code that runs its calls one at a time never
     * gets further), or a second has passed; returns the largest count seen.
     */
    static int awaitWaiting(java.util.function.IntSupplier count, int wanted, java.util.function.BooleanSupplier done)
            throws InterruptedException {
        return awaitWaiting(count, wanted, done, 250);
    }

    static int awaitWaiting(java.util.function.IntSupplier count, int wanted, java.util.function.BooleanSupplier done,
                            long stillMillis) throws InterruptedException {
        long started = System.nanoTime();
        long deadline = started + TimeUnit.MILLISECONDS.toNanos(Math.max(1000, 2 * stillMillis));
        long grew = started;
        int streak = 0;
        int most = 0;
        while (System.nanoTime() < deadline && !done.getAsBoolean()) {
            int n = count.getAsInt();
            if (n > most) {
                most = n;
                grew = System.nanoTime();
            }
            streak = n >= wanted ? streak + 1 : 0;
            if (streak >= 3 || (most > 0 && System.nanoTime() - grew > TimeUnit.MILLISECONDS.toNanos(stillMillis))) {
                break;
            }
            Thread.sleep(2);
        }
        return most;
    }

    /**
     * How many threads are inside the learner's class and, right now, inside SQLite's native code: with this test
     * holding the write lock, those are waiting for it (a read in WAL mode never waits).
     */
    static int waitingInJobs() {
        int n = 0;
        for (java.util.Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            StackTraceElement[] st = e.getValue();
            if (inSqlite(st) && java.util.Arrays.stream(st).anyMatch(f -> f.getClassName().startsWith("lease.Jobs"))) {
                n++;
            }
        }
        return n;
    }

    private static boolean waitingInSqlite(Thread t) {
        return inSqlite(t.getStackTrace());
    }

    private static boolean inSqlite(StackTraceElement[] st) {
        return st.length > 0 && st[0].isNativeMethod() && st[0].getClassName().startsWith("org.sqlite.");
    }

    /** The task's value, or what it threw, unwrapped. */
    static <T> T outcome(FutureTask<T> task) throws Exception {
        try {
            return task.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception ex) {
                throw ex;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        } catch (TimeoutException e) {
            throw new AssertionError("the call did not return within 20 s after the other connection let go of the lock");
        }
    }

    static void insert(Path db, String id, String owner, double until, long fence, String result, int done) {
        exec(db, "INSERT INTO jobs(id, owner, until, fence, result, done) VALUES (?, ?, ?, ?, ?, ?)",
                id, owner, until, fence, result, done);
    }

    static void exec(Path db, String sql, Object... args) {
        try (Connection c = open(db); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            s.execute();
        } catch (SQLException e) {
            throw new IllegalStateException("test setup SQL failed: " + e.getMessage(), e);
        }
    }

    /** The row for {@code id}, or null when there is none. */
    static Row row(Path db, String id) {
        try (Connection c = open(db);
             PreparedStatement s = c.prepareStatement("SELECT id, owner, until, fence, result, done FROM jobs WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    return null;
                }
                return new Row(r.getString(1), r.getString(2), r.getDouble(3), r.getLong(4), r.getString(5), r.getInt(6));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("test read SQL failed: " + e.getMessage(), e);
        }
    }

    static long count(Path db) {
        try (Connection c = open(db); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM jobs")) {
            return r.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException("test read SQL failed: " + e.getMessage(), e);
        }
    }

    /** {@code PRAGMA table_info(jobs)} as "name type notnull default pk" strings, in column order. */
    static List<String> columns(Path db) {
        List<String> out = new ArrayList<>();
        try (Connection c = open(db); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("PRAGMA table_info(jobs)")) {
            while (r.next()) {
                out.add(r.getString("name") + " " + r.getString("type").toUpperCase() + " notnull=" + r.getInt("notnull")
                        + " default=" + number(r.getString("dflt_value")) + " pk=" + r.getInt("pk"));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("test read SQL failed: " + e.getMessage(), e);
        }
        return out;
    }

    /** {@code DEFAULT 0}, {@code DEFAULT 0.0} and {@code DEFAULT '0'} all mean the number zero; show them alike. */
    private static String number(String dflt) {
        if (dflt == null) {
            return null;
        }
        String v = dflt.strip().replaceAll("^'(.*)'$", "$1").replaceAll("^\\((.*)\\)$", "$1");
        try {
            double d = Double.parseDouble(v);
            return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    private static Connection open(Path db) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + db + "?busy_timeout=10000");
    }
}
