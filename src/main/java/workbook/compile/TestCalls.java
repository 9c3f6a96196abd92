package workbook.compile;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreeScanner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Which methods of the learner's classes each test method calls, read from the test sources with javac's parser:
 * the calls written in its body ({@code Jobs.renew(...)}, lambdas included) and in the helper methods of its own file
 * that it calls, transitively. Calls made by helpers in other files are not seen. Used to skip, once a learner method
 * has hung, the tests that would enter it again; a call it misses only means that test runs and times out too.
 */
public final class TestCalls {
    private TestCalls() {}

    /**
     * @param learnerClasses simple names of the learner's classes ({@code Jobs})
     * @return {@code TestClass#method} to {@code Jobs#renew}, … for every method of the files' classes
     */
    public static Map<String, Set<String>> of(Collection<Path> sources, Collection<String> learnerClasses) {
        Map<String, Set<String>> out = new HashMap<>();
        // nothing known when they do not parse: no test is skipped for another's timeout
        return classes(sources, cls -> out.putAll(ofClass(cls, Set.copyOf(learnerClasses)))) ? out : Map.of();
    }

    /** Hands each top-level class of {@code sources} to {@code each}; false when they could not be read or parsed. */
    private static boolean classes(Collection<Path> sources, java.util.function.Consumer<ClassTree> each) {
        if (sources.isEmpty()) {
            return true;
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, java.nio.charset.StandardCharsets.UTF_8)) {
            JavacTask task = (JavacTask) javac.getTask(null, files, d -> { }, List.of("-proc:none"), null,
                    files.getJavaFileObjectsFromPaths(sources));
            for (CompilationUnitTree unit : task.parse()) {
                for (Tree type : unit.getTypeDecls()) {
                    if (type instanceof ClassTree cls) {
                        each.accept(cls);
                    }
                }
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * {@code tests} with, for each test, also the methods its learner calls reach inside the reference: calls between
     * the methods of {@code referenceSources} (say {@code claimMany} calling {@code claim}), transitively. What an
     * official test most likely depends on in a learner's file that follows the reference's shape.
     */
    public static Map<String, Set<String>> throughReference(Map<String, Set<String>> tests, Collection<Path> referenceSources,
                                                            Collection<String> learnerClasses) {
        Map<String, Set<String>> graph = new HashMap<>();
        Map<String, Set<String>> byMethod = of(referenceSources, learnerClasses);
        // of() keys a method of class C as "C#m" and lists its qualified calls; unqualified ones are its own class's
        Map<String, Set<String>> own = unqualified(referenceSources);
        byMethod.forEach((m, calls) -> graph.computeIfAbsent(m, k -> new TreeSet<>()).addAll(calls));
        own.forEach((m, calls) -> graph.computeIfAbsent(m, k -> new TreeSet<>()).addAll(calls));
        Map<String, Set<String>> out = new HashMap<>();
        tests.forEach((test, calls) -> {
            Set<String> all = new TreeSet<>();
            Deque<String> todo = new ArrayDeque<>(calls);
            while (!todo.isEmpty()) {
                String m = todo.pop();
                if (all.add(m)) {
                    todo.addAll(graph.getOrDefault(m, Set.of()));
                }
            }
            out.put(test, all);
        });
        return out;
    }

    /** Each method's calls of its own class's methods by bare name ({@code claim(…)} inside {@code Jobs}). */
    private static Map<String, Set<String>> unqualified(Collection<Path> sources) {
        Map<String, Set<String>> out = new HashMap<>();
        boolean read = classes(sources, cls -> {
            String name = cls.getSimpleName().toString();
            for (Tree member : cls.getMembers()) {
                if (member instanceof MethodTree m && m.getBody() != null) {
                    Set<String> calls = out.computeIfAbsent(name + "#" + m.getName(), k -> new TreeSet<>());
                    new TreeScanner<Void, Void>() {
                        @Override
                        public Void visitMethodInvocation(MethodInvocationTree call, Void v) {
                            if (call.getMethodSelect() instanceof IdentifierTree id) {
                                calls.add(name + "#" + id.getName());
                            }
                            return super.visitMethodInvocation(call, v);
                        }
                    }.scan(m.getBody(), null);
                }
            }
        });
        return read ? out : Map.of();
    }

    private static Map<String, Set<String>> ofClass(ClassTree cls, Set<String> learnerClasses) {
        Map<String, Set<String>> direct = new HashMap<>();
        Map<String, Set<String>> helpers = new HashMap<>();
        for (Tree member : cls.getMembers()) {
            if (member instanceof MethodTree m && m.getBody() != null) {
                Set<String> calls = new TreeSet<>();
                Set<String> own = new HashSet<>();
                new TreeScanner<Void, Void>() {
                    @Override
                    public Void visitMethodInvocation(MethodInvocationTree call, Void v) {
                        if (call.getMethodSelect() instanceof MemberSelectTree s
                                && s.getExpression() instanceof IdentifierTree target
                                && learnerClasses.contains(target.getName().toString())) {
                            calls.add(target.getName() + "#" + s.getIdentifier());
                        } else if (call.getMethodSelect() instanceof IdentifierTree id) {
                            own.add(id.getName().toString());
                        }
                        return super.visitMethodInvocation(call, v);
                    }
                }.scan(m.getBody(), null);
                direct.merge(m.getName().toString(), calls, (a, b) -> { a.addAll(b); return a; });
                helpers.merge(m.getName().toString(), own, (a, b) -> { a.addAll(b); return a; });
            }
        }
        Map<String, Set<String>> out = new HashMap<>();
        String name = cls.getSimpleName().toString();
        for (String method : direct.keySet()) {
            Set<String> all = new TreeSet<>();
            Set<String> seen = new HashSet<>();
            Deque<String> todo = new ArrayDeque<>(List.of(method));
            while (!todo.isEmpty()) {
                String m = todo.pop();
                if (seen.add(m) && direct.containsKey(m)) {
                    all.addAll(direct.get(m));
                    todo.addAll(helpers.getOrDefault(m, Set.of()));
                }
            }
            out.put(name + "#" + method, all);
        }
        return out;
    }
}
