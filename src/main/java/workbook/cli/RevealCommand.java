package workbook.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Step;
import workbook.verdict.Verdicts;
import workbook.workspace.Workspace;

@Command(name = "reveal", description = {"Show the reference for step N — only once your step N passes.",
        "N단계를 통과한 뒤에만 기준 구현을 보여 줍니다."})
final class RevealCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", paramLabel = "N", description = "step number")
    int step;

    @picocli.CommandLine.Option(names = "--flip", arity = "0..1", fallbackValue = "", paramLabel = "MUTANT",
            description = {"Flip it on purpose: put the step's worksheet bug (or MUTANT) into a copy of your code and see which official tests fail.",
                    "일부러 뒤집어 보기: 이 단계의 버그를 내 코드의 복사본에 넣고 어떤 공식 시험이 실패하는지 봅니다."})
    String flip;

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        Workspace ws = lab.workspace(options.err());
        Step s = Steps.one(lab, step);
        Verdicts.Check verdict = lab.grader().check(ws, List.of(s));
        Verdicts.StepVerdict v = verdict.steps().get(0);
        if (v.status() != workbook.verdict.StepStatus.PASSED) {
            options.out().println(lab.msg.get("reveal.locked", step, lab.msg.get("status." + v.status().wire())));
            return 1;
        }
        RevealView view = new RevealView(lab, options.out());
        if (flip != null) {
            return view.flip(s, ws, flip.isEmpty() ? null : flip);
        }
        new ProgressReport(lab.msg, options.out()).afterword(s, options.lang());
        options.out().println();
        view.diff(s, ws);
        Recording.afterReveal(lab, ws, verdict, step);
        return 0;
    }
}
