package workbook;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The runner's layers, from the top: the commands ({@code cli}, {@code watch}) → the screens and reports
 * ({@code report}) → the flows that grade ({@code grade}, {@code progress}, {@code receipt}, {@code jshell}) → the
 * words ({@code words}) → the core ({@code run}, {@code compile}, {@code catalogue}, {@code workspace}) → the child
 * runner ({@code child}), which depends on nothing of ours. An import that runs back up a layer fails here.
 *
 * <p>Only the commands and the reports choose words: every flow and the core decide and explain with facts
 * ({@code verdict.Reason}, a lab's {@code Text}), never with sentences ({@link #onlyTheEdgeHasWords}).
 */
@AnalyzeClasses(packages = "workbook", importOptions = ImportOption.DoNotIncludeTests.class)
class LayersTest {
    @ArchTest
    static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("Commands").definedBy("workbook.cli..", "workbook.watch..")
            .layer("Reports").definedBy("workbook.report..")
            .layer("Flows").definedBy("workbook.grade..", "workbook.progress..", "workbook.receipt..", "workbook.jshell..",
                    "workbook.story..")
            .layer("Words").definedBy("workbook.words..")
            .layer("Core").definedBy("workbook.verdict..", "workbook.run..", "workbook.compile..", "workbook.catalogue..",
                    "workbook.workspace..")
            .layer("Child").definedBy("workbook.child..")
            .whereLayer("Commands").mayNotBeAccessedByAnyLayer()
            .whereLayer("Reports").mayOnlyBeAccessedByLayers("Commands")
            .whereLayer("Flows").mayOnlyBeAccessedByLayers("Commands", "Reports")
            .whereLayer("Words").mayOnlyBeAccessedByLayers("Commands", "Reports")
            .whereLayer("Core").mayOnlyBeAccessedByLayers("Commands", "Reports", "Flows", "Words")
            .whereLayer("Child").mayOnlyBeAccessedByLayers("Commands", "Reports", "Flows", "Core");

    /** The child runs in the learner's JVM as a module of its own: nothing of the rest of the runner goes with it. */
    @ArchTest
    static final ArchRule childStandsAlone = noClasses().that().resideInAPackage("workbook.child..")
            .should().dependOnClassesThat().resideInAnyPackage("workbook.cli..", "workbook.watch..", "workbook.report..",
                    "workbook.grade..", "workbook.progress..", "workbook.receipt..", "workbook.jshell..", "workbook.story..", "workbook.words..",
                    "workbook.verdict..", "workbook.run..", "workbook.compile..", "workbook.catalogue..",
                    "workbook.workspace..");

    /**
     * Grading, progress, receipts, trace and the core decide and explain with facts ({@code verdict.Reason}), never
     * with sentences: the words are chosen at the report's edge, so {@code --json} is the same in every language.
     */
    @ArchTest
    static final ArchRule onlyTheEdgeHasWords = noClasses().that().resideInAnyPackage("workbook.grade..",
                    "workbook.progress..", "workbook.receipt..", "workbook.jshell..", "workbook.story..", "workbook.verdict..",
                    "workbook.run..", "workbook.compile..", "workbook.catalogue..", "workbook.workspace..")
            .should().dependOnClassesThat().resideInAPackage("workbook.words..");

    @ArchTest
    static final ArchRule noCycles = slices().matching("workbook.(*)..").should().beFreeOfCycles();
}
