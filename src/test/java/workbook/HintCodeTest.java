package workbook;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.catalogue.Catalogue;
import workbook.catalogue.Course;
import workbook.catalogue.Step;
import workbook.compile.CompileResult;
import workbook.grade.Builds;
import workbook.workspace.JavaMethods;

/**
 * Every hint's Java code compiles against the skeleton: put in place of the step's method body (or, when it is a whole
 * declaration, beside the step's methods) in the skeleton's own file, with the skeleton's imports and the lab's given
 * classes, it compiles. A hint that names a class or method the learner cannot reach would only mislead.
 */
class HintCodeTest {
    @TempDir Path tmp;

    private static final Pattern BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

    @Test
    void everyHintsCodeCompilesAgainstTheSkeleton() throws Exception {
        Path home = WorkbookRun.home();
        List<String> failures = new ArrayList<>();
        int compiled = 0;
        for (String lab : Catalogue.labs(home)) {
            Course course = Catalogue.load(home, lab, List.of());
            Builds builds = new Builds(course, tmp.resolve("cache-" + lab), Locale.ROOT, workbook.run.Host.current());
            for (Step step : course.steps()) {
                Map<String, String> blocks = new LinkedHashMap<>(); // code → where it is, one compile per distinct block
                for (String lang : List.of("ko", "en")) {
                    Path hints = step.folder().resolve("hints." + lang + ".md");
                    if (!Files.isRegularFile(hints)) {
                        continue;
                    }
                    Matcher m = BLOCK.matcher(Files.readString(hints));
                    while (m.find()) {
                        blocks.putIfAbsent(m.group(1), course.lessons().getParent().getParent().relativize(hints).toString());
                    }
                }
                for (Map.Entry<String, String> b : blocks.entrySet()) {
                    String problem = compiles(course, builds, step, b.getKey(), tmp.resolve(lab + "-" + step.number() + "-" + compiled));
                    compiled++;
                    if (problem != null) {
                        failures.add(b.getValue() + ": " + problem);
                    }
                }
            }
        }
        assertTrue(compiled >= 10, "the lessons' hints hold code blocks to check: " + compiled);
        assertTrue(failures.isEmpty(), "hint code that does not compile against the skeleton:\n" + String.join("\n", failures));
    }

    /**
     * Null when the block compiles in the step's file; else javac's first word. A block may open with {@code import}
     * lines (they join the file's imports, where a learner would put them). The rest is tried as the body of each of
     * the step's methods in turn, then as members: every step method the block declares itself is replaced by it (a
     * block that declares none, such as a lone helper, goes in before the step's first method).
     */
    private static String compiles(Course course, Builds builds, Step step, String code, Path ws) throws Exception {
        String cls = step.file() == null ? course.learnerClass() : step.file();
        Path pkg = Files.createDirectories(ws.resolve(course.packageName().replace('.', '/')));
        List<Path> files = new ArrayList<>();
        for (String f : course.learnerFiles()) {
            Path to = pkg.resolve(Path.of(f).getFileName());
            Files.copy(course.skeleton().resolve(f), to);
            files.add(to);
        }
        Path target = pkg.resolve(cls + ".java");
        List<String> imports = new ArrayList<>();
        StringBuilder rest = new StringBuilder();
        for (String line : code.split("\n", -1)) {
            if (IMPORT.matcher(line).matches()) {
                imports.add(line.strip());
            } else {
                rest.append(line).append('\n');
            }
        }
        String source = withImports(Files.readString(target), imports);
        List<String> methods = step.methods().stream().map(m -> m.substring(m.lastIndexOf('.') + 1)).toList();
        String firstProblem = null;
        for (String method : methods) {
            JavaMethods.Span span = span(source, method, target);
            String decl = span.of(source);
            Files.writeString(target, source.substring(0, span.start()) + decl.substring(0, decl.indexOf('{') + 1) + "\n"
                    + rest + "\n}" + source.substring(span.end()));
            CompileResult body = builds.learner(files);
            if (body.ok()) {
                return null;
            }
            firstProblem = firstProblem == null ? first(body) : firstProblem;
        }
        List<JavaMethods.Span> declared = new ArrayList<>(); // the step's methods the block declares, last first
        for (String m : methods) {
            if (JavaMethods.find("class Hint {\n" + rest + "\n}", m).isPresent()) {
                declared.add(span(source, m, target));
            }
        }
        declared.sort(Comparator.comparingInt(JavaMethods.Span::start).reversed());
        String members = source;
        int at = declared.isEmpty() ? span(source, methods.get(0), target).start() : declared.get(declared.size() - 1).start();
        for (JavaMethods.Span d : declared) {
            members = members.substring(0, d.start()) + members.substring(d.end());
        }
        Files.writeString(target, members.substring(0, at) + rest + "\n" + members.substring(at));
        CompileResult asMembers = builds.learner(files);
        return asMembers.ok() ? null : declared.isEmpty() ? firstProblem : first(asMembers);
    }

    private static final Pattern IMPORT = Pattern.compile("\\s*import\\s+(static\\s+)?[\\w.]+(\\.\\*)?\\s*;\\s*");

    private static String withImports(String source, List<String> imports) {
        if (imports.isEmpty()) {
            return source;
        }
        Matcher pkg = Pattern.compile("(?m)^package [\\w.]+;\\n").matcher(source);
        int at = pkg.find() ? pkg.end() : 0;
        return source.substring(0, at) + String.join("\n", imports) + "\n" + source.substring(at);
    }

    private static JavaMethods.Span span(String source, String method, Path file) {
        return JavaMethods.find(source, method).orElseThrow(() -> new AssertionError(method + " in " + file));
    }

    private static String first(CompileResult r) {
        return r.diagnostics().get(0).line() + ": " + r.diagnostics().get(0).message().lines().findFirst().orElse("");
    }
}
