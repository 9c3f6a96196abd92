package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MethodTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * No method in the grading flows ({@code grade}), the child runner ({@code run}) or the verdicts ({@code verdict}) is
 * over 40 lines, from its signature to its closing brace: each reads as one short step. Measured with javac's own
 * syntax trees, so comments and strings cannot fool it.
 */
class MethodLengthTest {
    static final int MAX_LINES = 40;

    @Test
    void noMethodOfTheFlowsIsLong() throws IOException {
        List<Path> sources = new ArrayList<>();
        for (String pkg : List.of("grade", "run", "verdict", "story", "progress", "receipt", "jshell")) {
            try (Stream<Path> files = Files.list(WorkbookRun.home().resolve("src/main/java/workbook").resolve(pkg))) {
                files.filter(f -> f.toString().endsWith(".java")).forEach(sources::add);
            }
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> longOnes = new ArrayList<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            JavacTask task = (JavacTask) javac.getTask(null, files, d -> { }, List.of("-proc:none"), null,
                    files.getJavaFileObjectsFromPaths(sources));
            SourcePositions positions = Trees.instance(task).getSourcePositions();
            for (CompilationUnitTree unit : task.parse()) {
                LineMap lines = unit.getLineMap();
                new TreePathScanner<Void, Void>() {
                    @Override
                    public Void visitMethod(MethodTree m, Void v) {
                        long start = lines.getLineNumber(positions.getStartPosition(unit, m));
                        long end = lines.getLineNumber(positions.getEndPosition(unit, m));
                        if (m.getBody() != null && end - start + 1 > MAX_LINES) {
                            longOnes.add(Path.of(unit.getSourceFile().toUri()).getFileName() + " " + m.getName()
                                    + ": " + (end - start + 1) + " lines");
                        }
                        return super.visitMethod(m, v);
                    }
                }.scan(unit, null);
            }
        }
        assertEquals(List.of(), longOnes, "methods over " + MAX_LINES + " lines");
    }
}
