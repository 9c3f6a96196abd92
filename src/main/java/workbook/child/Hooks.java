package workbook.child;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import workbook.child.hooks.Active;
import workbook.child.hooks.Reached;

/**
 * The child's side of {@link Active} and {@link Reached}. Their package is exported (instrumented learner and
 * reference builds call {@code Active.is} and {@code Reached.hit}), so what only the runner may do there is kept
 * package-private and reached from here, inside the child's own module, where no learner code can follow.
 */
final class Hooks {
    private static final MethodHandle SET_VARIANT;
    private static final MethodHandle START_RUN;
    private static final MethodHandle START_TEST;
    private static final MethodHandle END_TEST;

    static {
        try {
            MethodHandles.Lookup active = MethodHandles.privateLookupIn(Active.class, MethodHandles.lookup());
            SET_VARIANT = active.findStatic(Active.class, "set", MethodType.methodType(void.class, int.class));
            MethodHandles.Lookup reached = MethodHandles.privateLookupIn(Reached.class, MethodHandles.lookup());
            START_RUN = reached.findStatic(Reached.class, "startRun", MethodType.methodType(void.class));
            START_TEST = reached.findStatic(Reached.class, "startTest", MethodType.methodType(void.class));
            END_TEST = reached.findStatic(Reached.class, "endTest", MethodType.methodType(List.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Hooks() {}

    static void setVariant(int k) {
        call(() -> {
            SET_VARIANT.invokeExact(k);
        });
    }

    static void startRun() {
        call(() -> {
            START_RUN.invokeExact();
        });
    }

    static void startTest() {
        call(() -> {
            START_TEST.invokeExact();
        });
    }

    @SuppressWarnings("unchecked")
    static List<String> endTest() {
        try {
            return (List<String>) END_TEST.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private interface Call {
        void run() throws Throwable;
    }

    private static void call(Call c) {
        try {
            c.run();
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
