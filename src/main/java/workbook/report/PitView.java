package workbook.report;

import workbook.words.Messages;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import workbook.grade.PitAudit;

/** A lab's PIT view as text: the mutants no official test detects, step by step, then the ones written down as equivalent. */
public final class PitView {
    private final Messages msg;
    private final PrintStream out;

    public PitView(Messages msg, PrintStream out) {
        this.msg = msg;
        this.out = out;
    }

    public void print(PitAudit.Verdict v) {
        out.println(msg.get("report.pit.title", v.lab(), v.report()));
        out.println("  " + msg.get("report.pit.counts", v.mutants(), v.detected(), v.survivors().size(), v.equivalent().size()));
        Map<Integer, List<PitAudit.Mutant>> bySteps = v.survivors().stream().collect(Collectors.groupingBy(
                m -> m.step() == 0 ? Integer.MAX_VALUE : m.step(), TreeMap::new, Collectors.toList()));
        for (Map.Entry<Integer, List<PitAudit.Mutant>> e : bySteps.entrySet()) {
            PitAudit.Mutant first = e.getValue().get(0);
            out.println("  " + (first.step() == 0 ? msg.get("report.pit.noStep", e.getValue().size())
                    : msg.get("report.pit.step", first.step(), first.slug(), e.getValue().size(),
                    clauseCounts(e.getValue(), msg.get("report.pit.noClauseShort")))));
            e.getValue().forEach(m -> mutant(m, "    ✗ "));
        }
        if (!v.equivalent().isEmpty()) {
            out.println("  " + msg.get("report.pit.equivalent", v.equivalent().size(), v.lab()));
            for (PitAudit.Mutant m : v.equivalent()) {
                mutant(m, "    = ");
                String reason = m.reason().getOrDefault(msg.lang(), m.reason().getOrDefault("ko", ""));
                Terminal.fit(msg.get("report.pit.reason", reason), 8)
                        .forEach(l -> out.println("        " + l));
            }
        }
        for (PitAudit.Stale s : v.stale()) {
            out.println("  ! " + msg.get("report.pit.stale." + s.why().wire(), where(s.className(), s.line()), s.method(),
                    s.description(), s.mutator()));
        }
        out.println(v.ok() ? msg.get("report.pit.ok", v.equivalent().size())
                : msg.get("report.pit.fail", v.survivors().size(), v.stale().size()));
    }

    private void mutant(PitAudit.Mutant m, String lead) {
        out.println(lead + msg.get("report.pit.mutant", where(m.className(), m.line()), m.method(), m.description(),
                m.mutator(), msg.get("pit.status." + m.status().wire())));
        String indent = " ".repeat(lead.length() + 2);
        if (m.via() == PitAudit.Via.FILE || m.via() == PitAudit.Via.TESTS) {
            out.println(indent + msg.get("report.pit.via." + m.via().wire()));
        }
        out.println(indent + (m.clauses().isEmpty() ? msg.get("report.pit.noClause")
                : msg.get("report.pit.clauses", m.clauses().stream().map(c -> shortKey(c, m.step())).collect(Collectors.joining(", ")))));
    }

    /** {@code held} for a clause of the mutant's own step, {@code 4/boundary} for another step's. */
    private static String shortKey(String key, int step) {
        return key.startsWith(step + "/") ? key.substring(key.indexOf('/') + 1) : key;
    }

    /** {@code held ×2, take} over a step's survivors. */
    private static String clauseCounts(List<PitAudit.Mutant> ms, String none) {
        Map<String, Long> counts = new java.util.LinkedHashMap<>();
        for (PitAudit.Mutant m : ms) {
            List<String> own = m.clauses().stream().filter(c -> c.startsWith(m.step() + "/")).toList();
            if (own.isEmpty()) {
                counts.merge(none, 1L, Long::sum);
            }
            own.forEach(c -> counts.merge(shortKey(c, m.step()), 1L, Long::sum));
        }
        return counts.entrySet().stream().map(e -> e.getKey() + (e.getValue() > 1 ? " ×" + e.getValue() : ""))
                .collect(Collectors.joining(", "));
    }

    /** {@code Name.java:51}, for {@code pkg.Name$Inner} too. */
    private static String where(String className, int line) {
        String simple = className.substring(className.lastIndexOf('.') + 1);
        int inner = simple.indexOf('$');
        return (inner < 0 ? simple : simple.substring(0, inner)) + ".java:" + line;
    }
}
