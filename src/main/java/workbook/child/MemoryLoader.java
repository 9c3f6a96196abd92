package workbook.child;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The class loader of one run: the build under test and the test classes, defined from bytes the parent sent in the
 * plan (see {@code ClassBundle}), which is deleted before any learner code runs. Their files are not in the child's
 * view at all, and this loader names no place and hands out no bytes: every class it defines has no code source,
 * and it finds no resource of its own ({@code getResource("Jobs.class")} is null). A test can then tell a mutant from
 * the reference only by what the code does.
 *
 * <p>The learner's classes and the tests share this one loader, so package-private members stay reachable.
 */
final class MemoryLoader extends ClassLoader {
    static {
        registerAsParallelCapable();
    }

    private final Map<String, byte[]> classes;

    /** @param classes class file bytes by binary name ({@code lease.Jobs}), the first entry of the class path winning */
    MemoryLoader(Map<String, byte[]> classes, ClassLoader parent) {
        super("run", parent);
        this.classes = Map.copyOf(classes);
    }

    /** The classes of {@code entries} in class-path order, by binary name, from file names such as {@code a/B.class}. */
    static Map<String, byte[]> byName(List<Map<String, byte[]>> entries) {
        Map<String, byte[]> out = new HashMap<>();
        for (Map<String, byte[]> entry : entries) {
            entry.forEach((file, bytes) -> {
                if (file.endsWith(".class")) {
                    out.putIfAbsent(file.substring(0, file.length() - ".class".length()).replace('/', '.'), bytes);
                }
            });
        }
        return out;
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] bytes = classes.get(name);
        if (bytes == null) {
            throw new ClassNotFoundException(name);
        }
        return defineClass(name, bytes, 0, bytes.length);
    }

    @Override
    protected URL findResource(String name) {
        return null;
    }

    @Override
    protected Enumeration<URL> findResources(String name) {
        return Collections.emptyEnumeration();
    }

    @Override
    public URL getResource(String name) {
        return isOwnClassFile(name) ? null : super.getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        return isOwnClassFile(name) ? Collections.emptyEnumeration() : super.getResources(name);
    }

    @Override
    public InputStream getResourceAsStream(String name) {
        return isOwnClassFile(name) ? null : super.getResourceAsStream(name);
    }

    /** A class file of a class this loader defines: never handed out, not even the parent's copy of that name. */
    private boolean isOwnClassFile(String name) {
        String n = name.startsWith("/") ? name.substring(1) : name;
        return n.endsWith(".class") && classes.containsKey(n.substring(0, n.length() - ".class".length()).replace('/', '.'));
    }
}
