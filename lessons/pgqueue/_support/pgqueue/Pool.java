package pgqueue;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The {@code DataSource} the tests hand to {@code Leases}: a small pool that checks what comes back. A connection given
 * back inside an open transaction is noted (a pool that does not roll back hands it, locks and all, to the next worker; this one rolls
 * it back first), as is one never given back. Like a real pool it resets autocommit and the isolation level of what
 * comes back, and keeps it for the next borrower.
 *
 * <p>A racing pool ({@link #racing}) makes a read-then-write race happen every time instead of once in a while: each
 * {@code SELECT} waits, after it returned, up to {@link #MEET_MILLIS} for the other racer's {@code SELECT} to return
 * too. Two reads that both saw a free job then both write; a read that holds the row lock keeps the other racer waiting
 * inside its own {@code SELECT}, so they never meet.
 */
final class Pool implements DataSource, AutoCloseable {
    static final long MEET_MILLIS = 400;

    private final String url;
    private final String[] settings;
    private final AtomicInteger borrowed = new AtomicInteger();
    private final AtomicInteger returned = new AtomicInteger();
    private final List<String> dirty = new CopyOnWriteArrayList<>();
    private volatile CyclicBarrier meet;
    private final java.util.concurrent.ConcurrentLinkedDeque<Connection> idle = new java.util.concurrent.ConcurrentLinkedDeque<>();
    private final List<Connection> all = new CopyOnWriteArrayList<>();

    Pool(String url, String... settings) {
        this.url = url;
        this.settings = settings.clone();
    }

    /** Another worker's move, run once after the first SELECT a borrower makes (see {@link #cuttingIn}). */
    private volatile Runnable cutIn;
    /** Commits still to fail with SQLSTATE 40001 (see {@link #failingCommits}). */
    private final AtomicInteger commitsToFail = new AtomicInteger();

    /**
     * The same pool, where another worker moves right after a borrower's first SELECT returned: {@code move} runs on a
     * thread of its own, and the borrower goes on when it is done or after {@link #MEET_MILLIS} (when the borrower's
     * own row lock holds it back, the move lands after the borrower commits). A decision read in one statement and
     * written in another then meets the world the move left; one statement, or a held row lock, does not.
     */
    Pool cuttingIn(Runnable move) {
        cutIn = move;
        return this;
    }

    /** The same pool, where the next {@code n} commits fail with SQLSTATE 40001 (rolled back), as under SERIALIZABLE. */
    Pool failingCommits(int n) {
        commitsToFail.set(n);
        return this;
    }

    /** The same pool, where the SELECTs of {@code parties} racers meet before going on. */
    Pool racing(int parties) {
        meet = new CyclicBarrier(parties);
        return this;
    }

    /** How the connections came back: empty when every one came back closed and outside a transaction. */
    String problems() {
        StringBuilder sb = new StringBuilder();
        if (!dirty.isEmpty()) {
            sb.append(dirty.size()).append(" connection(s) went back to the pool inside an open transaction (")
                    .append(dirty.get(0)).append("): a pool that does not roll back hands such a connection, locks and all, to the next worker");
        }
        int open = borrowed.get() - returned.get();
        if (open > 0) {
            sb.append(sb.length() > 0 ? "; " : "").append(open).append(" connection(s) were never closed");
        }
        return sb.toString();
    }

    int borrowed() {
        return borrowed.get();
    }

    /** Closes every connection this pool made. */
    @Override
    public void close() {
        for (Connection c : all) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closing anyway
            }
        }
    }

    private Connection fresh() throws SQLException {
        Connection real = DriverManager.getConnection(url);
        all.add(real);
        try (Statement s = real.createStatement()) {
            for (String setting : settings) {
                s.execute(setting);
            }
        }
        return real;
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection kept = idle.pollFirst();
        Connection real = kept != null ? kept : fresh();
        borrowed.incrementAndGet();
        return (Connection) Proxy.newProxyInstance(Pool.class.getClassLoader(), new Class<?>[] {Connection.class},
                new Borrowed(real));
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        return getConnection();
    }

    /** A borrowed connection: its close gives it back (checked), its statements are watched when racing. */
    private final class Borrowed implements InvocationHandler {
        private final Connection real;
        private final int isolation;
        private boolean closed;

        Borrowed(Connection real) throws SQLException {
            this.real = real;
            this.isolation = real.getTransactionIsolation();
        }

        @Override
        public Object invoke(Object proxy, java.lang.reflect.Method m, Object[] args) throws Throwable {
            switch (m.getName()) {
                case "close":
                    giveBack();
                    return null;
                case "isClosed":
                    return closed || real.isClosed();
                case "prepareStatement":
                    return watched(call(m, args), (String) args[0], PreparedStatement.class);
                case "createStatement":
                    return watched(call(m, args), null, Statement.class);
                case "commit":
                    if (commitsToFail.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                        real.rollback();
                        throw new SQLException("could not serialize access due to read/write dependencies among transactions "
                                + "(a commit failed on purpose)", "40001");
                    }
                    return call(m, args);
                default:
                    return call(m, args);
            }
        }

        private Object call(java.lang.reflect.Method m, Object[] args) throws Throwable {
            try {
                return m.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }

        private synchronized void giveBack() throws SQLException {
            if (closed) {
                return;
            }
            closed = true;
            returned.incrementAndGet();
            if (real.isClosed()) {
                return;
            }
            try {
                var state = real.unwrap(org.postgresql.core.BaseConnection.class).getTransactionState();
                if (state != org.postgresql.core.TransactionState.IDLE) {
                    dirty.add("transaction " + state.name().toLowerCase(Locale.ROOT));
                    real.rollback();
                }
                if (!real.getAutoCommit()) {
                    real.setAutoCommit(true);
                }
                if (real.getTransactionIsolation() != isolation) {
                    real.setTransactionIsolation(isolation);
                }
                idle.addFirst(real);
            } catch (SQLException e) {
                real.close();
            }
        }
    }

    /** A statement whose queries wait for the other racer's when this pool is racing. */
    private Object watched(Object statement, String preparedSql, Class<?> type) {
        if (meet == null && cutIn == null) {
            return statement;
        }
        return Proxy.newProxyInstance(Pool.class.getClassLoader(), new Class<?>[] {type}, (proxy, m, args) -> {
            Object r;
            try {
                r = m.invoke(statement, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            if (m.getName().startsWith("execute")) {
                String sql = preparedSql != null ? preparedSql : args != null && args.length > 0 && args[0] instanceof String q ? q : "";
                if (sql.stripLeading().toLowerCase(Locale.ROOT).startsWith("select")) {
                    if (meet != null) {
                        awaitOtherRacer();
                    }
                    Runnable move = cutIn;
                    cutIn = null;
                    if (move != null) {
                        Thread t = new Thread(move, "another-worker");
                        t.setDaemon(true);
                        t.start();
                        t.join(MEET_MILLIS);
                    }
                }
            }
            return r;
        });
    }

    private void awaitOtherRacer() {
        try {
            meet.await(MEET_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | BrokenBarrierException e) {
            // the other racer is not reading now (it waits for a lock, or is done): go on alone
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {}

    @Override
    public void setLoginTimeout(int seconds) {}

    @Override
    public int getLoginTimeout() {
        return 0;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
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
