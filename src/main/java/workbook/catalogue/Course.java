package workbook.catalogue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A lab: its steps, where its reference, skeleton, mutants and test support live, and the learner-facing names.
 * Everything here comes from {@code lessons/<lab>/course.json} and the step folders; nothing is built into the code.
 *
 * <p>{@code libraries}: classes whose jars learner code may use (compiled and run against); {@code warmUp}: what a
 * child JVM loads before its plan arrives, as {@code Class} or {@code Class#staticMethod}.
 */
public record Course(String id, Text title, String packageName, String learnerClass, String learnerTestClass,
                     String bridgeClass, List<String> libraries, List<String> warmUp, Path lessons, Path intro,
                     Path support, Path skeleton, Path reference, Path mutantsDir, int raceTrials, List<Step> steps,
                     List<Mutant> mutants) {

    /** The JShell bridge's class, fully qualified ({@code jshellBridge} in course.json, in the learner's package). */
    public String bridgeClassName() {
        return packageName + "." + bridgeClass;
    }

    public Optional<Step> step(int n) {
        return steps.stream().filter(s -> s.number() == n).findFirst();
    }

    /** The learner's class, fully qualified. */
    public String learnerClassName() {
        return packageName + "." + learnerClass;
    }

    /** The learner's file below a source root. */
    public String learnerFile() {
        return packageName.replace('.', '/') + "/" + learnerClass + ".java";
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

    public Path skeletonTestSource() {
        return skeleton.resolve(learnerTestFile());
    }

    public List<OfficialTest> tests() {
        return steps.stream().flatMap(s -> s.tests().stream()).toList();
    }

    public List<Mutant> mutantsOf(int step) {
        return mutants.stream().filter(m -> m.step() == step).toList();
    }
}
