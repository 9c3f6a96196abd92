package workbook.grade;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;
import workbook.catalogue.Step;
import workbook.compile.ClassCache;
import workbook.compile.CompileResult;
import workbook.compile.Compiler;

/**
 * Every compiled artefact a verdict needs: the reference, the skeleton, each mutant, the official tests (compiled
 * once against the reference, then linked against whatever {@code Jobs} they run with), and the learner's files.
 */
public final class Builds {
    private final Course course;
    private final ClassCache cache;

    public Builds(Course course, Path cacheRoot, Locale locale) {
        this.course = course;
        this.cache = new ClassCache(cacheRoot, new Compiler(locale));
    }

    /** {@code <home>/target/workbook-cache}, where content-addressed classes are kept between runs. */
    public static Path defaultCache(Path home) {
        return home.resolve("target").resolve("workbook-cache");
    }

    public Course course() {
        return course;
    }

    public Path reference() {
        return required("reference", cache.compileTexts("reference", List.of(
                new ClassCache.Source(course.learnerFile(), read(course.referenceSource()))), List.of()));
    }

    public Path skeleton() {
        return required("skeleton", cache.compileTexts("skeleton", List.of(
                new ClassCache.Source(course.learnerFile(), read(course.skeletonSource()))), List.of()));
    }

    /** The mutant's classes; throws {@link Mutant.NotApplicable} when it no longer applies to the reference. */
    public CompileResult mutant(Mutant m) {
        String source = m.applyTo(read(course.referenceSource()));
        return cache.compileTexts("mutant-" + m.id(), List.of(new ClassCache.Source(course.learnerFile(), source)), List.of());
    }

    /** The support classes and every step's official test class. */
    public Path officialTests() {
        List<ClassCache.Source> sources = new ArrayList<>();
        for (Path f : supportFiles()) {
            sources.add(new ClassCache.Source(course.support().relativize(f).toString(), read(f)));
        }
        for (Step s : course.steps()) {
            sources.add(new ClassCache.Source(course.packageName().replace('.', '/') + "/" + s.testClass() + ".java",
                    read(s.testSource())));
        }
        return required("official tests", cache.compileTexts("tests", sources, List.of(reference())));
    }

    public List<String> testClassNames(List<Step> steps) {
        return steps.stream().map(s -> course.packageName() + "." + s.testClass()).toList();
    }

    public CompileResult learner(Path jobsFile) {
        return cache.compileFiles("learner", List.of(jobsFile), List.of());
    }

    /** The learner's own tests, compiled against the reference: they may only use the contract's API. */
    public CompileResult learnerTests(Path testFile) {
        return cache.compileFiles("learner-tests", List.of(testFile), List.of(reference()));
    }

    private List<Path> supportFiles() {
        if (!Files.isDirectory(course.support())) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(course.support())) {
            return walk.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path required(String what, CompileResult r) {
        if (!r.ok()) {
            throw new IllegalStateException("the " + what + " does not compile: " + r.diagnostics());
        }
        return r.classes();
    }

    static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f, e);
        }
    }
}
