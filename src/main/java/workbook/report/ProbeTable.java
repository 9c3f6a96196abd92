package workbook.report;

import workbook.words.Messages;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;
import workbook.verdict.Verdicts;

/**
 * A probe as text: for each measured build, one line per row value, one cell per column value, each cell the measures
 * joined by {@code /} (e.g. {@code 3/0} for 3 lost and none duplicated) or {@code !} for a cell that threw, and the
 * row's totals at the end. Under the learner's table: the cells that threw, the worst cell with the command that
 * replays it, and the mutants whose rows the learner's code repeats, with the step to look at.
 */
public final class ProbeTable {
    private static final String THREW = "!";
    private static final int ERRORS_SHOWN = 3;
    private final Messages msg;
    private final PrintStream out;
    private final Function<String, String> label;
    private final String replay;
    private final Function<String, String> note;

    /** @param replay the command that runs this probe again (a cell is added to it), or null to name none */
    public ProbeTable(Messages msg, PrintStream out, Function<String, String> label, String replay) {
        this(msg, out, label, replay, id -> null);
    }

    /** @param note why a variant measures as it does, by id, in the learner's language (null: nothing to say) */
    public ProbeTable(Messages msg, PrintStream out, Function<String, String> label, String replay,
                      Function<String, String> note) {
        this.msg = msg;
        this.out = out;
        this.label = label;
        this.replay = replay;
        this.note = note;
    }

    public void print(Verdicts.Probe p) {
        List<Integer> columns = new ArrayList<>(new TreeSet<>(p.variants().stream().flatMap(v -> v.cells().stream())
                .map(Verdicts.ProbeCell::column).toList()));
        String cellsAre = String.join("/", p.measures().stream().map(label).toList());
        int width = Terminal.columns();
        Terminal.wrap(msg.get("probe.title", cellsAre, p.seed()), width).forEach(out::println);
        if (p.only() != null) {
            out.println(msg.get("probe.replaying", cell(p, p.only().row(), p.only().column())));
        }
        int cell = Math.max(4, p.variants().stream().flatMap(v -> v.cells().stream())
                .mapToInt(c -> text(c, p.measures()).length()).max().orElse(3) + 1);
        int labelWidth = 12;
        StringBuilder head = new StringBuilder(Terminal.pad("  " + label.apply(p.columns()), labelWidth));
        columns.forEach(c -> head.append(left(Integer.toString(c), cell)));
        head.append("  │ ").append(msg.get("probe.sum"));
        for (Verdicts.ProbeVariant v : p.variants()) {
            out.println();
            Terminal.wrap(heading(v, p.measures()), width).forEach(out::println);
            String why = note.apply(v.id());
            if (why != null) {
                Terminal.fit(why, 4).forEach(l -> out.println("    " + l));
            }
            if (!"measured".equals(v.status())) {
                Terminal.fit(msg.get("probe.notRun", msg.text(v.reason())), 4).forEach(l -> out.println("    " + l));
                continue;
            }
            out.println(head);
            for (int row : new TreeSet<>(v.cells().stream().map(Verdicts.ProbeCell::row).toList())) {
                StringBuilder line = new StringBuilder(Terminal.pad("  " + label.apply(p.rows()) + " " + row, labelWidth));
                for (int c : columns) {
                    String t = v.cells().stream().filter(x -> x.row() == row && x.column() == c).findFirst()
                            .map(x -> text(x, p.measures())).orElse("·");
                    line.append(left(t, cell));
                }
                List<Verdicts.ProbeCell> ofRow = v.cells().stream().filter(x -> x.row() == row && !x.threwUp()).toList();
                line.append("  │ ").append(String.join("/", p.measures().stream()
                        .map(m -> Long.toString(ofRow.stream().mapToLong(x -> x.counts().getOrDefault(m, 0L)).sum())).toList()));
                out.println(line);
            }
            if (v.kind().equals("yours")) {
                errors(p, v);
            }
        }
        out.println();
        p.variant("yours").filter(v -> "measured".equals(v.status())).ifPresent(v -> verdict(p, v));
        if (p.plot() != null) {
            out.println(msg.get("probe.plotWritten", p.plot()));
        }
    }

    /** The learner's cells that threw, each on its own line, at most a few. */
    private void errors(Verdicts.Probe p, Verdicts.ProbeVariant v) {
        List<Verdicts.ProbeCell> threw = v.cells().stream().filter(Verdicts.ProbeCell::threwUp).toList();
        if (threw.isEmpty()) {
            return;
        }
        out.println(msg.get("probe.threwLegend", THREW, threw.size()));
        for (Verdicts.ProbeCell c : threw.subList(0, Math.min(ERRORS_SHOWN, threw.size()))) {
            Terminal.fit(cell(p, c.row(), c.column()) + ": " + c.error(), 4).forEach(l -> out.println("    " + l));
        }
        if (threw.size() > ERRORS_SHOWN) {
            out.println("    " + msg.get("probe.threwMore", threw.size() - ERRORS_SHOWN));
        }
    }

    /** Under the table: the learner's worst cell and how to replay it, and the mutants it goes wrong like. */
    private void verdict(Verdicts.Probe p, Verdicts.ProbeVariant v) {
        int width = Terminal.columns();
        Verdicts.ProbeCell worst = v.worst();
        if (worst == null) {
            Terminal.wrap(msg.get("probe.clean"), width).forEach(out::println);
            out.println();
            return;
        }
        String what = worst.threwUp() ? msg.get("probe.worstThrew")
                : String.join(", ", p.measures().stream().map(m -> label.apply(m) + " " + worst.counts().getOrDefault(m, 0L)).toList());
        String where = cell(p, worst.row(), worst.column());
        if (p.only() != null || replay == null) {
            Terminal.wrap(msg.get("probe.thisCell", where, what, p.seed()), width).forEach(out::println);
        } else {
            Terminal.wrap(msg.get("probe.worst", where, what, p.seed()), width).forEach(out::println);
            out.println("  " + replay + " --cell " + worst.row() + "," + worst.column());
        }
        for (Verdicts.Resemblance r : p.resemblances()) {
            Verdicts.ProbeVariant m = p.variants().stream().filter(x -> x.id().equals(r.mutant())).findFirst().orElseThrow();
            boolean loses = m.total(p.measures().get(0)) > 0;
            boolean repeats = p.measures().size() > 1 && m.total(p.measures().get(1)) > 0;
            String key = loses && repeats ? "probe.likeBoth" : repeats ? "probe.likeRepeats" : loses ? "probe.likeLoses" : "probe.likeThrows";
            long rowsMeasured = v.cells().stream().map(Verdicts.ProbeCell::row).distinct().count();
            String rows = r.rows().size() == rowsMeasured && rowsMeasured > 1 ? msg.get("probe.everyRow")
                    : String.join(", ", r.rows().stream().map(x -> label.apply(p.rows()) + " " + x).toList());
            Terminal.wrap(msg.get(key, r.mutant(), rows, r.step()), width).forEach(out::println);
            Terminal.fit(msg.text(r.description()), 4).forEach(l -> out.println("    " + l));
        }
        out.println();
    }

    private String cell(Verdicts.Probe p, int row, int column) {
        return label.apply(p.rows()) + " " + row + " × " + label.apply(p.columns()) + " " + column;
    }

    private String heading(Verdicts.ProbeVariant v, List<String> measures) {
        String totals = v.cells().isEmpty() ? ""
                : String.join(", ", measures.stream().map(m -> label.apply(m) + " " + v.total(m)).toList());
        if (v.threw() > 0) {
            totals += (totals.isEmpty() ? "" : ", ") + msg.get("probe.threwCount", v.threw());
        }
        String name = switch (v.kind()) {
            case "reference", "yours" -> msg.text(v.description());
            default -> v.id() + " — " + msg.text(v.description());
        };
        return totals.isEmpty() ? name : name + "  (" + totals + ")";
    }

    private static String text(Verdicts.ProbeCell c, List<String> measures) {
        if (c.threwUp()) {
            return THREW;
        }
        return String.join("/", measures.stream().map(m -> Long.toString(c.counts().getOrDefault(m, 0L))).toList());
    }

    private static String left(String s, int width) {
        return " ".repeat(Math.max(1, width - s.length())) + s;
    }
}
