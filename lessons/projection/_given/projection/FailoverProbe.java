package projection;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The failover probe: one projection, many owners, and failovers in between, on your {@code Marks},
 * {@code Projector} and {@code Tally}. Deterministic: a single-threaded schedule drawn from one {@link Random} seeded by
 * {@code (seed, workers, failovers)} and a fake clock, so the same arguments give the same {@link Counts}.
 *
 * <p>One SQLite file in {@code java.io.tmpdir}, removed afterwards; every incarnation of a worker (named
 * {@code w0 … w(N-1)}) opens its own connection. Before each failover the owner projects a few batches. A failover is,
 * by the draw, either
 * <ul>
 *   <li>a <b>crash</b>: the owner's connection is armed ({@link Crashes}) to die at a boundary {@code k} drawn over the
 *       boundaries of one read + apply round, and the owner keeps projecting until it dies; or</li>
 *   <li>a <b>pause</b>: the owner reads a batch and stops; later, after another owner has projected a few batches, it
 *       wakes and applies that batch, a zombie that must be refused ({@link StaleOwner} is expected and ignored, and so
 *       is an {@link IllegalArgumentException}: a zombie whose batch ends behind the new owner's mark may be told
 *       that a mark never goes back before it is told it is stale).</li>
 * </ul>
 * Either way the clock then moves to the instant the old lease ends ({@code now == lease_until}) and a worker drawn
 * among the N takes the mark, so with one worker a same-named zombie comes back. After the last failover the owner
 * drains the stream, and {@code Tally.count} gives the result.
 *
 * <p>The given files are compiled before yours, so the probe finds {@code Marks}, {@code Projector} and
 * {@code Tally} of this package by name when it runs, and calls them exactly as the contract writes them.
 */
public final class FailoverProbe {
    /** The probe's projector. */
    public static final String PROJECTOR = "balances";
    /** Every lease lasts this long on the fake clock (ms); nothing renews it, the probe's rounds take 1 ms each. */
    public static final long TTL = 1_000;
    /** The largest batch a round reads. */
    public static final int MAX_BATCH = 8;

    private FailoverProbe() {}

    /** One cell: {@code workers >= 1}, {@code failovers >= 0}, {@code events >= 0}. */
    public static Counts run(long seed, int workers, int failovers, int events) {
        if (workers < 1 || failovers < 0 || events < 0) {
            throw new IllegalArgumentException("probe: workers >= 1, failovers >= 0, events >= 0");
        }
        Path file;
        try {
            file = Files.createTempFile(Path.of(System.getProperty("java.io.tmpdir")), "probe-", ".db");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Connection> opened = new ArrayList<>();
        try {
            Random rnd = new Random(seed * 0x9E3779B97F4A7C15L + workers * 1_000_003L + failovers);
            Connection admin = open(file, opened);
            Schema.create(admin);
            Streams.append(admin, Streams.generate(rnd, events));
            Probe p = new Probe(file, opened, rnd, workers, events, failovers);
            p.take();
            for (int f = 0; f < failovers; f++) {
                p.rounds(rnd.nextInt(3));
                if (rnd.nextBoolean()) {
                    p.crash();
                } else {
                    p.pause();
                }
            }
            p.drain();
            return Learner.count(admin);
        } finally {
            for (Connection c : opened) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // closing is all that is left
                }
            }
            for (String suffix : List.of("", "-wal", "-shm", "-journal")) {
                try {
                    Files.deleteIfExists(Path.of(file + suffix));
                } catch (IOException ignored) {
                    // a temp file left behind is the temp folder's to clear
                }
            }
        }
    }

    /** One incarnation of a worker: its crashable connection (over {@code real}), its ownership and its projector. */
    private record Worker(Connection real, Crashes crashes, Ownership own, Object projector) {
        List<Event> read(int max) {
            return Learner.read(projector, max);
        }

        void apply(List<Event> batch) {
            Learner.apply(projector, batch);
        }
    }

    /** The learner's classes, found by name at run time (they are compiled after the given files). */
    private static final class Learner {
        static final Method TAKE;
        static final Constructor<?> PROJECTOR;
        static final Method READ;
        static final Method APPLY;
        static final Method COUNT;

        static {
            try {
                ClassLoader loader = FailoverProbe.class.getClassLoader();
                Class<?> marks = Class.forName("projection.Marks", true, loader);
                Class<?> projector = Class.forName("projection.Projector", true, loader);
                Class<?> tally = Class.forName("projection.Tally", true, loader);
                TAKE = marks.getMethod("take", Connection.class, String.class, String.class, long.class, long.class);
                PROJECTOR = projector.getConstructor(Connection.class, Ownership.class);
                READ = projector.getMethod("read", int.class);
                APPLY = projector.getMethod("apply", List.class);
                COUNT = tally.getMethod("count", Connection.class);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("probe: Marks.take, new Projector(Connection, Ownership), read, apply and"
                        + " Tally.count must exist as the contract writes them", e);
            }
        }

        static Ownership take(Connection c, String projector, String worker, long now, long ttl) {
            return (Ownership) call(() -> TAKE.invoke(null, c, projector, worker, now, ttl));
        }

        static Object projector(Connection c, Ownership own) {
            return call(() -> PROJECTOR.newInstance(c, own));
        }

        @SuppressWarnings("unchecked")
        static List<Event> read(Object projector, int max) {
            return (List<Event>) call(() -> READ.invoke(projector, max));
        }

        static void apply(Object projector, List<Event> batch) {
            call(() -> APPLY.invoke(projector, batch));
        }

        static Counts count(Connection c) {
            return (Counts) call(() -> COUNT.invoke(null, c));
        }

        interface Call {
            Object run() throws ReflectiveOperationException;
        }

        /** The call's own exception or error, as if it were called directly. */
        static Object call(Call call) {
            try {
                return call.run();
            } catch (InvocationTargetException e) {
                Throwable t = e.getCause();
                if (t instanceof RuntimeException r) {
                    throw r;
                }
                if (t instanceof Error err) {
                    throw err;
                }
                throw new IllegalStateException(t);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("probe: cannot call the learner's code", e);
            }
        }
    }

    private static final class Probe {
        final Path file;
        final List<Connection> opened;
        final Random rnd;
        final int workers;
        /** Real connections no live worker uses: a dead or finished incarnation's, rolled back, for the next one. */
        final java.util.ArrayDeque<Connection> idle = new java.util.ArrayDeque<>();
        final int events;
        /** A bound on all rounds of a cell, so that code whose reads never move on cannot keep the probe forever. */
        final long roundLimit;
        long rounds;
        long now;
        long leaseUntil;
        Worker owner;

        Probe(Path file, List<Connection> opened, Random rnd, int workers, int events, int failovers) {
            this.file = file;
            this.opened = opened;
            this.rnd = rnd;
            this.workers = workers;
            this.events = events;
            // a sound projector needs at most events + 8 per failover non-empty rounds, and one empty read per loop
            this.roundLimit = 2L * events + 12L * (failovers + 1);
        }

        /** A worker drawn among the N takes the mark, at the instant the previous lease ends. */
        void take() {
            now = Math.max(now, leaseUntil);
            Connection real = idle.isEmpty() ? open(file, opened) : idle.pop();
            Crashes crashes = Crashes.recycling(real);
            Ownership own = Learner.take(crashes.connection(), PROJECTOR, "w" + rnd.nextInt(workers), now, TTL);
            leaseUntil = now + TTL;
            owner = new Worker(real, crashes, own, Learner.projector(crashes.connection(), own));
        }

        int batch() {
            return 1 + rnd.nextInt(MAX_BATCH);
        }

        /** One read + apply; false when the read found nothing. */
        boolean round(Worker w, int max) {
            if (++rounds > roundLimit) {
                throw new IllegalStateException("probe: " + rounds + " rounds and the stream of " + events
                        + " events is not drained: a read that does not move on?");
            }
            List<Event> b = w.read(max);
            now++;
            if (b.isEmpty()) {
                return false;
            }
            w.apply(b);
            return true;
        }

        void rounds(int n) {
            for (int i = 0; i < n; i++) {
                if (!round(owner, batch())) {
                    return;
                }
            }
        }

        /** The owner dies at a drawn boundary of a read + apply round (reads 2, apply 3 + 2 per event, and the one after). */
        void crash() {
            int max = batch();
            owner.crashes().arm(1 + rnd.nextInt(6 + 2 * max));
            try {
                while (round(owner, max)) {
                    // projects on until it dies or the stream is drained
                }
            } catch (WorkerDied died) {
                // the process is gone; its lease runs out
            }
            idle.push(owner.real());
            take();
        }

        /** The owner reads a batch and stalls; a new owner takes over and projects; the zombie wakes and applies. */
        void pause() {
            Worker zombie = owner;
            List<Event> held = zombie.read(batch());
            take();
            rounds(rnd.nextInt(3));
            try {
                zombie.apply(held);
            } catch (StaleOwner | IllegalArgumentException refused) {
                // the fence did its job (a zombie behind the new owner may be told "a mark never goes back" first)
            }
            idle.push(zombie.real());
        }

        void drain() {
            int max = batch();
            while (round(owner, max)) {
                // to the end of the stream
            }
        }
    }

    private static Connection open(Path file, List<Connection> opened) {
        try {
            Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
            opened.add(c);
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA busy_timeout = 250");
                s.execute("PRAGMA synchronous = OFF");
                s.execute("PRAGMA journal_mode = MEMORY");
            }
            return c;
        } catch (SQLException e) {
            throw new IllegalStateException("probe: cannot open " + file, e);
        }
    }
}
