package workbook.jshell;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * JShell cannot call the learner's package-private methods, so {@code try} calls them through the lab's public bridge.
 * These snippets give each learner class its own name back: a JShell class {@code Jobs} whose static methods pass
 * every call to the bridge method of the same name and parameters, so {@code Jobs.claim(db, "j", "A", 1, 10)} works
 * as the learner wrote it.
 */
public final class Wrappers {
    private Wrappers() {}

    /**
     * @param classpath      the learner's build, the bridge and the libraries
     * @param bridge         the bridge class, fully qualified
     * @param learnerClasses the learner's classes, fully qualified
     */
    public static String of(List<String> classpath, String bridge, List<String> learnerClasses) {
        URL[] urls = classpath.stream().map(Wrappers::url).toArray(URL[]::new);
        try (URLClassLoader loader = new URLClassLoader(urls, Wrappers.class.getClassLoader())) {
            Class<?> b = Class.forName(bridge, false, loader);
            StringBuilder out = new StringBuilder();
            for (String name : learnerClasses) {
                Class<?> learner = Class.forName(name, false, loader);
                Set<String> own = Arrays.stream(learner.getDeclaredMethods()).filter(m -> Modifier.isStatic(m.getModifiers()))
                        .map(Method::getName).collect(Collectors.toSet());
                List<String> methods = new ArrayList<>();
                for (Method m : b.getMethods()) {
                    if (m.getDeclaringClass() == b && Modifier.isStatic(m.getModifiers()) && own.contains(m.getName())) {
                        methods.add(delegate(m, bridge));
                    }
                }
                if (!methods.isEmpty()) {
                    out.append("class ").append(learner.getSimpleName()).append(" {\n")
                            .append(String.join("", methods)).append("}\n");
                }
            }
            return out.toString();
        } catch (ReflectiveOperationException | java.io.IOException | LinkageError e) {
            return ""; // the bridge alone still works: Lab.claim(...)
        }
    }

    private static String delegate(Method m, String bridge) {
        Type[] params = m.getGenericParameterTypes();
        List<String> decl = new ArrayList<>();
        List<String> args = new ArrayList<>();
        for (int i = 0; i < params.length; i++) {
            decl.add(type(params[i]) + " a" + i);
            args.add("a" + i);
        }
        boolean isVoid = m.getReturnType() == void.class;
        return "    static " + (isVoid ? "void" : type(m.getGenericReturnType())) + " " + m.getName() + "("
                + String.join(", ", decl) + ") " + (m.getExceptionTypes().length > 0 ? "throws Exception " : "") + "{ "
                + (isVoid ? "" : "return ") + bridge + "." + m.getName() + "(" + String.join(", ", args) + "); }\n";
    }

    /** A type as JShell can name it: canonical names, and {@code ?} (or Object) for a class it cannot reach. */
    private static String type(Type t) {
        if (t instanceof Class<?> c) {
            if (c.isArray()) {
                return type(c.getComponentType()) + "[]";
            }
            return reachable(c) ? c.getCanonicalName() : "Object";
        }
        if (t instanceof ParameterizedType p) {
            String raw = type(p.getRawType());
            List<String> args = Arrays.stream(p.getActualTypeArguments()).map(a -> a instanceof Class<?> c && !reachable(c) ? "?" : type(a)).toList();
            return raw + "<" + String.join(", ", args) + ">";
        }
        return "Object";
    }

    private static boolean reachable(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
            if (!k.isPrimitive() && !Modifier.isPublic(k.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    private static URL url(String p) {
        try {
            return Path.of(p).toUri().toURL();
        } catch (java.net.MalformedURLException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
