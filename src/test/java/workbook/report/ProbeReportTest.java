package workbook.report;

import workbook.catalogue.Text;
import workbook.verdict.Reason;
import workbook.words.Messages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import workbook.verdict.Verdicts;

/** The probe's table and plot, from a made-up measurement (pure layout; the end-to-end run is in the lab's test). */
class ProbeReportTest {
    private static Verdicts.Probe sample() {
        List<Verdicts.ProbeCell> zero = new ArrayList<>();
        List<Verdicts.ProbeCell> lossy = new ArrayList<>();
        for (int w : new int[] {1, 2}) {
            for (int f = 1; f <= 3; f++) {
                zero.add(new Verdicts.ProbeCell(w, f, Map.of("lost", 0L, "duplicates", 0L)));
                lossy.add(new Verdicts.ProbeCell(w, f, Map.of("lost", (long) (w * f), "duplicates", 0L)));
            }
        }
        return new Verdicts.Probe("probe", 7, "workers", "failovers", List.of("lost", "duplicates"), List.of(
                new Verdicts.ProbeVariant("reference", "reference", Reason.asIs("the reference"), "measured", null, zero),
                new Verdicts.ProbeVariant("03-mark-on-read", "mutant", Reason.asIs("the mark <moves> on read"), "measured", null,
                        lossy),
                new Verdicts.ProbeVariant("yours", "yours", Reason.asIs("your code"), "notRun",
                        Reason.asIs("not yet: step 3"), List.of())),
                null, List.of(), "probe.svg", 10);
    }

    /** A learner's build with one cell that threw and rows like a mutant's: named under its table, with a replay. */
    @Test
    void theWorstCellIsNamedWithItsReplayAndAMutantWithTheSameRowsIsSaid() {
        List<Verdicts.ProbeCell> zero = new ArrayList<>();
        List<Verdicts.ProbeCell> lossy = new ArrayList<>();
        List<Verdicts.ProbeCell> yours = new ArrayList<>();
        for (int w : new int[] {1, 2}) {
            for (int f = 1; f <= 3; f++) {
                zero.add(new Verdicts.ProbeCell(w, f, Map.of("lost", 0L, "duplicates", 0L)));
                lossy.add(new Verdicts.ProbeCell(w, f, Map.of("lost", (long) f, "duplicates", 0L)));
                yours.add(w == 2 && f == 3 ? Verdicts.ProbeCell.threw(w, f, "IllegalStateException: stuck")
                        : new Verdicts.ProbeCell(w, f, Map.of("lost", (long) (f + 1), "duplicates", 0L)));
            }
        }
        List<Verdicts.ProbeVariant> variants = List.of(
                Verdicts.ProbeVariant.measured("reference", "reference", Reason.asIs("the reference"), 0, zero),
                Verdicts.ProbeVariant.measured("03-mark-on-read", "mutant", Reason.asIs("marks on read"), 3, lossy),
                Verdicts.ProbeVariant.measured("yours", "yours", Reason.asIs("your code"), 0, yours));
        assertEquals(2, variants.get(2).worst().row(), "a cell that threw comes first");
        assertEquals(3, variants.get(2).worst().column());
        assertEquals(List.of(1), variants.get(2).rowsLike(variants.get(1)), "row 1 loses in the same cells; row 2 threw in one");
        Verdicts.Probe p = new Verdicts.Probe("probe", 7, "workers", "failovers", List.of("lost", "duplicates"), variants,
                null, List.of(new Verdicts.Resemblance("03-mark-on-read", Reason.asIs("marks on read"), 3, List.of(1))), null, 10);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new ProbeTable(Messages.of("en"), new PrintStream(bytes, true, StandardCharsets.UTF_8), n -> n, "./workbook probe --seed 7")
                .print(p);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("  workers 2") && l.contains(" !")), out);
        assertTrue(out.contains("workers 2 × failovers 3: IllegalStateException: stuck"), out);
        assertTrue(out.contains("Worst cell: workers 2 × failovers 3"), out);
        assertTrue(out.contains("./workbook probe --seed 7 --cell 2,3"), out);
        assertTrue(out.contains("Your code loses what 03-mark-on-read loses, in the same cells (workers 1)"), out);
        assertTrue(out.contains("step 3"), out);
    }

    @Test
    void theTableHasOneLinePerRowValueWithItsCellsAndTotal() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new ProbeTable(Messages.of("en"), new PrintStream(bytes, true, StandardCharsets.UTF_8), n -> n, null).print(sample());
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("seed 7"), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("  workers 2") && l.contains("2/0") && l.contains("4/0")
                && l.contains("6/0") && l.endsWith("│ 12/0")), out);
        assertTrue(out.contains("03-mark-on-read — the mark <moves> on read  (lost 18, duplicates 0)"), out);
        assertTrue(out.contains("not measured: not yet: step 3"), out);
    }

    @Test
    void thePlotIsWellFormedSvgWithAPanelPerMeasureAndRowAndALegendLinePerMeasuredBuild() throws Exception {
        String svg = new ProbePlot(sample(), n -> n, Messages.of("en")).svg();
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", doc.getDocumentElement().getNodeName());
        assertEquals(2 * 2, doc.getElementsByTagName("polyline").getLength() / 2, "a line per build in each of 4 panels");
        assertTrue(svg.contains("the mark &lt;moves&gt; on read"), "legend text is escaped");
        assertTrue(svg.contains("lost · workers 2") && svg.contains("duplicates · workers 1"), svg);
        assertEquals(svg, new ProbePlot(sample(), n -> n, Messages.of("en")).svg(), "the same probe draws the same bytes");
    }

    /** No legend is cut however long its words, and two builds that measure the same never draw one line. */
    @Test
    void everyLegendIsWholeAndNoLineHidesAnother() {
        String svg = new ProbePlot(sample(), n -> n.equals("duplicates") ? "중복 이벤트 (같은 이벤트가 두 번 적용된 수)"
                : n.equals("lost") ? "잃은 이벤트 (한 번도 적용되지 않은 수)" : n, Messages.of("ko")).svg();
        assertTrue(!svg.contains("…"), "a legend cut short:\n" + svg);
        assertTrue(svg.contains("중복 이벤트 (같은 이벤트가 두 번 적용된 수)") || svg.contains("중복 이벤트 (같은 이벤트가"), svg);
        List<String> lines = svg.lines().filter(l -> l.startsWith("<polyline")).map(l -> l.replaceAll(".*points=\"", ""))
                .toList();
        assertEquals(lines.size(), new java.util.HashSet<>(lines).size(), "two builds drew the very same line:\n" + svg);
    }

    @Test
    void gridStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        assertEquals(1, ProbePlot.niceStep(1));
        assertEquals(1, ProbePlot.niceStep(5));
        assertEquals(2, ProbePlot.niceStep(7));
        assertEquals(5, ProbePlot.niceStep(18));
        assertEquals(20, ProbePlot.niceStep(90));
    }
}
