package workbook.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import workbook.grade.Verdicts;
import workbook.progress.Overview;
import workbook.report.Human;
import workbook.workspace.Workspace;

@Command(name = "status", description = {"The status board: every step, which pass, and what to do next (the default).",
        "현황판: 단계별 통과 여부와 다음에 할 일 (기본 명령)."})
final class StatusCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Override
    public Integer call() {
        return board(options, System.out);
    }

    static int board(Options options, PrintStream out) {
        Lab lab = Lab.open(options);
        Workspace ws = lab.workspace(System.err);
        Verdicts.Check verdict = lab.grader().check(ws, lab.course.steps());
        Overview progress = Recording.afterBoard(lab, ws, verdict);
        if (options.json) {
            out.println(Recording.withField(verdict, "progress", progress));
        } else {
            out.println(lab.course.title().in(lab.msg.lang()));
            out.println(lab.msg.get("board.files", Workspace.display(ws.jobsFile()), Workspace.display(ws.testFile())));
            out.println();
            new Human(lab.msg, out).check(verdict, false);
            new ProgressReport(lab.msg, out).board(progress);
            out.println(lab.msg.get("board.commands"));
        }
        return 0;
    }
}
