package workbook.report;

import workbook.words.Messages;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import workbook.verdict.MutantStatus;
import workbook.verdict.StepStatus;
import workbook.verdict.SubmissionVerdict;
import workbook.verdict.Verdicts;

/**
 * {@code report.html}: one self-contained page about a graded class (inline style, no script, no link to anything),
 * so it opens offline from {@code file://}. It holds the verdict counts, the students, the kill matrix (students ×
 * mutants), the steps failed most often and the mutants that survive most often.
 */
public final class ClassReport {
    private final Messages msg;
    private final StringBuilder out = new StringBuilder();

    private ClassReport(Messages msg) {
        this.msg = msg;
    }

    public static String of(Verdicts.ClassGrade grade, Messages msg) {
        return new ClassReport(msg).page(grade);
    }

    private String page(Verdicts.ClassGrade g) {
        out.append("<!DOCTYPE html>\n<html lang=\"").append(msg.lang()).append("\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
                .append(esc(msg.get("grade.html.title", g.lab()))).append("</title>\n<style>\n").append(STYLE)
                .append("</style>\n</head>\n<body>\n");
        out.append("<h1>").append(esc(msg.get("grade.html.title", g.lab()))).append("</h1>\n<p class=\"meta\">")
                .append(esc(msg.get("grade.html.meta", g.submissions().size(), g.jobs(),
                        String.format(Locale.ROOT, "%.1f", g.millis() / 1000.0))))
                .append("</p>\n");
        counts(g);
        students(g);
        matrix(g);
        stepsFailed(g);
        survivors(g);
        out.append("</body>\n</html>\n");
        return out.toString();
    }

    private void counts(Verdicts.ClassGrade g) {
        Map<SubmissionVerdict, Long> by = g.submissions().stream()
                .collect(Collectors.groupingBy(Verdicts.Submission::verdict, Collectors.counting()));
        out.append("<ul class=\"counts\">\n");
        for (SubmissionVerdict v : SubmissionVerdict.values()) {
            if (by.containsKey(v)) {
                out.append("<li class=\"v-").append(v.wire()).append("\">").append(esc(msg.get("grade.verdict." + v.wire())))
                        .append(" <b>").append(by.get(v)).append("</b></li>\n");
            }
        }
        out.append("</ul>\n");
    }

    private void students(Verdicts.ClassGrade g) {
        // In a scroll box of its own: on a phone the table scrolls sideways, never the page.
        out.append("<h2>").append(esc(msg.get("grade.html.students"))).append("</h2>\n<div class=\"scroll\"><table class=\"students\">\n<tr>");
        for (String h : List.of("student", "verdict", "steps", "tests", "killed", "seconds", "message")) {
            out.append("<th>").append(esc(msg.get("grade.col." + h))).append("</th>");
        }
        out.append("</tr>\n");
        for (Verdicts.Submission s : g.submissions()) {
            out.append("<tr><td>").append(esc(s.student())).append("</td><td class=\"v-").append(s.verdict().wire())
                    .append("\">").append(esc(msg.get("grade.verdict." + s.verdict().wire()))).append("</td><td>")
                    .append(s.stepsPassed()).append('/').append(s.steps()).append("</td><td>").append(s.testsValid())
                    .append('/').append(s.tests()).append("</td><td>").append(s.killed()).append('/')
                    .append(s.mutantsTotal()).append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.1f", s.millis() / 1000.0)).append("</td><td>")
                    .append(esc(s.reason() == null ? "" : Notes.of(msg, s.reason()))).append("</td></tr>\n");
        }
        out.append("</table></div>\n");
    }

    /** Students × mutants: ● killed, ○ survived, blank when the student's tests did not reach that mutant. */
    private void matrix(Verdicts.ClassGrade g) {
        out.append("<h2>").append(esc(msg.get("grade.html.matrix"))).append("</h2>\n<p class=\"legend\">")
                .append(esc(msg.get("grade.html.legend"))).append("</p>\n<div class=\"scroll\"><table class=\"matrix\">\n<tr><th></th>");
        for (Verdicts.MutantInfo m : g.mutants()) {
            out.append("<th title=\"").append(esc(m.id() + ": " + msg.text(m.description()))).append("\"><span>")
                    .append(esc(m.id())).append("</span></th>");
        }
        out.append("</tr>\n");
        for (Verdicts.Submission s : g.submissions()) {
            Map<String, Verdicts.MutantVerdict> verdict = s.mutants() == null ? Map.of() : s.mutants().mutants().stream()
                    .collect(Collectors.toMap(Verdicts.MutantVerdict::id, v -> v, (a, b) -> a));
            out.append("<tr><th>").append(esc(s.student())).append("</th>");
            for (Verdicts.MutantInfo m : g.mutants()) {
                Verdicts.MutantVerdict v = verdict.get(m.id());
                MutantStatus st = v == null ? null : v.status();
                // a survivor that no valid test ran: the tests never went there, which is not the same as missing it
                boolean unreached = st == MutantStatus.SURVIVED && v.reachedBy().isEmpty();
                String cls = st == null ? "none" : st == MutantStatus.KILLED ? "killed" : unreached ? "unreached"
                        : st == MutantStatus.SURVIVED ? "survived" : "error";
                String mark = st == null ? "" : st == MutantStatus.KILLED ? "●" : unreached ? "–"
                        : st == MutantStatus.SURVIVED ? "○" : "!";
                String said = st == null ? "" : " · " + msg.get(unreached ? "grade.mutant.unreached" : "grade.mutant." + st.wire());
                out.append("<td class=\"").append(cls).append("\" title=\"").append(esc(s.student() + " · " + m.id() + said))
                        .append("\">").append(mark).append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</table></div>\n");
    }

    private void stepsFailed(Verdicts.ClassGrade g) {
        Map<Integer, Long> failed = g.submissions().stream().filter(s -> s.check() != null)
                .flatMap(s -> s.check().steps().stream())
                .filter(v -> v.status() == StepStatus.FAILED || v.status() == StepStatus.ERROR)
                .collect(Collectors.groupingBy(Verdicts.StepVerdict::step, Collectors.counting()));
        long graded = g.submissions().stream().filter(s -> s.check() != null).count();
        out.append("<h2>").append(esc(msg.get("grade.html.stepsFailed"))).append("</h2>\n<p class=\"legend\">")
                .append(esc(msg.get("grade.html.stepsOf", graded))).append("</p>\n");
        ranked(g.steps(), s -> failed.getOrDefault(s.step(), 0L), graded,
                s -> msg.get("grade.html.step", s.step(), s.title()), s -> msg.get("grade.html.stepShort", s.step()));
    }

    private void survivors(Verdicts.ClassGrade g) {
        Map<String, Long> survived = g.submissions().stream().filter(s -> s.mutants() != null)
                .flatMap(s -> s.mutants().mutants().stream()).filter(m -> m.status() == MutantStatus.SURVIVED)
                .collect(Collectors.groupingBy(Verdicts.MutantVerdict::id, Collectors.counting()));
        long tested = g.submissions().stream().filter(s -> s.mutants() != null && !s.mutants().mutants().isEmpty()).count();
        out.append("<h2>").append(esc(msg.get("grade.html.survivors"))).append("</h2>\n<p class=\"legend\">")
                .append(esc(msg.get("grade.html.survivorsOf", tested))).append("</p>\n");
        ranked(g.mutants(), m -> survived.getOrDefault(m.id(), 0L), tested,
                m -> msg.get("grade.html.mutant", m.id(), m.step(), m.description()), Verdicts.MutantInfo::id);
    }

    /** At most this many rows of counts in a ranking; the rest are summed up in one line. */
    static final int RANKED_ROWS = 10;

    /**
     * Items by their count, highest first, with a bar; those counted zero times are left out. Items with the same
     * count share one row, by their short names (the long one on hover), so a tie ranks nothing it cannot.
     */
    private <T> void ranked(List<T> items, Function<T, Long> count, long of, Function<T, String> label,
                            Function<T, String> shortName) {
        java.util.TreeMap<Long, List<T>> byCount = items.stream().filter(i -> count.apply(i) > 0)
                .collect(Collectors.groupingBy(count, () -> new java.util.TreeMap<>(Comparator.reverseOrder()),
                        Collectors.toList()));
        if (byCount.isEmpty()) {
            out.append("<p>").append(esc(msg.get("grade.html.none"))).append("</p>\n");
            return;
        }
        out.append("<div class=\"scroll\"><table class=\"ranked\">\n");
        int rows = 0;
        for (Map.Entry<Long, List<T>> e : byCount.entrySet()) {
            if (rows++ == RANKED_ROWS) {
                int left = byCount.tailMap(e.getKey(), true).values().stream().mapToInt(List::size).sum();
                out.append("<tr><td></td><td></td><td class=\"legend\">")
                        .append(esc(msg.get("grade.html.moreRanked", left, e.getKey(), of))).append("</td></tr>\n");
                break;
            }
            long n = e.getKey();
            int pct = of == 0 ? 0 : (int) Math.round(100.0 * n / of);
            out.append("<tr><td class=\"n\">").append(n).append('/').append(of).append("</td><td class=\"bar\"><div style=\"width:")
                    .append(pct).append("%\"></div></td><td>");
            List<T> tied = e.getValue();
            if (tied.size() == 1) {
                out.append(esc(label.apply(tied.get(0))));
            } else {
                out.append(esc(msg.get("grade.html.tied", tied.size()))).append(' ');
                for (int k = 0; k < tied.size(); k++) {
                    out.append(k == 0 ? "" : ", ").append("<span title=\"").append(esc(label.apply(tied.get(k))))
                            .append("\">").append(esc(shortName.apply(tied.get(k)))).append("</span>");
                }
            }
            out.append("</td></tr>\n");
        }
        out.append("</table></div>\n");
    }

    /** Text for HTML content and attribute values. */
    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> {
            switch (cp) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    if (cp < 0x20 && cp != '\n' && cp != '\t') {
                        b.append(' ');
                    } else {
                        b.appendCodePoint(cp);
                    }
                }
            }
        });
        return b.toString();
    }

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI","Noto Sans KR","Apple SD Gothic Neo",sans-serif;margin:2rem;color:#1a1a1a;max-width:80rem}
            h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.2rem;margin-top:2rem}
            .meta,.legend{color:#555}
            table{border-collapse:collapse}th,td{padding:.25rem .5rem;border-bottom:1px solid #e4e4e4;text-align:left;vertical-align:top}
            .students td:nth-child(n+3):nth-child(-n+6){text-align:right;font-variant-numeric:tabular-nums}
            .students th,.students td:nth-child(-n+6){white-space:nowrap}
            .counts{display:flex;gap:1rem;list-style:none;padding:0;flex-wrap:wrap}.counts li{padding:.3rem .7rem;border-radius:.3rem;background:#f3f3f3}
            .v-passed{color:#0b6b2e}.v-partial{color:#8a5a00}.v-failed,.v-compile-error,.v-error{color:#a4161a}.v-timeout,.v-missing{color:#555}
            .scroll{overflow-x:auto;max-width:100%}
            .students td:last-child{min-width:16rem;overflow-wrap:anywhere}
            @media (max-width:40rem){body{margin:.8rem}.students td:last-child{min-width:12rem}}
            .matrix tr>th:first-child{position:sticky;left:0;background:#fff;z-index:1;white-space:nowrap;border-right:1px solid #ccc}
            .matrix th span{writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap;font-weight:normal;font-size:.8rem}
            .matrix td{text-align:center;border:1px solid #eee;min-width:1.1rem;padding:.1rem}
            .matrix td.killed{background:#d8f0df;color:#0b6b2e}.matrix td.survived{background:#fbe1e1;color:#a4161a}.matrix td.error{background:#fff1c9}.matrix td.unreached{background:#f6eded;color:#a4161a}
            .ranked span{white-space:nowrap}
            .ranked td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            .ranked td.bar{width:12rem}.ranked td.bar div{background:#c0392b;height:.8rem;border-radius:.2rem}
            """;
}
