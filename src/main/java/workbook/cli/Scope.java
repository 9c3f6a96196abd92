package workbook.cli;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What one command starts and stops: a lab's server, a relay to a server given by URL. Each is made on first use
 * and kept under its name; {@link #close} (at the end of the command, in {@code Main}) closes them newest first.
 */
final class Scope implements AutoCloseable {
    private final Map<String, Object> kept = new HashMap<>();
    private final Deque<AutoCloseable> opened = new ArrayDeque<>();

    /** The thing kept under {@code name}, made by {@code make} the first time. */
    synchronized <T> T get(String name, Class<T> type, Supplier<T> make) {
        Object known = kept.get(name);
        if (known != null) {
            return type.cast(known);
        }
        T made = make.get();
        kept.put(name, made);
        if (made instanceof AutoCloseable c) {
            opened.push(c);
        }
        return made;
    }

    /** Closes everything this scope opened (a second call does nothing). */
    @Override
    public synchronized void close() {
        while (!opened.isEmpty()) {
            try {
                opened.pop().close();
            } catch (Exception e) {
                // a resource that cannot close leaves nothing the next one needs
            }
        }
        kept.clear();
    }
}
