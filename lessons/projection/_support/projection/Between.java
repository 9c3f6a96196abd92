package projection;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Set;

/**
 * Test support: a connection on which something else happens between two statements of the code under test. It counts
 * boundaries as {@link Crashes} does (each execution of a statement, each {@code commit()}); once {@link #at armed}
 * with {@code k}, it runs the given action just before the k-th boundary from then on, once, on the caller's thread,
 * and then lets the boundary happen. The action is another worker, on its own connection: the interleaving is forced,
 * not left to a scheduler, so a check-then-act across two statements loses every time and never by chance.
 */
final class Between {
    private static final Set<String> EXECUTIONS = Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate",
            "executeBatch", "executeLargeBatch");

    private final Connection proxy;
    private int boundaries;
    private int at = -1;
    private Runnable action;
    private boolean ran;

    private Between(Connection real) {
        this.proxy = proxy(Connection.class, real);
    }

    static Between wrap(Connection real) {
        return new Between(real);
    }

    /** Runs {@code action} just before the {@code k}-th boundary from now ({@code k >= 1}). */
    Between at(int k, Runnable action) {
        this.at = boundaries + k;
        this.action = action;
        this.ran = false;
        return this;
    }

    Connection connection() {
        return proxy;
    }

    /** The boundaries passed so far. */
    int boundaries() {
        return boundaries;
    }

    /** Whether the action ran (the code reached the k-th boundary). */
    boolean ran() {
        return ran;
    }

    private void boundary() {
        if (action != null && boundaries + 1 == at) {
            Runnable a = action;
            action = null;
            ran = true;
            a.run();
        }
        boundaries++;
    }

    @SuppressWarnings("unchecked")
    private <T> T proxy(Class<T> type, T target) {
        InvocationHandler h = (p, m, args) -> invoke(p, type, target, m, args);
        return (T) Proxy.newProxyInstance(Between.class.getClassLoader(), new Class<?>[] {type}, h);
    }

    private Object invoke(Object self, Class<?> type, Object target, Method m, Object[] args) throws Throwable {
        if (m.getDeclaringClass() == Object.class) {
            return switch (m.getName()) {
                case "equals" -> self == args[0];
                case "hashCode" -> System.identityHashCode(target);
                default -> type.getSimpleName() + "(between)";
            };
        }
        if (EXECUTIONS.contains(m.getName()) || (type == Connection.class && m.getName().equals("commit"))) {
            boundary();
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
        if (r == CallableStatement.class) {
            return proxy(CallableStatement.class, (CallableStatement) out);
        }
        if (r == PreparedStatement.class) {
            return proxy(PreparedStatement.class, (PreparedStatement) out);
        }
        if (r == Statement.class) {
            return proxy(Statement.class, (Statement) out);
        }
        if (r == ResultSet.class) {
            return proxy(ResultSet.class, (ResultSet) out);
        }
        if (r == Connection.class) {
            return proxy;
        }
        return out;
    }
}
