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
    /**
     * One method's body: its key ({@code Outer.Inner#name(Type,Type)}), the offsets of its braces, where the method's
     * declaration starts (its first modifier or annotation), its name, its parameters' names, and whether it returns
     * nothing.
     */
    public record Body(String key, int open, int close, int start, String name, List<String> params, boolean isVoid) {
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
        JavacTask task = parser(source, d -> { });
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

    /** javac's parser on {@code source}, held in memory, telling {@code diagnostics} what it finds wrong. */
    private static JavacTask parser(String source, javax.tools.DiagnosticListener<JavaFileObject> diagnostics) {
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///Source.java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        return (JavacTask) ToolProvider.getSystemJavaCompiler().getTask(null, null, diagnostics, List.of("-proc:none"), null, List.of(file));
    }

    private static void collect(CompilationUnitTree unit, SourcePositions positions, ClassTree cls, String name,
                                List<Body> out) {
        for (Tree member : cls.getMembers()) {
            if (member instanceof ClassTree inner) {
                collect(unit, positions, inner, name + "." + inner.getSimpleName(), out);
            } else if (member instanceof MethodTree m && m.getBody() != null && !m.getName().contentEquals("<init>")) {
                long open = positions.getStartPosition(unit, m.getBody());
                long close = positions.getEndPosition(unit, m.getBody());
                long start = positions.getStartPosition(unit, m);
                if (open >= 0 && close > open && start >= 0 && start < open) {
                    String params = m.getParameters().stream().map(VariableTree::getType).map(String::valueOf)
                            .collect(Collectors.joining(","));
                    boolean isVoid = m.getReturnType() != null && m.getReturnType().toString().equals("void");
                    out.add(new Body(name + "#" + m.getName() + "(" + params + ")", (int) open, (int) close, (int) start,
                            m.getName().toString(), m.getParameters().stream().map(v -> v.getName().toString()).toList(),
                            isVoid));
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
        return changed(of(reference), of(mutant));
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

    /**
     * One source that is the reference and every variant at once ("mutant schemata"): each body some variant changes
     * first asks {@code <is>(k)} for each such variant k and, when it answers yes, calls that variant's body instead,
     * added right after it as a method {@code name$k} with the same declaration (so the lines below it move: this
     * build's stack traces are for finding killers, not for showing). Empty when a variant changes anything outside the
     * bodies, or when a source does not parse: such variants must each be built alone.
     *
     * @param variants each variant's whole source, by its number (from 1)
     * @param is       a static method of one int that says whether that variant is the one running
     */
    public static Optional<String> schemata(String reference, Map<Integer, String> variants, String is) {
        MethodBodies ref = of(reference);
        if (ref.bodies.isEmpty() || ref.texts() == null) {
            return Optional.empty();
        }
        Map<String, Body> byKey = new LinkedHashMap<>();
        ref.bodies.forEach(b -> byKey.put(b.key(), b));
        Map<String, Map<Integer, String>> changedBodies = new LinkedHashMap<>();
        for (Map.Entry<Integer, String> v : variants.entrySet()) {
            MethodBodies mut = of(v.getValue());
            Optional<Set<String>> changed = changed(ref, mut);
            if (changed.isEmpty() || changed.get().isEmpty()) {
                return Optional.empty();
            }
            Map<String, String> texts = mut.texts();
            for (String key : changed.get()) {
                changedBodies.computeIfAbsent(key, k -> new java.util.TreeMap<>()).put(v.getKey(), texts.get(key));
            }
        }
        StringBuilder out = new StringBuilder(reference);
        List<Body> backwards = new ArrayList<>(ref.bodies);
        backwards.sort((a, b) -> Integer.compare(b.open(), a.open()));
        for (Body b : backwards) {
            Map<Integer, String> alternatives = changedBodies.get(b.key());
            if (alternatives == null) {
                continue;
            }
            String header = reference.substring(b.start(), b.open())
                    .replaceAll("@[\\w.]+(\\s*\\([^)]*\\))?", " ").replaceAll("\\s+", " ").strip();
            java.util.regex.Matcher name = java.util.regex.Pattern.compile("\\b" + java.util.regex.Pattern.quote(b.name()) + "(\\s*\\()")
                    .matcher(header);
            if (!name.find()) {
                return Optional.empty();
            }
            String args = String.join(", ", b.params());
            StringBuilder added = new StringBuilder();
            StringBuilder dispatch = new StringBuilder();
            for (Map.Entry<Integer, String> alt : alternatives.entrySet()) {
                String renamed = b.name() + "$" + alt.getKey();
                added.append(' ').append(header, 0, name.start()).append(renamed).append(header.substring(name.start() + b.name().length()))
                        .append(' ').append(alt.getValue());
                String call = renamed + "(" + args + ")";
                dispatch.append(" if (").append(is).append("(").append(alt.getKey()).append(")) ")
                        .append(b.isVoid() ? "{ " + call + "; return; }" : "return " + call + ";");
            }
            out.insert(b.close(), added);
            out.insert(b.open() + 1, dispatch);
        }
        return Optional.of(out.toString());
    }

    private static Optional<Set<String>> changed(MethodBodies a, MethodBodies b) {
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

    /**
     * Whether {@code source} keeps state of its own between runs in one class loader: a static field that is not a
     * constant (final, of a primitive type or String), or a static initialiser block. A source that does may behave
     * differently the second time its classes run, so it gets fresh classes for every run. True when it does not parse.
     */
    public static boolean keepsStaticState(String source) {
        boolean[] broken = {false};
        JavacTask task = parser(source, d -> broken[0] |= d.getKind() == javax.tools.Diagnostic.Kind.ERROR);
        try {
            for (CompilationUnitTree unit : task.parse()) {
                for (Tree type : unit.getTypeDecls()) {
                    if (type instanceof ClassTree cls && keepsStaticState(cls)) {
                        return true;
                    }
                }
            }
            return broken[0];
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }

    private static final Set<String> CONSTANT_TYPES = Set.of("boolean", "byte", "char", "short", "int", "long", "float",
            "double", "String", "java.lang.String");

    /** Factories whose result cannot change once made, when their arguments cannot either. */
    private static final Set<String> IMMUTABLE_FACTORIES = Set.of("List.of", "Set.of", "Map.of", "Map.entry",
            "Pattern.compile", "java.util.List.of", "java.util.Set.of", "java.util.Map.of", "java.util.Map.entry",
            "java.util.regex.Pattern.compile");

    /** A value no run can change: a literal, or an immutable factory ({@code List.of}, {@code Pattern.compile}) of such values. */
    private static boolean immutable(com.sun.source.tree.ExpressionTree e) {
        if (e instanceof com.sun.source.tree.LiteralTree) {
            return true;
        }
        if (e instanceof com.sun.source.tree.MethodInvocationTree call
                && IMMUTABLE_FACTORIES.contains(String.valueOf(call.getMethodSelect()))) {
            return call.getArguments().stream().allMatch(MethodBodies::immutable);
        }
        return false;
    }

    private static boolean keepsStaticState(ClassTree cls) {
        boolean isInterface = cls.getKind() == Tree.Kind.INTERFACE || cls.getKind() == Tree.Kind.ANNOTATION_TYPE;
        for (Tree member : cls.getMembers()) {
            if (member instanceof ClassTree inner) {
                if (keepsStaticState(inner)) {
                    return true;
                }
            } else if (member instanceof VariableTree v) {
                Set<javax.lang.model.element.Modifier> mods = v.getModifiers().getFlags();
                boolean isStatic = isInterface || mods.contains(javax.lang.model.element.Modifier.STATIC);
                boolean isFinal = isInterface || mods.contains(javax.lang.model.element.Modifier.FINAL);
                if (isStatic && !(isFinal && (CONSTANT_TYPES.contains(String.valueOf(v.getType()))
                        || immutable(v.getInitializer())))) {
                    return true;
                }
            } else if (member instanceof com.sun.source.tree.BlockTree block && block.isStatic()) {
                return true;
            }
        }
        return false;
    }
}
