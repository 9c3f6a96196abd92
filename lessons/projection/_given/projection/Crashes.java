package projection;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A worker that can die. {@link #wrap} puts a {@link Connection} behind a proxy (and every {@code Statement},
 * {@code PreparedStatement} and {@code ResultSet} it hands out) that counts <b>boundaries</b>: each execution of a
 * statement ({@code execute…}) and each {@code commit()}. Once {@link #arm armed} with {@code k}, the k-th boundary from
 * then on does not happen: the proxy closes the real connection (SQLite rolls back the open transaction, as it would
 * for a killed process) and throws {@link WorkerDied}; every later call, on the connection or on anything it handed
 * out, throws {@code WorkerDied} too ({@code close()} excepted). No hook in the worker's code is needed: a crash lands
 * at every statement boundary of whatever the code does.
 */
public final class Crashes {
    private static final Set<String> EXECUTIONS = Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate",
            "executeBatch", "executeLargeBatch");

    private final Connection real;
    private final boolean recycle;
    private final Connection proxy;
    private final List<String> done = new ArrayList<>();
    private int dieAt = -1;
    private String diedAt;
    /** The effect statement (one that writes {@code applied} or {@code balance}) to fail, counted from arming; -1 none. */
    private int failEffectAt = -1;
    private int effects;

    private Crashes(Connection real, boolean recycle) {
        this.real = real;
        this.recycle = recycle;
        this.proxy = proxy(Connection.class, real, null);
    }

    /** {@code real} behind a proxy that never dies until {@link #arm armed}. */
    public static Crashes wrap(Connection real) {
        return new Crashes(real, false);
    }

    /**
     * Like {@link #wrap}, but at death the real connection's open transaction is rolled back and the connection is
     * left open, for the caller to hand to the next worker (the probe does, to save opening one per incarnation).
     * What the dead worker sees is the same: its transaction is gone and every later call throws {@link WorkerDied}.
     */
    public static Crashes recycling(Connection real) {
        return new Crashes(real, true);
    }

    /** A connection that dies at its {@code k}-th boundary (1 = the first statement executed on it). */
    public static Connection dyingAt(Connection real, int k) {
        return wrap(real).arm(k).connection();
    }

    /** The worker dies at the {@code k}-th boundary from now ({@code k >= 1}). */
    public Crashes arm(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("arm: k starts at 1, not " + k);
        }
        dieAt = done.size() + k;
        return this;
    }

    /**
     * The {@code k}-th statement from now that writes an effect (its SQL names {@code applied} or {@code balance} and is
     * not a {@code SELECT}) fails with an {@link SQLException}, as a trigger or a constraint would make it fail: the
     * statement does not happen, the connection lives on, and the fault is gone after that one statement.
     */
    public Crashes failEffect(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("failEffect: k starts at 1, not " + k);
        }
        failEffectAt = k;
        effects = 0;
        return this;
    }

    /** The worker no longer dies (unless it already did). */
    public Crashes disarm() {
        dieAt = -1;
        failEffectAt = -1;
        return this;
    }

    public Connection connection() {
        return proxy;
    }

    public boolean dead() {
        return diedAt != null;
    }

    /** The boundaries passed so far (executed statements and commits), as their SQL text or {@code commit()}. */
    public List<String> boundaries() {
        return List.copyOf(done);
    }

    /** What the worker was about to do when it died, or {@code null} while it lives. */
    public String diedAt() {
        return diedAt;
    }

    private void boundary(String what) throws SQLException {
        if (failEffectAt > 0 && isEffect(what) && ++effects == failEffectAt) {
            failEffectAt = -1;
            throw new SQLException("probe: the effect failed (as a trigger or a constraint makes it fail): " + what);
        }
        if (dieAt > 0 && done.size() + 1 >= dieAt) {
            diedAt = "#" + (done.size() + 1) + " " + what;
            try {
                if (recycle) {
                    try (Statement s = real.createStatement()) {
                        s.execute("ROLLBACK");
                    } catch (SQLException none) {
                        // no transaction was open
                    }
                } else {
                    real.close();
                }
            } catch (SQLException ignored) {
                // the process is gone either way
            }
            throw new WorkerDied("the worker died before boundary " + diedAt);
        }
        done.add(what);
    }

    private static boolean isEffect(String sql) {
        String s = sql.strip().toLowerCase(java.util.Locale.ROOT);
        return !s.startsWith("select") && (s.contains("applied") || s.contains("balance"));
    }

    @SuppressWarnings("unchecked")
    private <T> T proxy(Class<T> type, T target, String sql) {
        InvocationHandler h = (p, m, args) -> invoke(p, type, target, sql, m, args);
        return (T) Proxy.newProxyInstance(Crashes.class.getClassLoader(), new Class<?>[] {type}, h);
    }

    private Object invoke(Object self, Class<?> type, Object target, String sql, Method m, Object[] args) throws Throwable {
        String name = m.getName();
        if (m.getDeclaringClass() == Object.class) {
            return switch (name) {
                case "equals" -> self == args[0];
                case "hashCode" -> System.identityHashCode(target);
                default -> type.getSimpleName() + "(crashes" + (dead() ? ", dead" : "") + ")";
            };
        }
        if (dead()) {
            if (name.equals("close")) {
                return null;
            }
            if (name.equals("isClosed")) {
                return true;
            }
            throw new WorkerDied("the worker is dead (it died before boundary " + diedAt + ")");
        }
        if (EXECUTIONS.contains(name)) {
            boundary(args != null && args.length > 0 && args[0] instanceof String s ? s : String.valueOf(sql));
        } else if (type == Connection.class && name.equals("commit")) {
            boundary("commit()");
        }
        Object out;
        try {
            out = m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
        if (out == null) {
            return null;
        }
        Class<?> r = m.getReturnType();
        String text = type == Connection.class && args != null && args.length > 0 && args[0] instanceof String s ? s : sql;
        if (r == CallableStatement.class) {
            return proxy(CallableStatement.class, (CallableStatement) out, text);
        }
        if (r == PreparedStatement.class) {
            return proxy(PreparedStatement.class, (PreparedStatement) out, text);
        }
        if (r == Statement.class) {
            return proxy(Statement.class, (Statement) out, text);
        }
        if (r == ResultSet.class) {
            return proxy(ResultSet.class, (ResultSet) out, text);
        }
        if (r == Connection.class) {
            return proxy;
        }
        return out;
    }
}
