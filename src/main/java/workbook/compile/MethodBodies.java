package workbook.compile;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/**
 * The method bodies of a Java source, found with javac's own parser: the methods of its classes (nested ones included,
 * local and anonymous ones not: their text belongs to the method around them). Two uses, both about which learner
 * tests can reach a mutant's change:
 * <ul>
 *   <li>{@link #instrument}: the source with a call to a recorder at the start of every body, so a run of the
 *       reference says which methods each test entered;</li>
 *   <li>{@link #changed}: the methods whose bodies a mutant changed, or nothing when it changed anything else (a
 *       field, a signature, a new method), which any test may reach.</li>
 * </ul>
 * Constructors are left alone (a statement may not come before {@code super(...)}); a changed constructor counts as
 * a change outside the bodies.
 */
public final class MethodBodies {
    /** One method's body: its key ({@code Outer.Inner#name(Type,Type)}) and the offsets of its braces. */
    public record Body(String key, int open, int close) {
        String text(String source) {
            return source.substring(open, close);
        }
    }

    private final String source;
    private final List<Body> bodies;

    private MethodBodies(String source, List<Body> bodies) {
        this.source = source;
        this.bodies = bodies;
    }

    /** The bodies of {@code source}; empty when it does not parse. */
    public static MethodBodies of(String source) {
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///Source.java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        JavacTask task = (JavacTask) ToolProvider.getSystemJavaCompiler()
                .getTask(null, null, d -> { }, List.of("-proc:none"), null, List.of(file));
        List<Body> out = new ArrayList<>();
        try {
            SourcePositions positions = Trees.instance(task).getSourcePositions();
            for (CompilationUnitTree unit : task.parse()) {
                for (Tree type : unit.getTypeDecls()) {
                    if (type instanceof ClassTree cls) {
                        collect(unit, positions, cls, cls.getSimpleName().toString(), out);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return new MethodBodies(source, List.of());
        }
        return new MethodBodies(source, out);
    }

    private static void collect(CompilationUnitTree unit, SourcePositions positions, ClassTree cls, String name,
                                List<Body> out) {
        for (Tree member : cls.getMembers()) {
            if (member instanceof ClassTree inner) {
                collect(unit, positions, inner, name + "." + inner.getSimpleName(), out);
            } else if (member instanceof MethodTree m && m.getBody() != null && !m.getName().contentEquals("<init>")) {
                long open = positions.getStartPosition(unit, m.getBody());
                long close = positions.getEndPosition(unit, m.getBody());
                if (open >= 0 && close > open) {
                    String params = m.getParameters().stream().map(VariableTree::getType).map(String::valueOf)
                            .collect(Collectors.joining(","));
                    out.add(new Body(name + "#" + m.getName() + "(" + params + ")", (int) open, (int) close));
                }
            }
        }
    }

    public List<Body> bodies() {
        return bodies;
    }

    /**
     * The source with {@code <recorder>("<key>");} right after each body's opening brace, on the same line, so line
     * numbers stay as they were.
     */
    public String instrument(String recorder) {
        StringBuilder out = new StringBuilder(source);
        List<Body> backwards = new ArrayList<>(bodies);
        backwards.sort((a, b) -> Integer.compare(b.open(), a.open()));
        for (Body b : backwards) {
            out.insert(b.open() + 1, " " + recorder + "(\"" + b.key() + "\");");
        }
        return out.toString();
    }

    /**
     * The keys of the bodies that differ between {@code reference} and {@code mutant}, when nothing outside the bodies
     * differs; empty when something else changed (or either does not parse), so every test may reach the change.
     */
    public static Optional<Set<String>> changed(String reference, String mutant) {
        MethodBodies a = of(reference);
        MethodBodies b = of(mutant);
        if (a.bodies.isEmpty() || b.bodies.isEmpty() || !a.outline().equals(b.outline())) {
            return Optional.empty();
        }
        Map<String, String> before = a.texts();
        Map<String, String> after = b.texts();
        if (before == null || after == null || !before.keySet().equals(after.keySet())) {
            return Optional.empty();
        }
        return Optional.of(before.keySet().stream().filter(k -> !before.get(k).equals(after.get(k)))
                .collect(Collectors.toCollection(java.util.LinkedHashSet::new)));
    }

    /** Each body's text by key; null when two bodies share a key (then no change can be told apart). */
    private Map<String, String> texts() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Body b : bodies) {
            if (out.put(b.key(), b.text(source)) != null) {
                return null;
            }
        }
        return out;
    }

    /** The source with every body emptied: what a change outside the bodies shows up in. */
    private String outline() {
        StringBuilder out = new StringBuilder();
        int at = 0;
        for (Body b : bodies.stream().sorted((x, y) -> Integer.compare(x.open(), y.open())).toList()) {
            out.append(source, at, b.open()).append("{}");
            at = b.close();
        }
        return out.append(source.substring(at)).toString();
    }
}
