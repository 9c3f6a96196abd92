package workbook.report;

import workbook.words.Messages;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;
import workbook.verdict.Verdicts;

/**
 * A probe as an SVG picture: small multiples, one panel per measure (down) and per row value (across), the column
 * dimension on each x axis, the count on each y axis (one scale per measure, so panels compare), and one line per
 * measured build with a shared legend. Deterministic: the same probe gives the same bytes.
 */
public final class ProbePlot {
    private static final String[] COLORS = {"#d62728", "#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b",
            "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"};
    private static final int PANEL_W = 240;
    private static final int PANEL_H = 170;
    private static final int LEFT = 70;
    private static final int TOP = 86;
    private static final int GAP_X = 64;
    private static final int GAP_Y = 70;

    private final Verdicts.Probe probe;
    private final Function<String, String> label;
    private final Messages msg;

    /** @param label the word for a dimension or a measure in the chosen language */
    public ProbePlot(Verdicts.Probe probe, Function<String, String> label, Messages msg) {
        this.probe = probe;
        this.label = label;
        this.msg = msg;
    }

    public String svg() {
        List<Verdicts.ProbeVariant> drawn = probe.variants().stream().filter(v -> !v.cells().isEmpty()).toList();
        List<Integer> rows = new ArrayList<>(new TreeSet<>(drawn.stream().flatMap(v -> v.cells().stream())
                .map(Verdicts.ProbeCell::row).toList()));
        List<Integer> columns = new ArrayList<>(new TreeSet<>(drawn.stream().flatMap(v -> v.cells().stream())
                .map(Verdicts.ProbeCell::column).toList()));
        int panelsAcross = Math.max(1, rows.size());
        int width = LEFT + panelsAcross * (PANEL_W + GAP_X) + 20;
        int legendTop = TOP + probe.measures().size() * (PANEL_H + GAP_Y);
        // Each legend entry whole, over as many lines as it needs: a name is never cut.
        int chars = Math.max(30, (width - LEFT - 60) / 7);
        List<List<String>> legends = drawn.stream().map(v -> Terminal.wrap(legend(v), chars)).toList();
        int height = legendTop + legends.stream().mapToInt(l -> 24 + 15 * (l.size() - 1)).sum() + 30;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", width, height, width, height));
        s.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
        s.append(text(LEFT, 28, 18, "start", "bold", msg.get("probe.plot.title", label.apply(probe.measures().get(0)),
                probe.measures().size() > 1 ? label.apply(probe.measures().get(1)) : "", label.apply(probe.columns()))));
        s.append(text(LEFT, 48, 12, "start", "normal", msg.get("probe.plot.subtitle", probe.seed(),
                label.apply(probe.rows()), label.apply(probe.columns()))));
        for (int m = 0; m < probe.measures().size(); m++) {
            String measure = probe.measures().get(m);
            long max = Math.max(1, drawn.stream().flatMap(v -> v.cells().stream())
                    .mapToLong(c -> c.counts().getOrDefault(measure, 0L)).max().orElse(0));
            long step = niceStep(max);
            long top = ((max + step - 1) / step) * step;
            for (int r = 0; r < rows.size(); r++) {
                int x0 = LEFT + r * (PANEL_W + GAP_X);
                int y0 = TOP + m * (PANEL_H + GAP_Y);
                panel(s, x0, y0, measure, rows.get(r), columns, top, step, drawn);
            }
        }
        int y = legendTop;
        for (int i = 0; i < drawn.size(); i++) {
            Verdicts.ProbeVariant v = drawn.get(i);
            s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                    + "stroke-width=\"%s\"%s/>%n", LEFT, y, LEFT + 30, y, color(i, v), width(v), dash(v)));
            s.append(marker(LEFT + 15, y, i, v));
            List<String> lines = legends.get(i);
            for (int k = 0; k < lines.size(); k++) {
                s.append(text(LEFT + 40, y + 4 + 15 * k, 12, "start", "normal", lines.get(k)));
            }
            y += 24 + 15 * (lines.size() - 1);
        }
        s.append("</svg>\n");
        return s.toString();
    }

    private void panel(StringBuilder s, int x0, int y0, String measure, int row, List<Integer> columns, long top,
                       long step, List<Verdicts.ProbeVariant> drawn) {
        s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fafafa\" "
                + "stroke=\"#999\"/>%n", x0, y0, PANEL_W, PANEL_H));
        s.append(text(x0 + PANEL_W / 2, y0 - 8, 13, "middle", "bold", label.apply(measure) + " · "
                + label.apply(probe.rows()) + " " + row));
        for (long t = 0; t <= top; t += step) {
            double y = y(t, top, y0);
            s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#e3e3e3\"/>%n",
                    x0, y, x0 + PANEL_W, y));
            s.append(text(x0 - 6, (int) Math.round(y) + 4, 11, "end", "normal", Long.toString(t)));
        }
        for (int c : columns) {
            double x = x(c, columns, x0);
            s.append(text((int) Math.round(x), y0 + PANEL_H + 16, 11, "middle", "normal", Integer.toString(c)));
        }
        s.append(text(x0 + PANEL_W / 2, y0 + PANEL_H + 34, 12, "middle", "normal", label.apply(probe.columns())));
        s.append(verticalText(x0 - 40, y0 + PANEL_H / 2, msg.get("probe.plot.yAxis", label.apply(measure))));
        // The reference last, so it stays visible where lines overlap at zero.
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < drawn.size(); i++) {
            if (!"reference".equals(drawn.get(i).kind())) {
                order.add(i);
            }
        }
        for (int i = 0; i < drawn.size(); i++) {
            if ("reference".equals(drawn.get(i).kind())) {
                order.add(i);
            }
        }
        for (int i : order) {
            Verdicts.ProbeVariant v = drawn.get(i);
            // Builds that measure the same (all zero, say) would draw one line over another: each is set off by a
            // pixel or two, so every line stays in sight; the axis is far coarser than that.
            double dodge = (i - (drawn.size() - 1) / 2.0) * 1.5;
            StringBuilder points = new StringBuilder();
            StringBuilder marks = new StringBuilder();
            v.cells().stream().filter(c -> c.row() == row && !c.threwUp()).sorted(java.util.Comparator.comparingInt(Verdicts.ProbeCell::column))
                    .forEach(c -> {
                        double x = x(c.column(), columns, x0);
                        double y = y(c.counts().getOrDefault(measure, 0L), top, y0) + dodge;
                        points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                        marks.append(marker((int) Math.round(x), (int) Math.round(y), i, v));
                    });
            s.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s "
                    + "points=\"%s\"/>%n", color(i, v), width(v), dash(v), points.toString().trim()));
            s.append(marks);
        }
    }

    private static double x(int column, List<Integer> columns, int x0) {
        int i = columns.indexOf(column);
        return columns.size() == 1 ? x0 + PANEL_W / 2.0 : x0 + 12 + i * (PANEL_W - 24.0) / (columns.size() - 1);
    }

    private static double y(long value, long top, int y0) {
        return y0 + PANEL_H - 8 - value * (PANEL_H - 16.0) / top;
    }

    /** 1, 2 or 5 times a power of ten, giving at most five gridlines up to {@code max}. */
    static long niceStep(long max) {
        long p = 1;
        while (true) {
            for (long f : new long[] {1, 2, 5}) {
                if (max / (f * p) <= 5) {
                    return f * p;
                }
            }
            p *= 10;
        }
    }

    private String legend(Verdicts.ProbeVariant v) {
        String name = "reference".equals(v.kind()) || "yours".equals(v.kind()) ? msg.text(v.description()) : v.id() + " — " + msg.text(v.description());
        StringBuilder totals = new StringBuilder();
        for (String m : probe.measures()) {
            totals.append(totals.length() == 0 ? "" : ", ").append(label.apply(m)).append(' ').append(v.total(m));
        }
        return name + " (" + msg.get("probe.plot.total", totals) + ")";
    }


    private static String color(int i, Verdicts.ProbeVariant v) {
        return "reference".equals(v.kind()) ? "#000000" : COLORS[i % COLORS.length];
    }

    private static String width(Verdicts.ProbeVariant v) {
        return "reference".equals(v.kind()) ? "2.5" : "1.8";
    }

    private static String dash(Verdicts.ProbeVariant v) {
        return "yours".equals(v.kind()) ? " stroke-dasharray=\"6 3\"" : "";
    }

    /** A different marker shape per build, so lines that overlap can still be told apart. */
    private static String marker(int x, int y, int i, Verdicts.ProbeVariant v) {
        String c = color(i, v);
        return switch (i % 4) {
            case 0 -> String.format(Locale.ROOT, "<circle cx=\"%d\" cy=\"%d\" r=\"3\" fill=\"%s\"/>%n", x, y, c);
            case 1 -> String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"6\" height=\"6\" fill=\"%s\"/>%n", x - 3, y - 3, c);
            case 2 -> String.format(Locale.ROOT, "<path d=\"M%d %d L%d %d L%d %d Z\" fill=\"%s\"/>%n", x, y - 4, x + 4, y + 3, x - 4, y + 3, c);
            default -> String.format(Locale.ROOT, "<path d=\"M%d %d L%d %d L%d %d L%d %d Z\" fill=\"none\" stroke=\"%s\"/>%n",
                    x, y - 4, x + 4, y, x, y + 4, x - 4, y, c);
        };
    }

    private static String text(int x, int y, int size, String anchor, String weight, String text) {
        return String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"%s\" font-weight=\"%s\">%s</text>%n",
                x, y, size, anchor, weight, escape(text));
    }

    private static String verticalText(int x, int y, String text) {
        return String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 %d %d)\">%s</text>%n", x, y, x, y, escape(text));
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
