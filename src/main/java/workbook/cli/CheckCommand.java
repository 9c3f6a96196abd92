package workbook.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Step;
import workbook.grade.Verdicts;
import workbook.report.Human;
import workbook.report.Json;
import workbook.workspace.Workspace;

@Command(name = "check", description = {"Run the official tests against your files (all steps, or step N).",
        "공식 시험으로 내 파일을 채점합니다 (전체 또는 N단계)."})
final class CheckCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(arity = "0..1", paramLabel = "N", description = "step number")
    Integer step;

    @Option(names = {"-v", "--verbose"}, description = "List passing tests too.")
    boolean verbose;

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        workbook.grade.Timing.mark("lab open");
        Workspace ws = lab.workspace(System.err);
        List<Step> steps = Steps.select(lab, step);
        var grader = lab.grader();
        workbook.grade.Timing.mark("grader ready");
        Verdicts.Check verdict = grader.check(ws, steps);
        if (options.json) {
            System.out.println(Json.of(verdict));
        } else {
            new Human(lab.msg, System.out).check(verdict, verbose);
        }
        Recording.afterCheck(lab, ws, verdict, options.json);
        return verdict.ok() ? 0 : 1;
    }
}
