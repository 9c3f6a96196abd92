package workbook.workspace;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import javax.tools.JavaCompiler;
import javax.tools.SimpleJavaFileObject;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;

/** Finds a method's text in a Java source with javac's own parser, so comments and strings never confuse it. */
public final class JavaMethods {
    private JavaMethods() {}

    /** Character offsets of a method declaration, modifiers through closing brace. */
    public record Span(int start, int end) {
        public String of(String source) {
            return source.substring(start, end);
        }
    }

    /** The first top-level-class method named {@code name}, if the source parses that far. */
    public static Optional<Span> find(String source, String name) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///Source.java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        JavacTask task = (JavacTask) javac.getTask(null, null, d -> { }, List.of("-proc:none"), null, List.of(file));
        try {
            SourcePositions positions = Trees.instance(task).getSourcePositions();
            for (CompilationUnitTree unit : task.parse()) {
                for (Tree type : unit.getTypeDecls()) {
                    if (type instanceof ClassTree cls) {
                        for (Tree member : cls.getMembers()) {
                            if (member instanceof MethodTree m && m.getName().contentEquals(name)) {
                                long start = positions.getStartPosition(unit, m);
                                long end = positions.getEndPosition(unit, m);
                                if (start >= 0 && end > start) {
                                    return Optional.of(new Span((int) start, (int) end));
                                }
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Optional.empty();
    }
}
