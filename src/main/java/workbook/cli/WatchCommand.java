package workbook.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import workbook.grade.Grader;
import workbook.watch.WatchSession;
import workbook.workspace.Workspace;

@Command(name = "watch", description = {"Re-check the current step each time you save. Keys: n next, h hint, l list, c check all, q quit.",
        "저장할 때마다 지금 단계를 다시 채점합니다. 키: n 다음, h 힌트, l 목록, c 전체 확인, q 끝."})
final class WatchCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @picocli.CommandLine.Option(names = "--step", paramLabel = "N", description = "Start at step N (default: the first step not passed).")
    Integer step;

    @Override
    public Integer call() throws InterruptedException {
        Lab lab = Lab.open(options);
        Workspace ws = lab.workspace(options.err());
        Grader grader = lab.grader(true);
        try {
            // Every key acts on the lab watch watches: the hint command is told which (with several labs it could
            // not tell on its own).
            WatchSession session = new WatchSession(lab.course, ws, grader, lab.msg, options.out(), step -> {
                java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("hint", String.valueOf(step),
                        "--lang", options.lang(), "--lab", lab.course.id()));
                if (options.workspace != null) {
                    args.addAll(java.util.List.of("--workspace", options.workspace.toString()));
                }
                new CommandLine(new Main()).execute(args.toArray(String[]::new));
            });
            if (step != null) {
                Steps.one(lab, step);
            }
            return session.run(options.in(), System.console() != null, step);
        } finally {
            grader.shutdown();
        }
    }
}
