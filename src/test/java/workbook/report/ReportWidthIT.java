package workbook.report;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.catalogue.Text;
import workbook.verdict.Reason;
import workbook.verdict.SubmissionVerdict;
import workbook.verdict.Verdicts;
import workbook.words.Messages;

/**
 * {@code report.html} in a real browser: headless Chromium lays it out at a phone's width (390 px) and a laptop's
 * (1280 px), and the page itself never scrolls sideways (a wide table scrolls inside its own box). Skipped where no
 * Chromium is installed ({@code apt-get install chromium}); {@code bench/report-width.sh} does the same by hand and
 * keeps screenshots.
 */
class ReportWidthIT {
    @TempDir Path dir;

    /** A class of 30 students with long notes and 40 mutants: wider than a phone in every table. */
    static Verdicts.ClassGrade wideClass() {
        List<Verdicts.Submission> subs = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            subs.add(new Verdicts.Submission("student-with-a-long-name-" + i, SubmissionVerdict.PARTIAL, 3, 8, 5, 7, 20,
                    40, 12_345, Reason.asIs("step 4: 경계 now == until은 다시 가져갈 수 있다 — 임대는 until에 만료된다 — "
                    + "B가 now == until == 15 시점에 claim — 기대: OptionalLong[2], 실제: OptionalLong.empty @ "
                    + "student-" + i + "/lease/Jobs.java:113 (claim)"), null, null));
        }
        List<Verdicts.StepInfo> steps = new ArrayList<>();
        for (int s = 1; s <= 8; s++) {
            steps.add(new Verdicts.StepInfo(s, "step-" + s, Text.same("만료된 임대를 원자적으로 가져간다 " + s)));
        }
        List<Verdicts.MutantInfo> mutants = new ArrayList<>();
        for (int m = 0; m < 40; m++) {
            mutants.add(new Verdicts.MutantInfo(String.format("%02d-a-rather-long-mutant-id-%d", m % 8 + 1, m), m % 8 + 1,
                    "doc", Text.same("renew가 state로 읽어 Java에서 검사한 뒤 WHERE id = ?만으로 쓴다")));
        }
        return new Verdicts.ClassGrade("grade", "lease", subs, steps, mutants, 2, 100_000);
    }

    static Path chromium() {
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
                Path p = Path.of(d, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    /**
     * The page's scroll width in a viewport {@code width} px wide, as Chromium lays it out. Headless Chromium's window
     * is at least 500 px, so the page is laid out in an iframe of that width (its media queries see that width).
     */
    static int scrollWidth(Path chromium, Path page, int width, Path dir) throws IOException, InterruptedException {
        // The report holds no script (it is self-contained and inert); a copy gets one that writes the width down.
        String html = Files.readString(page, StandardCharsets.UTF_8).replace("</body>",
                "<script>document.title='W='+document.documentElement.scrollWidth+' of '+innerWidth</script></body>");
        Path probe = dir.resolve("probe-" + width + ".html");
        Files.writeString(probe, html, StandardCharsets.UTF_8);
        Path outer = dir.resolve("outer-" + width + ".html");
        Files.writeString(outer, "<html><body style=\"margin:0\"><iframe id=\"f\" src=\"" + probe.getFileName()
                + "\" style=\"width:" + width + "px;height:900px;border:0\"></iframe><script>document.getElementById('f')"
                + ".onload=function(){document.title='OUT '+frames[0].document.title}</script></body></html>",
                StandardCharsets.UTF_8);
        Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--hide-scrollbars", "--allow-file-access-from-files", "--window-size=" + Math.max(width + 40, 800) + ",1000",
                "--virtual-time-budget=3000", "--dump-dom", outer.toUri().toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        Matcher m = Pattern.compile("OUT W=(\\d+) of (\\d+)").matcher(dom);
        assertTrue(m.find(), "Chromium laid the page out: " + dom.substring(0, Math.min(300, dom.length())));
        assertTrue(Integer.parseInt(m.group(2)) == width, "the viewport is " + m.group(2) + " px, not " + width);
        return Integer.parseInt(m.group(1));
    }

    @Test
    void thePageNeverScrollsSidewaysOnAPhoneOrALaptop() throws Exception {
        Path chromium = chromium();
        assumeTrue(chromium != null, "no Chromium here (apt-get install chromium)");
        for (String lang : List.of("ko", "en")) {
            Path page = dir.resolve("report-" + lang + ".html");
            Files.writeString(page, ClassReport.of(wideClass(), Messages.of(lang)), StandardCharsets.UTF_8);
            for (int width : List.of(390, 1280)) {
                int scroll = scrollWidth(chromium, page, width, dir);
                assertTrue(scroll <= width, lang + " at " + width + " px: the page is " + scroll + " px wide");
            }
        }
    }
}
