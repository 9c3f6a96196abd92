package workbook.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;
import workbook.grade.Verdicts;

/**
 * A probe as text: for each measured build, one line per row value, one cell per column value, each cell the measures
 * joined by {@code /} (e.g. {@code 3/0} for 3 lost and none duplicated), and the row's totals at the end.
 */
public final class ProbeTable {
    private final Messages msg;
    private final PrintStream out;
    private final Function<String, String> label;

    public ProbeTable(Messages msg, PrintStream out, Function<String, String> label) {
        this.msg = msg;
        this.out = out;
        this.label = label;
    }

    public void print(Verdicts.Probe p) {
        List<Integer> columns = new ArrayList<>(new TreeSet<>(p.variants().stream().flatMap(v -> v.cells().stream())
                .map(Verdicts.ProbeCell::column).toList()));
        String cellsAre = String.join("/", p.measures().stream().map(label).toList());
        out.println(msg.get("probe.title", cellsAre, p.seed()));
        int cell = Math.max(4, p.variants().stream().flatMap(v -> v.cells().stream())
                .mapToInt(c -> text(c, p.measures()).length()).max().orElse(3) + 1);
        int labelWidth = 12;
        StringBuilder head = new StringBuilder(Terminal.pad("  " + label.apply(p.columns()), labelWidth));
        columns.forEach(c -> head.append(left(Integer.toString(c), cell)));
        head.append("  │ ").append(msg.get("probe.sum"));
        int width = Terminal.columns();
        for (Verdicts.ProbeVariant v : p.variants()) {
            out.println();
            Terminal.wrap(heading(v, p.measures()), width).forEach(out::println);
            if (!"measured".equals(v.status())) {
                out.println("    " + msg.get("probe.notRun", v.message()));
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
                List<Verdicts.ProbeCell> ofRow = v.cells().stream().filter(x -> x.row() == row).toList();
                line.append("  │ ").append(String.join("/", p.measures().stream()
                        .map(m -> Long.toString(ofRow.stream().mapToLong(x -> x.counts().getOrDefault(m, 0L)).sum())).toList()));
                out.println(line);
            }
        }
        out.println();
        if (p.plot() != null) {
            out.println(msg.get("probe.plotWritten", p.plot()));
        }
    }

    private String heading(Verdicts.ProbeVariant v, List<String> measures) {
        String totals = v.cells().isEmpty() ? ""
                : String.join(", ", measures.stream().map(m -> label.apply(m) + " " + v.total(m)).toList());
        String name = switch (v.kind()) {
            case "reference", "yours" -> v.description();
            default -> v.id() + " — " + v.description();
        };
        return totals.isEmpty() ? name : name + "  (" + totals + ")";
    }

    private static String text(Verdicts.ProbeCell c, List<String> measures) {
        return String.join("/", measures.stream().map(m -> Long.toString(c.counts().getOrDefault(m, 0L))).toList());
    }

    private static String left(String s, int width) {
        return " ".repeat(Math.max(1, width - s.length())) + s;
    }
}
