package workbook.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Step;
import workbook.jshell.Tracer;
import workbook.report.Json;
import workbook.report.Messages;
import workbook.report.Terminal;
import workbook.run.NativeLibrary;
import workbook.workspace.Workspace;

@Command(name = "trace", description = {"Play step N's scene on your code and on the reference, side by side, and mark the first difference.",
        "N단계의 장면을 내 코드와 기준 구현에서 나란히 실행하고 처음 달라지는 곳을 표시합니다 (그림으로 확인하기)."})
final class TraceCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(paramLabel = "N", description = "step number (1-8)")
    int step;

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        Workspace ws = lab.workspace(System.err);
        Step s = Steps.one(lab, step);
        Tracer.Trace trace;
        try {
            trace = new Tracer(lab.builds(), lab.msg, NativeLibrary.remoteVmOptions(lab.cache())).trace(s, ws);
        } catch (IllegalArgumentException e) {
            throw new Lab.SetupError(e.getMessage());
        }
        if (options.json) {
            System.out.println(Json.of(trace));
        } else {
            render(trace, lab.msg, System.out);
        }
        return trace.compiled() && trace.firstDivergence() == null ? 0 : 1;
    }

    static void render(Tracer.Trace trace, Messages msg, PrintStream out) {
        Terminal term = new Terminal();
        out.println(term.bold(msg.get("trace.title", trace.step(), trace.title())));
        if (!trace.compiled()) {
            out.println(msg.get("report.compile.failed"));
            trace.diagnostics().forEach(d -> out.println("  " + d));
            return;
        }
        String[] head = {msg.get("trace.col.t"), msg.get("trace.col.who"), msg.get("trace.col.call"),
                msg.get("trace.col.mine"), msg.get("trace.col.reference")};
        out.println(term.row(head, 5, 4, 34, 30, 30));
        for (Tracer.Row r : trace.rows()) {
            boolean first = trace.firstDivergence() != null && trace.firstDivergence().row() == r.row();
            String t = r.t() == Math.rint(r.t()) ? String.valueOf((long) r.t()) : String.valueOf(r.t());
            // The ✗ goes on the line that differs: the call's result, or only the state after it.
            boolean resultDiffers = !r.learner().result().equals(r.reference().result());
            String mark = r.same() ? " " : term.red("✗");
            String tag = first ? " " + term.red(msg.get("trace.first")) : "";
            out.println(term.row(new String[] {t, r.who(), r.call(), r.learner().result(), r.reference().result()}, 5, 4, 34, 30, 30)
                    + (resultDiffers ? " " + mark + tag : ""));
            out.println(term.row(new String[] {"", "", "  └ " + msg.get("trace.state"), r.learner().state(), r.reference().state()},
                    5, 4, 34, 30, 30) + (resultDiffers ? "" : " " + mark + tag));
            out.println(term.dim("           " + r.clause()));
        }
        if (trace.firstDivergence() == null) {
            out.println(term.bold(msg.get("trace.same")));
        } else {
            Tracer.Divergence d = trace.firstDivergence();
            out.println(term.bold(msg.get("trace.diverges", d.row(), d.call())));
            out.println("  " + msg.get("trace.clause", d.clause()));
            out.println("  " + msg.get("trace.mine", d.learner()));
            out.println("  " + msg.get("trace.theirs", d.reference()));
        }
    }
}
