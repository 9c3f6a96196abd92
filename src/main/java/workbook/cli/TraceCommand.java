package workbook.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Step;
import workbook.jshell.Tracer;
import workbook.report.Json;
import workbook.words.Messages;
import workbook.report.Terminal;
import workbook.run.NativeLibrary;
import workbook.workspace.Workspace;

@Command(name = "trace", description = {"Play step N's scene on your code and on the reference, side by side, and mark the first difference.",
        "N단계의 장면을 내 코드와 기준 구현에서 나란히 실행하고 처음 달라지는 곳을 표시합니다 (그림으로 확인하기)."})
final class TraceCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", paramLabel = "N", description = "step number")
    int step;

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        Workspace ws = lab.workspace(options.err());
        Step s = Steps.one(lab, step);
        Tracer.Trace trace;
        try {
            trace = new Tracer(lab.host, lab.builds(), lab.msg.lang(), lab.remoteVmOptions(), lab.sandbox(true)).trace(s, ws);
        } catch (Tracer.NoScenario e) {
            throw new Lab.SetupError(lab.msg.get("trace.noScenario", e.step()));
        } catch (IllegalArgumentException e) {
            throw new Lab.SetupError(e.getMessage());
        }
        if (options.json) {
            options.out().println(Json.of(trace));
        } else {
            render(trace, lab.msg, options.out());
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
        if (Terminal.columns() < 110) {
            narrow(trace, msg, out, term);
        } else {
            wide(trace, msg, out, term);
        }
        Integer notYet = notYet(trace);
        if (trace.firstDivergence() == null) {
            out.println(term.bold(msg.get("trace.same")));
        } else if (notYet != null) {
            // An unwritten method of a later step stops the scene: that, not the cells, is what to read.
            out.println(term.bold(msg.get("trace.notYet", notYet)));
        } else {
            Tracer.Divergence d = trace.firstDivergence();
            int width = Terminal.columns();
            out.println(term.bold(msg.get("trace.diverges", d.row(), d.call())));
            // The table above shows both rows whole; when the results differ, the results say it.
            String mine = d.learner();
            String theirs = d.reference();
            String[] m = mine.split(" \\| ", 2);
            String[] t = theirs.split(" \\| ", 2);
            if (!m[0].equals(t[0])) {
                mine = m[0];
                theirs = t[0];
            }
            for (String line : new String[] {msg.get("trace.clause", d.clause()), msg.get("trace.mine", mine),
                    msg.get("trace.theirs", theirs)}) {
                java.util.List<String> parts = Terminal.wrap(line, width - 4);
                for (int i = 0; i < parts.size(); i++) {
                    out.println((i == 0 ? "  " : "    ") + parts.get(i));
                }
            }
        }
        out.println(term.bold(next(trace, notYet, msg)));
    }

    /** The skeleton's marker in a learner's cell: a method of that step is not written yet. */
    private static final java.util.regex.Pattern NOT_YET = java.util.regex.Pattern.compile("not yet\\s*[—-]+\\s*step\\s*(\\d+)");

    /** The earliest step whose method a learner's cell of the scene found unwritten; null when none. */
    static Integer notYet(Tracer.Trace trace) {
        return trace.rows().stream().map(r -> r.learner().detail() == null ? null : NOT_YET.matcher(r.learner().detail()))
                .filter(m -> m != null && m.find()).map(m -> Integer.parseInt(m.group(1))).min(Integer::compare).orElse(null);
    }

    /** What to do after reading the scene. */
    private static String next(Tracer.Trace trace, Integer notYet, Messages msg) {
        if (notYet != null) {
            return msg.get("next.start", notYet);
        }
        return trace.firstDivergence() == null ? msg.get("trace.next.same", trace.step())
                : msg.get("trace.next.differs", trace.step());
    }

    /** A learner's result as the table shows it: an unwritten method says so, not its exception's name. */
    static String shown(Tracer.Row r, Messages msg) {
        java.util.regex.Matcher m = r.learner().detail() == null ? null : NOT_YET.matcher(r.learner().detail());
        return m != null && m.find() ? msg.get("trace.notYetCell", m.group(1)) : r.learner().result();
    }

    /**
     * Below 110 columns the side-by-side table would wrap every row: each moment is told in lines instead, the call,
     * then yours and the reference's result and state (once, when they agree), each wrapped to the width.
     */
    private static void narrow(Tracer.Trace trace, Messages msg, PrintStream out, Terminal term) {
        int width = Terminal.columns();
        for (Tracer.Row r : trace.rows()) {
            boolean first = trace.firstDivergence() != null && trace.firstDivergence().row() == r.row();
            String t = r.t() == Math.rint(r.t()) ? String.valueOf((long) r.t()) : String.valueOf(r.t());
            out.println(term.bold(r.row() + ". t=" + t + "  " + r.who() + "  ") + r.call()
                    + (r.same() ? "" : " " + term.red("✗" + (first ? " " + msg.get("trace.first") : ""))));
            if (r.same()) {
                say(out, msg.get("trace.both"), r.learner().result() + " │ " + r.learner().state(), width, null);
            } else {
                say(out, msg.get("trace.col.mine"), shown(r, msg) + " │ " + r.learner().state(), width, term);
                say(out, msg.get("trace.col.reference"), r.reference().result() + " │ " + r.reference().state(), width, null);
                if (r.learner().result().equals(r.reference().result())) {
                    // Both calls returned the same: what differs is the row the call left behind.
                    for (String line : Terminal.wrap(msg.get("trace.sameResultOtherRow"), width - 3)) {
                        out.println("   " + term.red(line));
                    }
                }
            }
            for (String line : Terminal.wrap(r.clause(), width - 5)) {
                out.println(term.dim("     " + line));
            }
        }
    }

    private static void say(PrintStream out, String label, String text, int width, Terminal red) {
        String head = "   " + label + ": ";
        int indent = Terminal.width(head);
        java.util.List<String> lines = Terminal.wrap(text, Math.max(20, width - indent));
        for (int i = 0; i < lines.size(); i++) {
            String body = red == null ? lines.get(i) : red.red(lines.get(i));
            out.println((i == 0 ? head : " ".repeat(indent)) + body);
        }
    }

    private static void wide(Tracer.Trace trace, Messages msg, PrintStream out, Terminal term) {
        String[] head = {msg.get("trace.col.t"), msg.get("trace.col.who"), msg.get("trace.col.call"),
                msg.get("trace.col.mine"), msg.get("trace.col.reference")};
        String stateLabel = "  └ " + msg.get("trace.state");
        // The narrow columns as wide as their widest cell; mine and the reference share the rest of the screen
        // equally, and a cell longer than its column wraps onto more lines: nothing is cut, least of all where the two
        // sides differ.
        int wt = Terminal.width(head[0]);
        int ww = Terminal.width(head[1]);
        int wc = Math.max(Terminal.width(head[2]), Terminal.width(stateLabel));
        for (Tracer.Row r : trace.rows()) {
            wt = Math.max(wt, Terminal.width(time(r.t())));
            ww = Math.max(ww, Terminal.width(r.who()));
            wc = Math.max(wc, Terminal.width(r.call()));
        }
        wc = Math.min(wc, 40);
        int marks = 3 + Terminal.width(msg.get("trace.first"));
        int side = Math.max(20, (Terminal.columns() - wt - ww - wc - 4 - marks) / 2);
        int[] widths = {wt, ww, wc, side, side};
        out.println(term.row(head, widths));
        for (Tracer.Row r : trace.rows()) {
            boolean first = trace.firstDivergence() != null && trace.firstDivergence().row() == r.row();
            // The ✗ goes on the line that differs: the call's result, or only the state after it.
            boolean resultDiffers = !r.learner().result().equals(r.reference().result());
            String mark = r.same() ? " " : term.red("✗");
            String tag = first ? " " + term.red(msg.get("trace.first")) : "";
            cells(out, term, new String[] {time(r.t()), r.who(), r.call(), shown(r, msg), r.reference().result()},
                    widths, resultDiffers ? " " + mark + tag : "");
            cells(out, term, new String[] {"", "", stateLabel, r.learner().state(), r.reference().state()},
                    widths, resultDiffers ? "" : " " + mark + tag);
            out.println(term.dim("           " + r.clause()));
        }
    }

    private static String time(double t) {
        return t == Math.rint(t) ? String.valueOf((long) t) : String.valueOf(t);
    }

    /** One table row, each cell wrapped to its column; {@code after} follows the row's first line. */
    private static void cells(PrintStream out, Terminal term, String[] cells, int[] widths, String after) {
        java.util.List<java.util.List<String>> wrapped = new java.util.ArrayList<>();
        int lines = 1;
        for (int i = 0; i < cells.length; i++) {
            java.util.List<String> w = cells[i] == null || cells[i].isEmpty() ? java.util.List.of("")
                    : hard(Terminal.wrap(cells[i], widths[i]), widths[i]);
            wrapped.add(w);
            lines = Math.max(lines, w.size());
        }
        for (int line = 0; line < lines; line++) {
            String[] row = new String[cells.length];
            for (int i = 0; i < cells.length; i++) {
                row[i] = line < wrapped.get(i).size() ? wrapped.get(i).get(line) : "";
            }
            out.println(term.row(row, widths) + (line == 0 ? after : ""));
        }
    }

    /** Lines still wider than {@code width} (one long word, such as a list of numbers) cut into pieces that fit. */
    private static java.util.List<String> hard(java.util.List<String> lines, int width) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (String line : lines) {
            StringBuilder cur = new StringBuilder();
            int used = 0;
            for (int i = 0; i < line.length(); i += Character.charCount(line.codePointAt(i))) {
                int cp = line.codePointAt(i);
                int w = Terminal.cells(cp);
                if (used + w > width && cur.length() > 0) {
                    out.add(cur.toString());
                    cur.setLength(0);
                    used = 0;
                }
                cur.appendCodePoint(cp);
                used += w;
            }
            out.add(cur.toString());
        }
        return out;
    }
}
