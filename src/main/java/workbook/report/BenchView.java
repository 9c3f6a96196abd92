package workbook.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import workbook.story.Bench;
import workbook.words.Messages;

/** The measurement with processes: a table per workload (a row per backend and variant, a column per worker count), and an SVG of the rates. */
public final class BenchView {
    private BenchView() {}

    /** One cell as it is done: the line that says the measurement goes on. */
    public static String progress(Bench.Cell c, Messages msg) {
        return msg.get("bench.cell", c.workload(), c.backend(), c.variant(), c.workers(),
                c.failure() != null ? msg.get("bench.failed", c.failure()) : msg.get("bench.value", rate(c), c.doubles()));
    }

    private static String rate(Bench.Cell c) {
        return String.format(Locale.ROOT, "%.0f", c.rate());
    }

    public static void table(Bench.Spec spec, List<Bench.Cell> cells, Messages msg, PrintStream out) {
        Terminal term = new Terminal();
        out.println(term.bold(msg.get("bench.title")));
        int label = 34;
        int col = 12;
        for (String workload : spec.workloads().keySet()) {
            out.println();
            out.println(term.bold(spec.workloads().get(workload).in(msg.lang())));
            StringBuilder head = new StringBuilder(Terminal.pad(msg.get("bench.workers"), label));
            spec.sizes().forEach(n -> head.append(Terminal.pad(String.valueOf(n), col)));
            out.println(term.dim(head.toString().stripTrailing()));
            for (Bench.Backend b : spec.backends()) {
                for (String variant : spec.variants().keySet()) {
                    List<Bench.Cell> row = cells.stream().filter(c -> c.workload().equals(workload)
                            && c.backend().equals(b.id()) && c.variant().equals(variant)).toList();
                    if (row.isEmpty()) {
                        continue;
                    }
                    String name = b.label().in(msg.lang()) + " · " + (variant.equals(Bench.REFERENCE) ? msg.get("bench.reference") : variant);
                    StringBuilder line = new StringBuilder(Terminal.pad(cut(name, label - 1), label));
                    for (int n : spec.sizes()) {
                        String v = row.stream().filter(c -> c.workers() == n).findFirst()
                                .map(c -> c.failure() != null ? "n/a" : rate(c) + "/s·" + c.doubles()).orElse("");
                        String shown = v.endsWith("·0") || v.equals("n/a") ? v : term.red(v);
                        line.append(shown).append(" ".repeat(Math.max(1, col - Terminal.width(v))));
                    }
                    if (Terminal.columns() < label + col * spec.sizes().size()) {
                        out.println(name);
                        out.println("  " + line.substring(Math.min(line.length(), label)).stripTrailing());
                    } else {
                        out.println(line.toString().stripTrailing());
                    }
                }
            }
        }
        out.println();
        Terminal.fit(term.dim(msg.get("bench.legend")), 0).forEach(out::println);
        cells.stream().filter(c -> c.failure() != null).limit(3)
                .forEach(c -> Terminal.fit("n/a: " + c.variant() + " " + c.workload() + " " + c.backend() + " " + c.workers()
                        + " — " + c.failure(), 2).forEach(out::println));
    }

    /** The rates as lines over the worker counts, one chart per workload; a series with double grants is drawn dashed. */
    public static String svg(Bench.Spec spec, List<Bench.Cell> cells, Messages msg) {
        String[] colors = {"#1f77b4", "#2ca02c", "#d62728", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"};
        int w = 800;
        int h = 300;
        StringBuilder s = new StringBuilder();
        int charts = spec.workloads().size();
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(w).append("\" height=\"").append(h * charts + 20)
                .append("\" font-family=\"sans-serif\" font-size=\"12\">\n");
        int k = 0;
        for (String workload : spec.workloads().keySet()) {
            int top = k++ * h + 10;
            Map<String, List<Bench.Cell>> series = new LinkedHashMap<>();
            for (Bench.Cell c : cells) {
                if (c.workload().equals(workload) && c.failure() == null) {
                    series.computeIfAbsent(c.backend() + " · " + c.variant(), x -> new ArrayList<>()).add(c);
                }
            }
            double max = Math.max(1, series.values().stream().flatMap(List::stream).mapToDouble(Bench.Cell::rate).max().orElse(1));
            s.append("<text x=\"10\" y=\"").append(top + 14).append("\" font-weight=\"bold\">").append(esc(spec.workloads().get(workload).in(msg.lang())))
                    .append("</text>\n");
            int x0 = 60;
            int y0 = top + h - 40;
            int plotW = 330;
            int plotH = h - 80;
            s.append("<line x1=\"").append(x0).append("\" y1=\"").append(y0).append("\" x2=\"").append(x0 + plotW).append("\" y2=\"").append(y0)
                    .append("\" stroke=\"#333\"/>\n<line x1=\"").append(x0).append("\" y1=\"").append(y0).append("\" x2=\"").append(x0)
                    .append("\" y2=\"").append(y0 - plotH).append("\" stroke=\"#333\"/>\n");
            s.append("<text x=\"").append(x0 - 5).append("\" y=\"").append(y0 - plotH + 4).append("\" text-anchor=\"end\">")
                    .append(String.format(Locale.ROOT, "%.0f", max)).append("</text>\n");
            s.append("<text x=\"").append(x0 - 5).append("\" y=\"").append(y0 + 4).append("\" text-anchor=\"end\">0</text>\n");
            List<Integer> sizes = spec.sizes();
            for (int i = 0; i < sizes.size(); i++) {
                int x = x0 + (sizes.size() == 1 ? 0 : i * plotW / (sizes.size() - 1));
                s.append("<text x=\"").append(x).append("\" y=\"").append(y0 + 16).append("\" text-anchor=\"middle\">")
                        .append(sizes.get(i)).append("</text>\n");
            }
            s.append("<text x=\"").append(x0 + plotW / 2).append("\" y=\"").append(y0 + 32).append("\" text-anchor=\"middle\">")
                    .append(esc(msg.get("bench.axis"))).append("</text>\n");
            int j = 0;
            for (Map.Entry<String, List<Bench.Cell>> e : series.entrySet()) {
                String color = colors[j % colors.length];
                boolean doubles = e.getValue().stream().anyMatch(c -> c.doubles() > 0);
                StringBuilder pts = new StringBuilder();
                for (Bench.Cell c : e.getValue()) {
                    int i = sizes.indexOf(c.workers());
                    int x = x0 + (sizes.size() == 1 ? 0 : i * plotW / (sizes.size() - 1));
                    int y = (int) (y0 - c.rate() / max * plotH);
                    pts.append(x).append(',').append(y).append(' ');
                }
                s.append("<polyline fill=\"none\" stroke=\"").append(color).append("\" stroke-width=\"2\"")
                        .append(doubles ? " stroke-dasharray=\"6,4\"" : "").append(" points=\"").append(pts.toString().trim()).append("\"/>\n");
                int ly = top + 30 + j * 16;
                long dbl = e.getValue().stream().mapToLong(Bench.Cell::doubles).sum();
                s.append("<line x1=\"410\" y1=\"").append(ly - 4).append("\" x2=\"430\" y2=\"").append(ly - 4).append("\" stroke=\"")
                        .append(color).append("\" stroke-width=\"2\"").append(doubles ? " stroke-dasharray=\"6,4\"" : "").append("/>\n");
                s.append("<text x=\"435\" y=\"").append(ly).append("\">").append(esc(e.getKey() + (dbl > 0 ? " (" + msg.get("bench.doubles", dbl) + ")" : "")))
                        .append("</text>\n");
                j++;
            }
        }
        return s.append("</svg>\n").toString();
    }

    /** {@code s} cut to {@code width} columns, with … where it was cut. */
    private static String cut(String s, int width) {
        if (Terminal.width(s) <= width) {
            return s;
        }
        StringBuilder b = new StringBuilder();
        for (int cp : s.codePoints().toArray()) {
            if (Terminal.width(b.toString()) + Terminal.cells(cp) > width - 1) {
                break;
            }
            b.appendCodePoint(cp);
        }
        return b.append('…').toString();
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
