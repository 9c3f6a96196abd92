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
 * {@code Projector} and {@code Tally}. The schedule is drawn in the main thread from one {@link Random} seeded by
 * {@code (seed, workers, failovers)}, on a fake clock, so on sound code the same arguments give the same {@link Counts}.
 *
 * <p>One SQLite file in {@code java.io.tmpdir}, removed afterwards; every incarnation of a worker (named
 * {@code w0 … w(N-1)}) opens its own connection. Before each failover the owner projects a few batches. A failover is,
 * by the draw, one of six moves:
 * <ul>
 *   <li>a <b>crash</b>: the owner's connection is armed ({@link Crashes}) to die at a boundary {@code k} drawn over the
 *       boundaries of one read + apply round, and the owner keeps projecting until it dies;</li>
 *   <li>a <b>pause</b>: the owner reads a batch and stops; later, after another owner has projected a few batches, it
 *       wakes and applies that batch, a zombie that must be refused ({@link StaleOwner} is expected and ignored, and so
 *       is an {@link IllegalArgumentException}: a zombie whose batch ends behind the new owner's mark may be told
 *       that a mark never goes back before it is told it is stale);</li>
 *   <li>a <b>retake</b>: a pause whose new owner is the stalled worker's own name, restarted;</li>
 *   <li>a <b>read ahead</b>: the owner reads two batches, applies the first and dies before the second;</li>
 *   <li>a <b>failing effect</b>: one effect statement of the owner's next batch fails inside its transaction
 *       ({@link Crashes#failEffect}); an owner told so applies the batch once more; then it crashes;</li>
 *   <li>a <b>race</b>: the owner's lease ends while it holds a batch; on three threads started together it applies the
 *       batch while two workers each take the mark and, if they get it, read and apply a batch. Only this move's
 *       interleaving is not drawn: code that can lose the race may count differently from run to run.</li>
 * </ul>
 * Then the clock moves to the instant the last lease ends ({@code now == lease_until}) and a worker drawn among the N
 * takes the mark, so with one worker a same-named zombie comes back. After the last failover the owner drains the
 * stream, and {@code Tally.count} gives the result.
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
    /** How long two racing workers may take, on the real clock, before the cell is called stuck. */
    private static final long RACE_LIMIT_NANOS = 20_000_000_000L;

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
                switch (rnd.nextInt(6)) {
                    case 0 -> p.crash();
                    case 1 -> p.pause();
                    case 2 -> p.retake();
                    case 3 -> p.readsAheadThenDies();
                    case 4 -> p.effectFails();
                    default -> p.race();
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
    private record Worker(String name, Connection real, Crashes crashes, Ownership own, Object projector) {
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
            take("w" + rnd.nextInt(workers));
        }

        /** {@code name} takes the mark, at the instant the previous lease ends. */
        void take(String name) {
            now = Math.max(now, leaseUntil);
            Connection real = connection();
            Crashes crashes = Crashes.recycling(real);
            Ownership own = Learner.take(crashes.connection(), PROJECTOR, name, now, TTL);
            leaseUntil = now + TTL;
            owner = new Worker(name, real, crashes, own, Learner.projector(crashes.connection(), own));
        }

        /** A real connection for a new incarnation: one a gone worker left (its transaction rolled back), or a new one. */
        Connection connection() {
            return idle.isEmpty() ? open(file, opened) : idle.pop();
        }

        /** The worker is gone: what it left open is rolled back, as the end of a process does, and its connection kept. */
        void gone(Worker w) {
            try (Statement s = w.real().createStatement()) {
                s.execute("ROLLBACK");
            } catch (SQLException none) {
                // no transaction was open
            }
            idle.push(w.real());
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
            gone(owner);
            take();
        }

        /** The owner reads a batch and stalls; a new owner takes over and projects; the zombie wakes and applies. */
        void pause() {
            stall(this::take);
        }

        /** The same as {@link #pause}, but the one who takes over is the stalled worker's own name, restarted. */
        void retake() {
            String name = owner.name();
            stall(() -> take(name));
        }

        private void stall(Runnable takeOver) {
            Worker zombie = owner;
            List<Event> held = zombie.read(batch());
            takeOver.run();
            rounds(rnd.nextInt(3));
            try {
                zombie.apply(held);
            } catch (StaleOwner | IllegalArgumentException refused) {
                // the fence did its job (a zombie behind the new owner may be told "a mark never goes back" first)
            }
            gone(zombie);
        }

        /** The owner reads two batches before it applies the first, applies it, and dies before the second. */
        void readsAheadThenDies() {
            int max = batch();
            List<Event> first = owner.read(max);
            List<Event> second = owner.read(batch());
            now++;
            rounds += 2;
            try {
                owner.apply(first);
            } catch (StaleOwner | IllegalArgumentException refused) {
                // told no (a mark that read ahead may refuse to go back): it dies all the same
            }
            // the process ends here, with the second batch read and never applied
            gone(owner);
            take();
        }

        /**
         * One effect of the owner's next batch fails inside its transaction (as a trigger or a constraint would). The
         * owner, told so by an exception, applies the same batch again once the fault has passed; an apply that returns
         * normally is taken at its word. Then the owner crashes, as in {@link #crash}.
         */
        void effectFails() {
            List<Event> b = owner.read(batch());
            now++;
            rounds++;
            if (!b.isEmpty()) {
                owner.crashes().failEffect(1 + rnd.nextInt(2 * b.size()));
                boolean failed = false;
                try {
                    owner.apply(b);
                } catch (RuntimeException told) {
                    failed = true;
                }
                owner.crashes().disarm();
                if (failed) {
                    try {
                        owner.apply(b);
                    } catch (StaleOwner | IllegalArgumentException refused) {
                        // told no again: it crashes below all the same
                    }
                }
            }
            crash();
        }

        /**
         * Two workers truly at once, on threads of their own: the owner's lease ends while it holds a batch it read; it
         * wakes and applies that batch while two workers drawn among the N each try to take the mark and, if they get
         * it, read and apply a batch. The three start together; a refusal ({@link StaleOwner}, {@link MarkHeld}, an
         * {@link IllegalArgumentException}) or a busy database is an outcome, not an error. Then the clock moves to the
         * end of the last lease taken and a worker drawn takes the mark, from whatever the race left committed.
         */
        void race() {
            Worker zombie = owner;
            List<Event> held = zombie.read(batch());
            now = Math.max(now + 1, leaseUntil);
            String a = "w" + rnd.nextInt(workers);
            String b = "w" + rnd.nextInt(workers);
            int maxA = batch();
            int maxB = batch();
            long at = now;
            Connection ca = connection();
            Connection cb = connection();
            java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(3);
            java.util.concurrent.atomic.AtomicReference<Throwable> broke = new java.util.concurrent.atomic.AtomicReference<>();
            List<Thread> threads = List.of(
                    racer(start, broke, () -> zombie.apply(held)),
                    racer(start, broke, () -> takeAndProject(ca, a, at, maxA)),
                    racer(start, broke, () -> takeAndProject(cb, b, at, maxB)));
            threads.forEach(Thread::start);
            long deadline = System.nanoTime() + RACE_LIMIT_NANOS;
            for (Thread t : threads) {
                try {
                    t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("probe: interrupted while two workers raced");
                }
                if (t.isAlive()) {
                    throw new IllegalStateException("probe: two workers at once did not finish in "
                            + RACE_LIMIT_NANOS / 1_000_000_000 + " s (a deadlock, or a lock never released?)");
                }
            }
            if (broke.get() instanceof Error e) {
                throw e;
            }
            if (broke.get() instanceof RuntimeException e) {
                throw e;
            }
            gone(zombie);
            for (Connection c : List.of(ca, cb)) {
                try (Statement s = c.createStatement()) {
                    s.execute("ROLLBACK");
                } catch (SQLException none) {
                    // no transaction was open
                }
                idle.push(c);
            }
            rounds += 3;
            leaseUntil = Math.max(leaseUntil, at + TTL);
            take();
        }

        private static Thread racer(java.util.concurrent.CyclicBarrier start,
                                    java.util.concurrent.atomic.AtomicReference<Throwable> broke, Runnable move) {
            Thread t = new Thread(() -> {
                try {
                    start.await(RACE_LIMIT_NANOS, java.util.concurrent.TimeUnit.NANOSECONDS);
                    move.run();
                } catch (StaleOwner | MarkHeld | IllegalArgumentException refused) {
                    // refused: an outcome of the race
                } catch (IllegalStateException busy) {
                    // the database was busy (or the move failed inside): the move did not happen, nothing is lost
                } catch (Throwable other) {
                    broke.compareAndSet(null, other);
                }
            }, "probe-racer");
            t.setDaemon(true);
            return t;
        }

        /**
         * On its own connection, {@code name} takes the mark at {@code at}, then reads and applies one batch. Every
         * statement it executes waits a millisecond first, so that racing check-then-act steps overlap often enough to
         * show; a single transaction is not slowed into losing by it.
         */
        private static void takeAndProject(Connection real, String name, long at, int max) {
            Connection c = Unhurried.wrap(real);
            Ownership own = Learner.take(c, PROJECTOR, name, at, TTL);
            Object projector = Learner.projector(c, own);
            List<Event> b = Learner.read(projector, max);
            if (!b.isEmpty()) {
                Learner.apply(projector, b);
            }
        }

        void drain() {
            int max = batch();
            while (round(owner, max)) {
                // to the end of the stream
            }
        }
    }

    /** A connection whose statements each wait a millisecond before they execute (the racers' connections). */
    private static final class Unhurried {
        static Connection wrap(Connection real) {
            return proxy(Connection.class, real);
        }

        @SuppressWarnings("unchecked")
        private static <T> T proxy(Class<T> type, T target) {
            return (T) java.lang.reflect.Proxy.newProxyInstance(FailoverProbe.class.getClassLoader(), new Class<?>[] {type},
                    (self, m, args) -> {
                        if (m.getName().startsWith("execute") || m.getName().equals("commit")) {
                            try {
                                Thread.sleep(1);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                        Object out;
                        try {
                            out = m.invoke(target, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                        if (m.getDeclaringClass() == Object.class || out == null) {
                            return m.getName().equals("equals") ? (Object) (self == args[0]) : out;
                        }
                        Class<?> r = m.getReturnType();
                        if (r == java.sql.PreparedStatement.class) {
                            return proxy(java.sql.PreparedStatement.class, (java.sql.PreparedStatement) out);
                        }
                        if (r == Statement.class) {
                            return proxy(Statement.class, (Statement) out);
                        }
                        if (r == java.sql.CallableStatement.class) {
                            return proxy(java.sql.CallableStatement.class, (java.sql.CallableStatement) out);
                        }
                        return out;
                    });
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
