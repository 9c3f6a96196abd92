package workbook.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import workbook.catalogue.Probe;
import workbook.verdict.Verdicts;
import workbook.report.Json;
import workbook.report.ProbePlot;
import workbook.report.ProbeTable;
import workbook.workspace.AtomicWrite;
import workbook.workspace.Workspace;

@Command(name = "probe", description = {"Run the lab's measurement on the reference, the lab's named mutants and your code; print the table and write an SVG plot.",
        "실습의 측정을 기준 구현, 실습이 고른 뮤턴트, 내 코드에 돌려 표로 보여 주고 SVG 그림을 씁니다."})
final class ProbeCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The seed (the same seed gives the same table; default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--cell", paramLabel = "ROW,COLUMN", description = "Replay one cell only, e.g. 4,7 (the table names its worst cell and the command that replays it).")
    String cell;

    @Option(names = "--plot", paramLabel = "FILE", description = "Where to write the SVG (default: the workspace's .workbook/<lab>/probe-seed<N>.svg).")
    Path plot;

    /** Measure, draw, print; exit 1 when your build was measured and lost or duplicated anything, or could not run. */
    @Override
    public Integer call() {
        Lab lab = Lab.open(options, java.util.List.of());
        Probe probe = lab.course.measurement()
                .orElseThrow(() -> new Lab.SetupError(lab.msg.get("setup.noProbe", lab.course.id())));
        Verdicts.CellRef only = cell == null ? null : parseCell(cell, lab);
        Workspace ws = lab.workspace(options.err());
        Verdicts.Probe measured = lab.grader().probe(ws, seed, only).orElseThrow();
        Function<String, String> label = name -> probe.label(name, lab.msg.lang());
        Path file = plot != null ? plot : ws.notes().resolve(lab.course.id()).resolve("probe-seed" + seed + ".svg");
        Verdicts.Probe drawn = write(measured, file, new ProbePlot(measured, label, lab.msg));
        if (options.json) {
            options.out().println(Json.of(drawn, lab.msg));
        } else {
            new ProbeTable(lab.msg, options.out(), label, replay(lab), id -> probe.note(id, lab.msg.lang())).print(drawn);
        }
        return drawn.variant("yours").map(v -> v.clean() ? 0 : 1).orElse(0);
    }

    /** The command that probes again as this one did, up to the cell (the table adds {@code --cell R,C}). */
    private String replay(Lab lab) {
        String ws = options.workspace == null ? "" : " --workspace " + Workspace.display(options.workspace);
        return "./workbook --lab " + lab.course.id() + " probe" + ws + " --seed " + seed;
    }

    /** {@code 4,7} (or {@code 4x7}) as the cell of row 4 and column 7. */
    private static Verdicts.CellRef parseCell(String text, Lab lab) {
        String[] parts = text.strip().split("\\s*[,x×]\\s*");
        try {
            if (parts.length == 2) {
                int row = Integer.parseInt(parts[0]);
                int column = Integer.parseInt(parts[1]);
                if (row > 0 && column > 0) {
                    return new Verdicts.CellRef(row, column);
                }
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new Lab.SetupError(lab.msg.get("probe.badCell", text));
    }

    private static Verdicts.Probe write(Verdicts.Probe p, Path file, ProbePlot plot) {
        try {
            AtomicWrite.text(file, plot.svg());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.withPlot(Workspace.display(file));
    }
}
