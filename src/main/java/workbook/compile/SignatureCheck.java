package workbook.compile;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Compares the learner's compiled class with the reference's shape: every method the contract names (static or on
 * an instance), every non-private constructor, and every nested record. Classes are loaded without being initialised,
 * so no learner code runs here.
 */
public final class SignatureCheck {
    private SignatureCheck() {}

    /** A method whose shape differs from the contract. {@code found} is null when it is missing. */
    public record Mismatch(String method, String expected, String found) {}

    /**
     * @param className  the learner class, fully qualified
     * @param contract   the method names the contract fixes; helpers beyond them are the learner's business
     * @return mismatches keyed by method name (a nested record mismatch is keyed {@code Outer.Record})
     */
    public static Map<String, Mismatch> compare(Path referenceClasses, List<Path> learnerClasses, String className,
                                                java.util.Set<String> contract) {
        Map<String, Mismatch> out = new LinkedHashMap<>();
        try (URLClassLoader ref = loader(List.of(referenceClasses)); URLClassLoader mine = loader(learnerClasses)) {
            Class<?> expected = Class.forName(className, false, ref);
            Class<?> actual;
            try {
                actual = Class.forName(className, false, mine);
            } catch (ClassNotFoundException e) {
                out.put(className, new Mismatch(className, "class " + className, null));
                return out;
            }
            for (Method m : expected.getDeclaredMethods()) {
                if (!contract.contains(m.getName()) || m.isSynthetic()) {
                    continue;
                }
                Method found = find(actual, m);
                String want = render(m);
                if (found == null) {
                    List<String> sameName = Arrays.stream(actual.getDeclaredMethods())
                            .filter(a -> a.getName().equals(m.getName())).map(SignatureCheck::render).toList();
                    out.put(m.getName(), new Mismatch(m.getName(), want, sameName.isEmpty() ? null : String.join("; ", sameName)));
                } else if (!render(found).equals(want) || Modifier.isPrivate(found.getModifiers())) {
                    out.put(m.getName(), new Mismatch(m.getName(), want, render(found)));
                }
            }
            compareConstructors(expected, actual, out);
            for (Class<?> nested : expected.getDeclaredClasses()) {
                if (!nested.isRecord()) {
                    continue;
                }
                String name = expected.getSimpleName() + "." + nested.getSimpleName();
                Class<?> theirs = Arrays.stream(actual.getDeclaredClasses())
                        .filter(c -> c.getSimpleName().equals(nested.getSimpleName())).findFirst().orElse(null);
                String want = renderRecord(nested);
                if (theirs == null || !theirs.isRecord()) {
                    out.put(name, new Mismatch(name, want, theirs == null ? null : theirs.toGenericString()));
                } else if (!renderRecord(theirs).equals(want)) {
                    out.put(name, new Mismatch(name, want, renderRecord(theirs)));
                }
            }
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the reference has no " + className, e);
        } catch (LinkageError e) {
            out.put(className, new Mismatch(className, "class " + className, "a class that does not load: " + e));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out;
    }

    /** Every constructor the reference offers callers must exist in the learner's class with the same parameters. */
    private static void compareConstructors(Class<?> expected, Class<?> actual, Map<String, Mismatch> out) {
        String name = expected.getSimpleName();
        for (Constructor<?> c : expected.getDeclaredConstructors()) {
            if (Modifier.isPrivate(c.getModifiers()) || c.isSynthetic()) {
                continue;
            }
            String want = render(c);
            String params = params(c.getGenericParameterTypes());
            Constructor<?> found = Arrays.stream(actual.getDeclaredConstructors())
                    .filter(a -> params(a.getGenericParameterTypes()).equals(params)).findFirst().orElse(null);
            if (found == null || Modifier.isPrivate(found.getModifiers())) {
                List<String> others = Arrays.stream(actual.getDeclaredConstructors())
                        .filter(a -> !Modifier.isPrivate(a.getModifiers())).map(SignatureCheck::render).toList();
                out.put(name + "(…)", new Mismatch(name, want, others.isEmpty() ? null : String.join("; ", others)));
            }
        }
    }

    static String render(Constructor<?> c) {
        String params = Arrays.stream(c.getGenericParameterTypes()).map(SignatureCheck::simple).collect(Collectors.joining(", "));
        return c.getDeclaringClass().getSimpleName() + "(" + params + ")";
    }

    /** The method of {@code c} with the same name and parameter types, compared by name: the two loaders differ. */
    private static Method find(Class<?> c, Method like) {
        String params = params(like.getGenericParameterTypes());
        return Arrays.stream(c.getDeclaredMethods()).filter(m -> m.getName().equals(like.getName()) && !m.isSynthetic())
                .filter(m -> params(m.getGenericParameterTypes()).equals(params)).findFirst().orElse(null);
    }

    private static String params(Type[] types) {
        return Arrays.stream(types).map(SignatureCheck::simple).collect(Collectors.joining(", "));
    }

    static String render(Method m) {
        String params = Arrays.stream(m.getGenericParameterTypes()).map(SignatureCheck::simple).collect(Collectors.joining(", "));
        String mods = Modifier.isStatic(m.getModifiers()) ? "static " : "";
        return mods + simple(m.getGenericReturnType()) + " " + m.getName() + "(" + params + ")";
    }

    private static String renderRecord(Class<?> r) {
        List<String> parts = new ArrayList<>();
        for (RecordComponent c : r.getRecordComponents()) {
            parts.add(simple(c.getGenericType()) + " " + c.getName());
        }
        return (Modifier.isPublic(r.getModifiers()) ? "public " : "") + "record " + r.getSimpleName()
                + "(" + String.join(", ", parts) + ")";
    }

    private static String simple(Type t) {
        return t.getTypeName().replaceAll("\\b[a-z][a-z0-9_]*\\.", "").replace('$', '.');
    }

    private static URLClassLoader loader(List<Path> dirs) throws java.net.MalformedURLException {
        URL[] urls = new URL[dirs.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = dirs.get(i).toUri().toURL();
        }
        return new URLClassLoader(urls, SignatureCheck.class.getClassLoader());
    }
}
