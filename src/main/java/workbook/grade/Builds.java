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
import workbook.compile.SourceDiagnostic;
import workbook.child.wire.RunSpec;
import workbook.verdict.MutantProblem;
import workbook.verdict.Reason;
import workbook.verdict.Verdicts;
import workbook.workspace.Workspace;

/**
 * Every compiled artefact a verdict needs: the reference, the skeleton, each mutant, the official tests (compiled
 * once against the reference, then linked against whatever learner build they run with), and the learner's files.
 */
public final class Builds {
    private final Course course;
    private final Compiler compiler;
    private final ClassCache cache;
    private final Path cacheRoot;
    private final List<Path> libraries;
    /**
     * The cache name of every build a learner test may run against (reference, skeleton, mutants): one neutral name,
     * so a folder's path does not say which it is. (A sandbox that hides even the path is issue 8's work.)
     */
    private static final String VARIANT = "build";

    /** The runner's own class path: JUnit for the test classes, sqlite-jdbc, and the rest. */
    private final List<Path> runnerClasspath;
    private final Path tmp;

    /**
     * @param host whose class path (the runner's: JUnit, sqlite-jdbc, …) learner code and tests compile against beside
     *     the lab's own files, and whose temp folder a warm-up compiles into
     */
    public Builds(Course course, Path cacheRoot, Locale locale, workbook.run.Host host) {
        this.course = course;
        this.runnerClasspath = host.classPath();
        this.tmp = host.tmp();
        this.libraries = course.libraries().stream().flatMap(c -> jarOf(c).stream()).distinct().toList();
        this.compiler = new Compiler(locale);
        this.cache = new ClassCache(cacheRoot, compiler);
        this.cacheRoot = cacheRoot;
    }

    /** Where content-addressed results are kept between runs (classes, and what runs on them measured). */
    public Path cacheRoot() {
        return cacheRoot;
    }

    /** {@code <home>/target/workbook-cache}, where content-addressed classes are kept between runs. */
    public static Path defaultCache(Path home) {
        return home.resolve("target").resolve("workbook-cache");
    }

    public Course course() {
        return course;
    }

    public Path reference() {
        return required("reference", cache.compileTexts(VARIANT, sources(course.reference(), null, null), libraries));
    }

    public Path skeleton() {
        return required("skeleton", cache.compileTexts(VARIANT, sources(course.skeleton(), null, null), libraries));
    }

    /** The mutant's classes; throws {@link Mutant.NotApplicable} when it no longer applies to the reference. */
    public CompileResult mutant(Mutant m) {
        String target = m.target() == null ? course.learnerFile() : course.fileOf(m.target());
        String source = m.applyTo(read(course.reference().resolve(target)));
        return cache.compileTexts(VARIANT, sources(course.reference(), target, source), libraries);
    }

    /**
     * Compiles a mutant and queues its run on its own build, the test classes in {@code testClasses}, in
     * {@code runs}; returns why it cannot run (it no longer applies, or does not compile), or null.
     */
    MutantProblem.Unusable buildMutant(Mutant m, String testClasses, List<String> classes, List<String> only,
                                       List<RunSpec> runs) {
        try {
            CompileResult c = mutant(m);
            if (!c.ok()) {
                return new MutantProblem.Unusable(MutantProblem.DOES_NOT_COMPILE, Reason.of("mutant.doesNotCompile", m.id(),
                        c.diagnostics().stream().map(SourceDiagnostic::message).findFirst().orElse("")));
            }
            runs.add(new RunSpec(m.id(), List.of(c.classes().toString(), testClasses), classes, only, 1));
            return null;
        } catch (Mutant.NotApplicable e) {
            return new MutantProblem.Unusable(MutantProblem.NOT_APPLICABLE, Reason.of("mutant.notApplicable", m.id(), e.count()));
        }
    }

    /** The compile verdict of a build that failed: its messages, each file named as the learner sees it. */
    static Verdicts.Compile compileVerdict(CompileResult r) {
        return new Verdicts.Compile(false, r.diagnostics().stream().map(d -> new SourceDiagnostic(
                Workspace.display(Path.of(d.file())), d.line(), d.column(), d.message())).toList());
    }

    /**
     * The reference with a call to {@code workbook.child.hooks.Reached} at the start of every method body of its learner
     * files: a run of the learner's tests on it says which methods each test entered. Empty when it does not build
     * (then every valid test runs on every mutant, as without it).
     */
    public java.util.Optional<Path> reachingReference() {
        List<ClassCache.Source> sources = new ArrayList<>();
        for (String f : course.learnerFiles()) {
            String text = read(course.reference().resolve(f));
            sources.add(new ClassCache.Source(f, instrumented.computeIfAbsent(text,
                    t -> workbook.compile.MethodBodies.of(t).instrument("workbook.child.hooks.Reached.hit"))));
        }
        for (String f : course.givenFiles()) {
            sources.add(new ClassCache.Source(f, read(course.given().resolve(f))));
        }
        List<Path> classpath = new ArrayList<>(libraries);
        classpath.addAll(jarOf(workbook.child.hooks.Reached.class.getName()));
        CompileResult r = cache.compileTexts(VARIANT, sources, classpath);
        return r.ok() ? java.util.Optional.of(r.classes()) : java.util.Optional.empty();
    }

    /** A reference source and its instrumented text: parsed once per lab, not once per submission. */
    private final java.util.Map<String, String> instrumented = new java.util.concurrent.ConcurrentHashMap<>();

    private final java.util.Map<String, java.util.Optional<java.util.Set<String>>> changed =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The method bodies (keys of {@link workbook.compile.MethodBodies}) that {@code m} changes, when it changes
     * nothing else; empty when any test may reach its change. The same for every submission, so kept while this lasts.
     */
    public java.util.Optional<java.util.Set<String>> changedBy(Mutant m) {
        String target = m.target() == null ? course.learnerFile() : course.fileOf(m.target());
        String reference = read(course.reference().resolve(target));
        String mutated = m.applyTo(reference);
        return changed.computeIfAbsent(reference + "\u0000" + mutated,
                k -> workbook.compile.MethodBodies.changed(reference, mutated));
    }

    /**
     * One build that is the reference and every mutant of {@code mutants} that changes only method bodies
     * ({@link workbook.compile.MethodBodies#schemata}), and each such mutant's variant number in it. A child runs the
     * learner's tests on all of them in one class loader, setting {@link workbook.child.hooks.Active} between runs: the
     * classes load and warm up once instead of once per mutant. Empty when no mutant qualifies, when a learner file
     * of the reference keeps static state (which one variant's run could leave to the next), or when it does not
     * build. The mutants it leaves out are built alone, as before.
     */
    public java.util.Optional<Schemata> schemata(List<Mutant> mutants) {
        // Grading a class asks for the same mutants once per submission: they are applied and parsed once.
        return schemata.computeIfAbsent(new SchemataKey(course.reference(), List.copyOf(mutants)), k -> buildSchemata(mutants));
    }

    private java.util.Optional<Schemata> buildSchemata(List<Mutant> mutants) {
        java.util.Map<String, java.util.Map<Integer, String>> byFile = new java.util.LinkedHashMap<>();
        java.util.Map<String, Integer> variantOf = new java.util.LinkedHashMap<>();
        int k = 0;
        for (Mutant m : mutants) {
            k++;
            java.util.Optional<java.util.Set<String>> changed;
            try {
                changed = changedBy(m);
            } catch (Mutant.NotApplicable e) {
                continue;
            }
            if (changed.isEmpty() || changed.get().isEmpty()) {
                continue;
            }
            String target = m.target() == null ? course.learnerFile() : course.fileOf(m.target());
            byFile.computeIfAbsent(target, t -> new java.util.TreeMap<>()).put(k, m.applyTo(read(course.reference().resolve(target))));
            variantOf.put(m.id(), k);
        }
        if (variantOf.isEmpty()) {
            return java.util.Optional.empty();
        }
        return compileSchemata(byFile, variantOf);
    }

    /** The reference's files with every variant of theirs in one build, each behind its own switch; empty if any fails. */
    private java.util.Optional<Schemata> compileSchemata(java.util.Map<String, java.util.Map<Integer, String>> byFile,
                                                         java.util.Map<String, Integer> variantOf) {
        List<ClassCache.Source> sources = new ArrayList<>();
        for (String f : course.learnerFiles()) {
            String text = read(course.reference().resolve(f));
            java.util.Map<Integer, String> variants = byFile.getOrDefault(f, java.util.Map.of());
            java.util.Optional<String> meta = workbook.compile.MethodBodies.keepsStaticState(text) ? java.util.Optional.empty()
                    : variants.isEmpty() ? java.util.Optional.of(text)
                    : workbook.compile.MethodBodies.schemata(text, variants, workbook.child.hooks.Active.class.getName() + ".is");
            if (meta.isEmpty()) {
                return java.util.Optional.empty();
            }
            sources.add(new ClassCache.Source(f, meta.get()));
        }
        for (String f : course.givenFiles()) {
            sources.add(new ClassCache.Source(f, read(course.given().resolve(f))));
        }
        List<Path> classpath = new ArrayList<>(libraries);
        classpath.addAll(jarOf(workbook.child.hooks.Active.class.getName()));
        CompileResult r = cache.compileTexts(VARIANT, sources, classpath);
        return r.ok() ? java.util.Optional.of(new Schemata(r.classes(), variantOf)) : java.util.Optional.empty();
    }

    /** A schemata build's classes, and the variant number of each mutant it holds. */
    public record Schemata(Path classes, java.util.Map<String, Integer> variants) {}

    /** A lab's reference and a set of mutants: the inputs of one schemata build. */
    private record SchemataKey(Path reference, List<Mutant> mutants) {}

    /** Schemata builds by their inputs: the mutants are applied and parsed once, not once per submission. */
    private final java.util.Map<SchemataKey, java.util.Optional<Schemata>> schemata =
            new java.util.concurrent.ConcurrentHashMap<>();

    private final java.util.Map<List<Path>, java.util.Map<String, java.util.Set<String>>> calls =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** Which learner methods each official test calls (see {@link workbook.compile.TestCalls}); read once. */
    public java.util.Map<String, java.util.Set<String>> testCalls() {
        List<Path> sources = course.steps().stream().map(Step::testSource).filter(Files::isRegularFile).toList();
        return calls.computeIfAbsent(sources, s -> workbook.compile.TestCalls.of(s, course.learnerClasses()));
    }

    private final java.util.Map<List<Path>, java.util.Map<String, java.util.Set<String>>> reach =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** {@link #testCalls} followed through the reference's own calls between its methods (claimMany → claim). */
    public java.util.Map<String, java.util.Set<String>> testReach() {
        List<Path> sources = course.learnerFiles().stream().map(f -> course.reference().resolve(f)).filter(Files::isRegularFile).toList();
        return reach.computeIfAbsent(sources, s -> workbook.compile.TestCalls.throughReference(testCalls(), s, course.learnerClasses()));
    }

    /** The mutated source of a mutant's target file, and the name of that file. */
    public String mutantSource(Mutant m) {
        String target = m.target() == null ? course.learnerFile() : course.fileOf(m.target());
        return m.applyTo(read(course.reference().resolve(target)));
    }

    /**
     * Every learner file below {@code root}, with {@code replaced}'s text swapped for {@code text} when given, and the
     * lab's given files (always the lesson's own copies).
     */
    private List<ClassCache.Source> sources(Path root, String replaced, String text) {
        List<ClassCache.Source> out = new ArrayList<>();
        for (String f : course.learnerFiles()) {
            out.add(new ClassCache.Source(f, f.equals(replaced) ? text : read(root.resolve(f))));
        }
        for (String f : course.givenFiles()) {
            out.add(new ClassCache.Source(f, read(course.given().resolve(f))));
        }
        return out;
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
        return required("official tests", cache.compileTexts("tests", sources, withRunner(reference())));
    }

    /** The lab's probe class(es), compiled against the reference like the official tests. */
    public Path probeTests() {
        Path dir = course.measurement().orElseThrow().dir();
        List<ClassCache.Source> sources = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                sources.add(new ClassCache.Source(dir.relativize(f).toString(), read(f)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return required("probe", cache.compileTexts("probe", sources, withRunner(reference())));
    }

    /**
     * The classes of the lab's story ({@code _story/} beside its steps: the program each worker process runs), compiled
     * once against the reference; run with the learner's classes first on the class path.
     */
    public Path storyClasses(Path dir) {
        List<ClassCache.Source> sources = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                sources.add(new ClassCache.Source(dir.relativize(f).toString(), read(f)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return required("story", cache.compileTexts("story", sources, withRunner(reference())));
    }

    /**
     * The public bridge JShell calls the package-private API through ({@code lessons/_jshell}), compiled once against
     * the reference and linked at run time with whichever learner build the scene runs on.
     */
    public Path bridge() {
        Path dir = course.lessons().resolve("_jshell");
        List<ClassCache.Source> sources = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                sources.add(new ClassCache.Source(dir.relativize(f).toString(), read(f)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return required("JShell bridge", cache.compileTexts("bridge", sources, withRunner(reference())));
    }

    /** What learner code may use at run time besides the JDK: the jars of the lab's {@code libraries}. */
    public List<Path> libraries() {
        return libraries;
    }

    public List<String> testClassNames(List<Step> steps) {
        return steps.stream().map(s -> course.packageName() + "." + s.testClass()).toList();
    }

    /** The learner's files, compiled together. */
    public CompileResult learner(List<Path> files) {
        CompileResult r = cache.compileFiles("learner", files, learnerClasspath());
        if (!r.ok()) {
            return r;
        }
        List<SourceDiagnostic> clashes = clashes(r.classes(), files);
        return clashes.isEmpty() ? r : new CompileResult(false, null, clashes);
    }

    /**
     * A learner file may hold helper classes of its own, but none named like a class the lab brings: a given class, a
     * support class or an official test. Run first on the class path, such a class would stand in for the lab's (a
     * fake {@code Replay}, a fake test helper) and fake the grade.
     */
    private List<SourceDiagnostic> clashes(Path learnerClasses, List<Path> files) {
        java.util.Set<String> theLabs = new java.util.TreeSet<>();
        given().forEach(g -> theLabs.addAll(topLevelClasses(g)));
        theLabs.addAll(topLevelClasses(officialTests()));
        List<SourceDiagnostic> out = new ArrayList<>();
        for (String c : topLevelClasses(learnerClasses)) {
            if (theLabs.contains(c)) {
                String simple = c.substring(c.lastIndexOf('.') + 1);
                String file = files.stream().filter(f -> {
                    try {
                        return workbook.workspace.SourceText.read(f).text().matches("(?s).*\\b(class|record|interface|enum)\\s+" + simple + "\\b.*");
                    } catch (IOException e) {
                        return false;
                    }
                }).map(Path::toString).findFirst().orElse(files.get(0).toString());
                out.add(new SourceDiagnostic(file, 1, 1, "class " + simple + " is the lab's own (a given class, a test helper or an"
                        + " official test): name your helper class otherwise"));
            }
        }
        return out;
    }

    /** The top-level classes in a class folder, fully qualified ({@code pkg.Name} for {@code pkg/Name$Inner.class} too). */
    private static java.util.Set<String> topLevelClasses(Path dir) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.filter(f -> f.toString().endsWith(".class")).forEach(f -> {
                String rel = dir.relativize(f).toString().replace(java.io.File.separatorChar, '.');
                String name = rel.substring(0, rel.length() - ".class".length());
                int inner = name.indexOf('$');
                out.add(inner < 0 ? name : name.substring(0, inner));
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /**
     * The lab's given files, compiled once (content-addressed): the learner's files are compiled against them and run
     * beside them, so a change to a learner file compiles only the learner's files. (The reference, the skeleton and
     * every mutant compile the given files with them, once each, since they are cached.) Empty when the lab has none.
     */
    public List<Path> given() {
        if (given == null) {
            given = compileGiven();
        }
        return given;
    }

    /** Read, hashed and looked up once per run: a check asks for it four times. */
    private List<Path> given;

    private List<Path> compileGiven() {
        if (course.givenFiles().isEmpty()) {
            return List.of();
        }
        List<ClassCache.Source> sources = new ArrayList<>();
        for (String f : course.givenFiles()) {
            sources.add(new ClassCache.Source(f, read(course.given().resolve(f))));
        }
        return List.of(required("given files", cache.compileTexts("given", sources, libraries)));
    }

    /** What the learner's classes are compiled against: the given classes and the lab's libraries. */
    private List<Path> learnerClasspath() {
        List<Path> cp = new ArrayList<>(given());
        cp.addAll(libraries);
        return cp;
    }

    /** The learner's classes, then the given classes they need beside them. */
    public List<String> learnerRun(Path learnerClasses) {
        List<String> cp = new ArrayList<>(List.of(learnerClasses.toString()));
        given().forEach(g -> cp.add(g.toString()));
        return cp;
    }

    /** Compiles the learner's files once, uncached, so a long-lived process has a warm compiler (watch). */
    public void warmUp(List<Path> files) {
        compiler.warmUp(files, learnerClasspath(), tmp);
    }

    /** The learner's own tests, compiled against the reference: they may only use the contract's API. */
    public CompileResult learnerTests(Path testFile) {
        return cache.compileFiles("learner-tests", List.of(testFile), withRunner(reference()));
    }

    /** The jar (or folder) a library class comes from; keeping javac's class path this short keeps compiles quick. */
    private List<Path> jarOf(String className) {
        try {
            Class<?> c = Class.forName(className, false, Builds.class.getClassLoader());
            return List.of(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (Exception e) {
            return runnerClasspath;
        }
    }

    private List<Path> withRunner(Path first) {
        List<Path> all = new ArrayList<>();
        all.add(first);
        all.addAll(runnerClasspath);
        return all;
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
        return workbook.workspace.SourceText.of(f);
    }
}
