package workbook.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreeScanner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TestMessagesTest {
    private static final Path HOME = Path.of(System.getProperty("workbook.home", "."));

    @Test
    void aPatternTakesItsPartsWhereverTheTranslationPutsThem(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = dir.resolve("test-messages.ko.json");
        Files.writeString(file, """
                {"messages": [
                  {"en": "row j after the claim", "ko": "claim 뒤의 행 j"},
                  {"en": "run {0} of {1}", "ko": "{1}번 중 {0}번째 실행"}
                ]}
                """);
        TestMessages m = TestMessages.of(file);
        assertEquals(Optional.of("claim 뒤의 행 j"), m.translate("row j after the claim"));
        assertEquals(Optional.of("30번 중 7번째 실행"), m.translate("run 7 of 30"));
        assertEquals(Optional.empty(), m.translate("the run 7 of 30"), "a pattern matches the whole message");
        assertEquals("something else", m.in("something else"));
    }

    /**
     * Every assertion message an official test writes (a literal, or a concatenation whose other parts are filled with
     * a sample value) has its Korean: a Korean screen never shows the tests' English.
     */
    @ParameterizedTest
    @ValueSource(strings = {"lease", "singleflight", "projection", "pgqueue"})
    void everyOfficialAssertionMessageHasItsKorean(String lab) throws Exception {
        Path lessons = HOME.resolve("lessons").resolve(lab);
        TestMessages ko = TestMessages.of(lessons.resolve("test-messages.ko.json"));
        List<String> missing = new ArrayList<>();
        int seen = 0;
        for (String message : messages(lessons)) {
            seen++;
            if (ko.translate(message).isEmpty()) {
                missing.add(message);
            }
        }
        assertTrue(seen > 50, lab + ": only " + seen + " messages found; is the scan broken?");
        assertEquals(List.of(), missing, lab + ": messages with no Korean in test-messages.ko.json");
    }

    /** The messages of the official tests below {@code lessons}, with "7" for each part built at run time. */
    private static List<String> messages(Path lessons) throws Exception {
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(lessons)) {
            sources = walk.filter(p -> p.getFileName().toString().endsWith("Test.java"))
                    .filter(p -> !p.toString().contains("_support") && !p.toString().contains("_jshell")).sorted().toList();
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> out = new ArrayList<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
            JavacTask task = (JavacTask) javac.getTask(null, files, d -> { }, List.of("-proc:none"), null,
                    files.getJavaFileObjectsFromPaths(sources));
            for (CompilationUnitTree unit : task.parse()) {
                new TreeScanner<Void, Void>() {
                    @Override
                    public Void visitMethodInvocation(MethodInvocationTree call, Void v) {
                        String name = call.getMethodSelect() instanceof MemberSelectTree s ? s.getIdentifier().toString()
                                : call.getMethodSelect() instanceof IdentifierTree id ? id.getName().toString() : "";
                        if ((name.startsWith("assert") || name.equals("fail")) && !call.getArguments().isEmpty()) {
                            sample(call.getArguments().get(call.getArguments().size() - 1)).ifPresent(out::add);
                        }
                        return super.visitMethodInvocation(call, v);
                    }
                }.scan(unit, null);
            }
        }
        return out;
    }

    /** A string literal as it is; a concatenation with at least one literal, each other part as "7"; else nothing. */
    private static Optional<String> sample(ExpressionTree e) {
        if (e instanceof LiteralTree l && l.getValue() instanceof String s) {
            return Optional.of(s);
        }
        if (e instanceof BinaryTree b && b.getKind() == Tree.Kind.PLUS) {
            StringBuilder text = new StringBuilder();
            boolean literal = flatten(b, text);
            return literal ? Optional.of(text.toString()) : Optional.empty();
        }
        return Optional.empty();
    }

    private static boolean flatten(ExpressionTree e, StringBuilder text) {
        if (e instanceof BinaryTree b && b.getKind() == Tree.Kind.PLUS) {
            boolean left = flatten(b.getLeftOperand(), text);
            boolean right = flatten(b.getRightOperand(), text);
            return left || right;
        }
        if (e instanceof LiteralTree l && l.getValue() instanceof String s) {
            text.append(s);
            return true;
        }
        text.append("7");
        return false;
    }
}
