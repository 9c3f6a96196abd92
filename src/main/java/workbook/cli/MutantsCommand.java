package workbook.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Mutant;
import workbook.verdict.Verdicts;
import workbook.progress.Recorder;
import workbook.report.Human;
import workbook.report.StrykerReport;
import workbook.workspace.Workspace;

@Command(name = "mutants", description = {"Run your own test class against the reference and every mutant (or step N's).",
        "내 시험 클래스를 기준 구현과 뮤턴트(전체 또는 N단계)에 돌립니다."})
final class MutantsCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", arity = "0..1", paramLabel = "N", description = "only the mutants of step N")
    Integer step;

    @Option(names = "--extra-mutants", paramLabel = "DIR", description = "Also use the .mutant files in DIR (a private set).")
    List<Path> extra = new ArrayList<>();

    @Option(names = {"-v", "--verbose"}, description = "List every valid test and every mutant, killed ones too.")
    boolean verbose;

    @Option(names = "--json-file", paramLabel = "FILE",
            description = "Also write the verdict as JSON (what --json prints) to FILE; the screen stays as it is.")
    java.nio.file.Path jsonFile;

    @Option(names = "--report", paramLabel = "DIR", description = {
            "Also write DIR/mutation-report.json (Stryker's mutation-testing-report-schema: your step contracts, your tests, every mutant) and DIR/index.html (its viewer, offline).",
            "DIR/mutation-report.json (Stryker 스키마: 단계 계약, 내 시험, 뮤턴트마다)과 DIR/index.html (오프라인 화면)도 씁니다."})
    Path report;

    @Override
    public Integer call() {
        Lab lab = Lab.open(options, extra);
        Workspace ws = lab.workspace(options.err());
        if (step != null) {
            Steps.one(lab, step);
        }
        if (!java.nio.file.Files.isRegularFile(ws.testFile())) {
            throw new Lab.SetupError(lab.msg.get("setup.noTests", Workspace.display(ws.testFile())));
        }
        List<Mutant> mutants = step == null ? lab.course.mutants() : lab.course.mutantsOf(step);
        String graded = report == null ? null : readTests(ws);
        Verdicts.Mutants verdict = lab.grader().mutants(ws, mutants);
        List<Recorder.Compared> compared = Recording.afterMutants(lab, ws, verdict);
        Recording.receipt(lab, ws, workbook.receipt.Receipts.of(lab.sealer(), "mutants", lab.course, ws, step == null
                ? lab.course.steps().stream().map(workbook.catalogue.Step::number).toList() : List.of(step), false, null, verdict));
        String json = Recording.withField(verdict, "predictions", Recording.comparisonsJson(compared), lab.msg);
        JsonFile.write(jsonFile, json);
        if (options.json) {
            options.out().println(json);
        } else {
            new Human(lab.msg, options.out()).mutants(verdict, verbose);
            new ProgressReport(lab.msg, options.out()).comparisons(compared);
        }
        if (report != null) {
            MutationReport.write(report, StrykerReport.mutants(lab.course, verdict, mutants, graded, lab.msg,
                    MutationReport.version(), step), lab.msg.get("stryker.title.mutants", lab.course.id()), lab,
                    options.json ? options.err() : options.out());
        }
        return verdict.ok() ? 0 : 1;
    }

    /** The learner's test file as it is graded, for the report (read before the run, which may take a while). */
    private static String readTests(Workspace ws) {
        try {
            return workbook.workspace.SourceText.read(ws.testFile()).text();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
