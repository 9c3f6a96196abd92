package workbook.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Step;
import workbook.grade.Verdicts;
import workbook.workspace.JavaMethods;
import workbook.workspace.Workspace;

@Command(name = "reveal", description = {"Show the reference for step N — only once your step N passes.",
        "N단계를 통과한 뒤에만 기준 구현을 보여 줍니다."})
final class RevealCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(paramLabel = "N", description = "step number (1-8)")
    int step;

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        Workspace ws = lab.workspace(System.err);
        Step s = Steps.one(lab, step);
        Verdicts.Check verdict = lab.grader().check(ws, List.of(s));
        Verdicts.StepVerdict v = verdict.steps().get(0);
        if (!"passed".equals(v.status())) {
            System.out.println(lab.msg.get("reveal.locked", step, lab.msg.get("status." + v.status())));
            return 1;
        }
        String reference = read(lab.course.referenceSource());
        String mine = read(ws.jobsFile());
        System.out.println(lab.msg.get("reveal.header", step, s.method()));
        System.out.println();
        System.out.println(lab.msg.get("reveal.reference"));
        System.out.println(JavaMethods.find(reference, s.method()).map(span -> span.of(reference)).orElse("?"));
        System.out.println();
        System.out.println(lab.msg.get("reveal.yours"));
        System.out.println(JavaMethods.find(mine, s.method()).map(span -> span.of(mine)).orElse("?"));
        return 0;
    }

    private static String read(java.nio.file.Path p) {
        try {
            return java.nio.file.Files.readString(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
