package workbook.catalogue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A lab: its steps, where its reference, skeleton, mutants and test support live, and the learner-facing names.
 * Everything here comes from {@code lessons/<lab>/course.json} and the step folders; nothing is built into the code.
 *
 * <p>{@code learnerClasses}: the classes the learner writes, one file each, the first being the main one (steps name
 * theirs with {@code file} in step.json). {@code libraries}: classes whose jars learner code may use (compiled and run against); {@code warmUp}: what a
 * child JVM loads before its plan arrives, as {@code Class}, {@code Class#staticMethod} or {@code Class#staticMethod(text)}. {@code given}: read-only
 * sources of the lab's API (records, enums, interfaces, fixtures) compiled with every build, the learner's included,
 * and copied into the workspace for reading; none when the folder is missing. {@code words}: by language, message keys whose
 * text this lab words its own way (its prediction choices, its board). {@code network}: {@code none}, or
 * {@code loopback} when the lab's tests start a fixture server on 127.0.0.1. {@code probe}: the lab's measurement, or
 * null (see {@link Probe}). {@code server}: {@code none}, or {@code postgres} when every command starts a PostgreSQL
 * server for the lab's tests (children reach it through a relay on their own loopback, so such a lab declares
 * {@code loopback} too).
 */
public record Course(String id, Text title, String packageName, List<String> learnerClasses, String learnerTestClass,
                     String bridgeClass, List<String> libraries, List<String> warmUp, Path lessons, Path intro,
                     Path support, Path given, Path skeleton, Path reference, Path mutantsDir, int raceTrials,
                     List<Step> steps, List<Mutant> mutants, String network,
                     java.util.Map<String, java.util.Map<String, String>> words, Probe probe, String server) {

    /** Whether the lab's tests need a PostgreSQL server ({@code "server": "postgres"} in course.json). */
    public boolean needsPostgres() {
        return "postgres".equals(server);
    }

    /** The lab's measurement, when it has one ({@code probe} in course.json). */
    public Optional<Probe> measurement() {
        return Optional.ofNullable(probe);
    }

    /** The JShell bridge's class, fully qualified ({@code jshellBridge} in course.json, in the learner's package). */
    public String bridgeClassName() {
        return packageName + "." + bridgeClass;
    }

    public Optional<Step> step(int n) {
        return steps.stream().filter(s -> s.number() == n).findFirst();
    }

    /** The learner's main class (the first of {@code learnerFiles} in course.json). */
    public String learnerClass() {
        return learnerClasses.get(0);
    }

    /** The learner's main class, fully qualified. */
    public String learnerClassName() {
        return packageName + "." + learnerClass();
    }

    /** The learner's main file below a source root. */
    public String learnerFile() {
        return fileOf(learnerClass());
    }

    /** Every learner file below a source root, the main one first. */
    public List<String> learnerFiles() {
        return learnerClasses.stream().map(this::fileOf).toList();
    }

    /** The file a step is about, below a source root. */
    public String learnerFileOf(Step step) {
        return fileOf(step.file() == null ? learnerClass() : step.file());
    }

    /** {@code pkg/Name.java} for a class of the learner's package. */
    public String fileOf(String className) {
        return packageName.replace('.', '/') + "/" + className + ".java";
    }

    public String learnerTestFile() {
        return packageName.replace('.', '/') + "/" + learnerTestClass + ".java";
    }

    public Path referenceSource() {
        return reference.resolve(learnerFile());
    }

    public Path skeletonSource() {
        return skeleton.resolve(learnerFile());
    }

    public List<Path> referenceSources() {
        return learnerFiles().stream().map(reference::resolve).toList();
    }

    public List<Path> skeletonSources() {
        return learnerFiles().stream().map(skeleton::resolve).toList();
    }

    public Path skeletonTestSource() {
        return skeleton.resolve(learnerTestFile());
    }

    /** The given sources, as {@code pkg/Name.java} below {@link #given()}, sorted; empty when the lab has none. */
    public List<String> givenFiles() {
        if (given == null || !java.nio.file.Files.isDirectory(given)) {
            return List.of();
        }
        try (java.util.stream.Stream<Path> walk = java.nio.file.Files.walk(given)) {
            return walk.filter(f -> f.toString().endsWith(".java")).map(f -> given.relativize(f).toString().replace('\\', '/'))
                    .sorted().toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public List<OfficialTest> tests() {
        return steps.stream().flatMap(s -> s.tests().stream()).toList();
    }

    public List<Mutant> mutantsOf(int step) {
        return mutants.stream().filter(m -> m.step() == step).toList();
    }
}
