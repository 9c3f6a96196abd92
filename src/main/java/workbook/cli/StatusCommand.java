package workbook.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import workbook.verdict.Verdicts;
import workbook.progress.Overview;
import workbook.report.Human;
import workbook.workspace.Workspace;

@Command(name = "status", description = {"The status board: every step, which pass, and what to do next (the default).",
        "현황판: 단계별 통과 여부와 다음에 할 일 (기본 명령)."})
final class StatusCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Override
    public Integer call() {
        return board(options, options.out());
    }

    static int board(Options options, PrintStream out) {
        Lab lab;
        try {
            lab = Lab.open(options);
        } catch (Lab.SeveralLabs several) {
            return labs(options, several.labs, out);
        }
        Workspace ws = lab.workspace(options.err());
        Verdicts.Check verdict = lab.grader().check(ws, lab.course.steps());
        Overview progress = Recording.afterBoard(lab, ws, verdict);
        if (options.json) {
            out.println(Recording.withField(verdict, "progress", progress));
        } else {
            out.println(lab.course.title().in(lab.msg.lang()));
            out.println(lab.msg.get("board.files", Workspace.display(ws.code()), Workspace.display(ws.testFile())));
            out.println();
            new Human(lab.msg, out).check(verdict, false);
            new ProgressReport(lab.msg, out).board(progress);
            out.println(lab.msg.get("board.commands"));
        }
        return 0;
    }

    /** One lab's line on the board of several: its id, title, and how many steps the default workspace passed. */
    record LabRow(String id, String title, int passed, int total) {}

    /** The board when several labs are installed and none is chosen: each lab and its progress. */
    private static int labs(Options options, java.util.List<String> ids, PrintStream out) {
        workbook.words.Messages msg = workbook.words.Messages.of(options.lang());
        java.nio.file.Path home = workbook.catalogue.Catalogue.home();
        java.nio.file.Path dir = options.workspace != null ? options.workspace : home.resolve("workspace");
        java.util.List<LabRow> rows = new java.util.ArrayList<>();
        for (String id : ids) {
            workbook.catalogue.Course c = workbook.catalogue.Catalogue.load(home, id, java.util.List.of());
            Workspace ws = new Workspace(dir, c);
            int passed = 0;
            if (java.nio.file.Files.exists(ws.progressFile())) {
                workbook.progress.Progress p = workbook.progress.Recorder.of(ws, r -> options.err().println(msg.text(r))).read();
                passed = (int) c.steps().stream().filter(st -> p.step(st.number()).check() != null
                        && "passed".equals(p.step(st.number()).check().status())).count();
            }
            rows.add(new LabRow(id, c.title().in(msg.lang()), passed, c.steps().size()));
        }
        if (options.json) {
            java.util.Map<String, Object> v = new java.util.LinkedHashMap<>();
            v.put("command", "labs");
            v.put("labs", rows);
            out.println(workbook.report.Json.of(v));
        } else {
            out.println(msg.get("board.labs.title"));
            rows.forEach(r -> out.println("  " + msg.get("board.labs.row", r.id(), r.title(), r.passed(), r.total())));
            out.println(msg.get("board.labs.choose"));
        }
        return 0;
    }
}
