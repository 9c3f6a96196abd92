package workbook.report;

import workbook.words.Messages;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import workbook.verdict.MutantStatus;
import workbook.verdict.StepStatus;
import workbook.verdict.TestOutcome;
import workbook.verdict.Verdicts;

/** Verdicts as text for a person at a terminal. */
public final class Human {
    private final Messages msg;
    private final PrintStream out;
    private final boolean color;

    public Human(Messages msg, PrintStream out) {
        this.msg = msg;
        this.out = out;
        this.color = Terminal.styled();
    }

    /**
     * The check, one line per cause: a compile error's message once (not once per step), and tests of a step that
     * failed the same way (the same outcome, detail and place) on one line with a count. {@code -v} shows every test.
     */
    public void check(Verdicts.Check c, boolean verbose) {
        out.println(bold(msg.get("report.check.title", c.workspace())));
        compile(c.compile());
        boolean sameForAll = !c.compile().ok() && !verbose;
        // The title column as wide as the longest title and one space, so no title runs into its status.
        // Cut (with …) only when the screen is too narrow for the longest title beside its status and count.
        int titles = Math.min(Math.max(30, Terminal.columns() - 28),
                1 + c.steps().stream().mapToInt(s -> Terminal.width(msg.text(s.title()))).max().orElse(33));
        for (Verdicts.StepVerdict s : c.steps()) {
            if (sameForAll) {
                break; // a compile error ran no test: no step has anything to say but the one line below
            }
            long ok = s.tests().stream().filter(t -> t.status() == TestOutcome.PASSED).count();
            // A compile error ran no test: the step lists its tests (each an error), but a count would say nothing.
            String counts = s.tests().isEmpty() || !c.compile().ok() ? "" : " (" + ok + "/" + s.tests().size() + ")";
            out.printf("  %s %d. %s %s%s%n", mark(s.status().wire()), s.step(), Terminal.pad(msg.text(s.title()), titles),
                    paint(s.status().wire(), msg.get("status." + s.status().wire())), counts);
            if (s.reason() != null && !sameForAll) {
                Terminal.fit(msg.text(s.reason()), 8).forEach(l -> out.println("       " + l));
            }
            boolean open = verbose || s.status() == StepStatus.FAILED || s.status() == StepStatus.ERROR;
            // A step held back only by an earlier step's "not yet" has said so in its message: no line per test.
            boolean onlyEarlier = s.tests().stream().filter(t -> t.status() != TestOutcome.PASSED)
                    .allMatch(t -> t.status() == TestOutcome.NOT_STARTED) && s.reason() != null;
            // A step blocked by an earlier failing step has said so too, and so has a step in error with its cause
            // (a signature that differs from the contract, a budget used up): -v shows its tests.
            boolean saidOnce = onlyEarlier || s.blockedBy() != null || s.status() == StepStatus.ERROR && s.reason() != null;
            if (open && s.status() != StepStatus.NOT_STARTED && c.compile().ok() && (verbose || !saidOnce)) {
                tests(s.tests(), verbose);
            }
        }
        if (sameForAll && !c.steps().isEmpty() && c.steps().get(0).reason() != null) {
            out.println("  " + msg.text(c.steps().get(0).reason()));
        }
        out.println(msg.get("report.steps.summary", c.passed(), c.total()));
        Terminal.fit(msg.text(c.next()), 1).forEach(l -> out.println(bold(l)));
    }

    private void tests(java.util.List<Verdicts.TestVerdict> tests, boolean verbose) {
        java.util.Map<String, Integer> seen = new java.util.LinkedHashMap<>();
        java.util.Map<String, Verdicts.TestVerdict> firstOf = new java.util.LinkedHashMap<>();
        for (Verdicts.TestVerdict t : tests) {
            if (t.status() == TestOutcome.PASSED && !verbose) {
                continue;
            }
            String cause = verbose ? t.id() : t.status() + "|" + cause(t) + "|" + t.where();
            seen.merge(cause, 1, Integer::sum);
            firstOf.putIfAbsent(cause, t);
        }
        // The causes seen once first: a timeout that made the rest of the step be skipped comes before the skipped.
        java.util.List<java.util.Map.Entry<String, Verdicts.TestVerdict>> groups = new java.util.ArrayList<>(firstOf.entrySet());
        groups.sort(java.util.Comparator.comparingInt(e -> seen.get(e.getKey())));
        for (var e : groups) {
            Verdicts.TestVerdict t = e.getValue();
            String text = t.reason() == null ? msg.text(t.name()) : msg.text(t.reason());
            // Wrapped at spaces to the terminal, continuation lines under the text, so Korean never breaks mid-word.
            java.util.List<String> lines = new java.util.ArrayList<>();
            for (String part : text.split("\n")) {
                lines.addAll(Terminal.fit(part, 10));
            }
            for (int i = 0; i < lines.size(); i++) {
                out.println((i == 0 ? "       " + mark(t.status().wire()) + " " : "         ") + lines.get(i));
            }
            if (!t.where().isEmpty()) {
                java.util.List<String> at = Terminal.fit(String.join(", ", t.where()), 12);
                for (int i = 0; i < at.size(); i++) {
                    out.println((i == 0 ? "         @ " : "           ") + at.get(i));
                }
            }
            // What the learner's code printed during the test: under a failure, or every test with -v.
            if (t.output() != null && !t.output().isEmpty() && (verbose || t.status() != TestOutcome.PASSED)) {
                printed("stdout", t.output().stdout());
                printed("stderr", t.output().stderr());
            }
            int more = seen.get(e.getKey()) - 1;
            if (more > 0) {
                Terminal.fit(msg.get("report.check.sameCause", more), 10)
                        .forEach(l -> out.println("         " + l));
            }
        }
    }

    private void printed(String stream, String text) {
        if (text == null || text.isEmpty()) {
            return;
        }
        out.println("         " + msg.get("report.check.printed." + stream));
        for (String line : text.stripTrailing().split("\n", -1)) {
            out.println("         │ " + line);
        }
    }

    /** What a test's message says after its own name: the part several tests can share. */
    private String cause(Verdicts.TestVerdict t) {
        if (t.reason() == null) {
            return "";
        }
        String m = msg.text(t.reason());
        int dash = msg.text(t.name()) != null && m.startsWith(msg.text(t.name())) ? msg.text(t.name()).length() : -1;
        return dash >= 0 ? m.substring(dash) : m;
    }

    public void mutants(Verdicts.Mutants m) {
        mutants(m, false);
    }

    /**
     * The learner's tests and the mutants. Short by default, so the common case fits one screen: the valid tests as
     * a count, each step's mutants as one line with how many were killed, and only the mutants that were not (with
     * what they break); {@code verbose} lists every test and every mutant.
     */
    public void mutants(Verdicts.Mutants m, boolean verbose) {
        out.println(bold(msg.get("report.mutants.title", m.workspace())));
        compile(m.compile());
        if (m.compile().ok()) {
            out.println(msg.get("report.mutants.tests"));
            if (m.tests().isEmpty()) {
                out.println("  " + msg.get("report.mutants.none"));
            }
            long valid = m.tests().stream().filter(Verdicts.LearnerTest::valid).count();
            if (!verbose && valid > 0) {
                out.println("  " + mark("passed") + " " + msg.get("report.mutants.validCount", valid));
            }
            for (Verdicts.LearnerTest t : m.tests()) {
                if (!verbose && t.valid() && t.reason() == null) {
                    continue;
                }
                out.println("  " + mark(t.valid() ? "passed" : "failed") + " " + t.id() + " — "
                        + msg.get(t.valid() ? "report.mutants.valid" : "report.mutants.invalid"));
                if (t.reason() != null) {
                    out.println("      " + msg.text(t.reason()));
                }
            }
            out.println(msg.get("report.mutants.list"));
            java.util.Map<Integer, List<Verdicts.MutantVerdict>> bySteps = new java.util.TreeMap<>(m.mutants().stream()
                    .collect(Collectors.groupingBy(Verdicts.MutantVerdict::step)));
            for (var e : bySteps.entrySet()) {
                long killed = e.getValue().stream().filter(v -> v.status() == MutantStatus.KILLED).count();
                if (!verbose) {
                    out.println("  " + mark(killed == e.getValue().size() ? "passed" : "failed") + " "
                            + msg.get("report.mutants.stepCount", e.getKey(), killed, e.getValue().size()));
                }
                e.getValue().stream().filter(v -> verbose || v.status() != MutantStatus.KILLED)
                        .forEach(v -> mutant(v, verbose ? "  " : "    "));
            }
            out.println(msg.get("report.mutants.summary", m.killed(), m.total()));
            if (!m.unheld().isEmpty()) {
                out.println(msg.get("report.mutants.unheld"));
                m.unheld().forEach(u -> out.println("  " + msg.get("report.mutants.unheldClause", u.step(), u.text())));
            }
        }
        out.println(bold(msg.text(m.next())));
    }

    /** One mutant: its id and status, then (when it may be told) what it changes, who killed it, and why not run. */
    private void mutant(Verdicts.MutantVerdict v, String indent) {
        String status = v.status().wire();
        out.printf("%s%s %s %s%n", indent, mark("killed".equals(status) ? "passed" : "failed"), Terminal.pad(v.id(), 40),
                paint("killed".equals(status) ? "passed" : "failed", msg.get("status." + status)));
        String under = indent + "    ";
        if (v.status() != MutantStatus.SURVIVED) {
            out.println(under + msg.text(v.description()));
        }
        if (!v.killedBy().isEmpty()) {
            out.println(under + msg.get("report.mutants.by", String.join(", ", v.killedBy()), msg.get("kind." + v.kind().wire())));
        }
        if (v.reason() != null) {
            out.println(under + msg.text(v.reason()));
        }
    }

    public void audit(Verdicts.Audit a) {
        out.println(bold(msg.get("report.audit.title", a.lab())));
        long passed = a.reference().tests().stream().filter(t -> t.status() == TestOutcome.PASSED).count();
        out.println("  " + msg.get("report.audit.reference", msg.get("status." + a.reference().status().wire()), passed,
                a.reference().tests().size()));
        out.println("  " + msg.get("report.audit.skeleton", a.skeleton().steps().stream()
                .map(s -> s.step() + ":" + msg.get("status." + s.status().wire())).collect(Collectors.joining(" "))));
        for (Verdicts.AuditMutant m : a.mutants()) {
            String detail = m.killedBy().isEmpty() ? "-" : m.killedBy().get(0)
                    + (m.killedBy().size() > 1 ? " +" + (m.killedBy().size() - 1) : "")
                    + (m.kind() == null ? "" : " (" + msg.get("kind." + m.kind().wire()) + ")");
            out.println("  " + mark(m.status() == MutantStatus.KILLED ? "passed" : "failed") + " "
                    + msg.get("report.audit.mutant", m.id(), m.step(), m.source(), msg.get("status." + m.status().wire()), detail));
            StringBuilder extra = new StringBuilder();
            if ("doc".equals(m.source())) {
                extra.append(msg.get(m.subtle() ? "report.audit.subtle" : "report.audit.notSubtle"));
            }
            if (m.trials() > 0) {
                extra.append(extra.length() > 0 ? ", " : "").append(msg.get("report.audit.trials", m.detected(), m.trials()));
            }
            if (extra.length() > 0) {
                out.println("      " + extra);
            }
        }
        clauseMatrix(a.clauses());
        retries(a.retries());
        if (!a.problems().isEmpty()) {
            out.println(msg.get("report.audit.problems"));
            a.problems().forEach(p -> out.println("  - " + msg.text(p)));
        }
        out.println(bold(a.ok() ? msg.get("report.audit.ok", a.mutants().size(), a.millis())
                : msg.get("report.audit.fail", a.problems().size(), a.millis())));
    }

    /**
     * The tests that timed out and were run once more with a longer limit: how many, how many passed then, and each
     * that did not (a timeout twice on a mutant's happy path leaves its subtlety unproven, not disproven).
     */
    private void retries(List<Verdicts.Retry> retries) {
        if (retries == null || retries.isEmpty()) {
            return;
        }
        long passed = retries.stream().filter(r -> r.again() == TestOutcome.PASSED).count();
        Terminal.fit(msg.get("report.audit.retried", retries.size(), passed, 8), 2).forEach(l -> out.println("  " + l));
        for (Verdicts.Retry r : retries) {
            if (r.again() != TestOutcome.PASSED) {
                out.println("    " + msg.get("report.audit.retriedStill", r.run(), r.test(), msg.get("status." + r.again().wire())));
            }
        }
    }

    /** The clause matrix, one line per step: each clause as {@code ✓id tests·mutants}, wrapped to the width. */
    private void clauseMatrix(List<Verdicts.ClauseRow> rows) {
        long whole = rows.stream().filter(r -> !r.tests().isEmpty() && !r.mutants().isEmpty()).count();
        out.println("  " + msg.get("report.audit.clauses", rows.size(), whole));
        Map<Integer, List<Verdicts.ClauseRow>> bySteps = rows.stream()
                .collect(Collectors.groupingBy(Verdicts.ClauseRow::step, java.util.TreeMap::new, Collectors.toList()));
        int width = Math.max(40, Terminal.columns() - 2);
        for (Map.Entry<Integer, List<Verdicts.ClauseRow>> e : bySteps.entrySet()) {
            StringBuilder line = new StringBuilder("    " + e.getKey() + " ");
            int used = line.length();
            for (Verdicts.ClauseRow r : e.getValue()) {
                boolean whole1 = !r.tests().isEmpty() && !r.mutants().isEmpty();
                String cell = " " + (whole1 ? "✓" : "✗") + r.id() + " " + r.tests().size() + "·" + r.mutants().size();
                if (used + cell.length() > width) {
                    out.println(line);
                    line = new StringBuilder("      ");
                    used = line.length();
                }
                line.append(whole1 ? cell : paint("failed", cell));
                used += cell.length();
            }
            out.println(line);
        }
    }

    private void compile(Verdicts.Compile c) {
        if (!c.ok()) {
            compileErrors(c.diagnostics());
        }
    }

    /** Each error as javac gives it, then the learner's line with a caret under the column (as javac and rustlings do). */
    public void compileErrors(java.util.List<workbook.compile.SourceDiagnostic> diagnostics) {
        out.println(paint("failed", msg.get("report.compile.failed")));
        for (workbook.compile.SourceDiagnostic d : diagnostics) {
            if (!"en".equals(msg.lang())) {
                // javac speaks English; a line in the learner's language above it names the kind of error
                out.println("  " + paint("failed", "▸ ") + msg.get(JavacKinds.of(d.message()).orElse("javac.other")));
            }
            out.println("  " + d);
            String line = sourceLine(d.file(), d.line());
            if (line != null && d.column() >= 1) {
                out.println("    " + line.replace('\t', ' '));
                out.println("    " + " ".repeat((int) Math.min(d.column() - 1, line.length())) + paint("failed", "^"));
            }
        }
    }

    private static String sourceLine(String file, long line) {
        try {
            java.util.List<String> lines = workbook.workspace.SourceText.of(java.nio.file.Path.of(file)).lines().toList();
            return line >= 1 && line <= lines.size() ? lines.get((int) line - 1) : null;
        } catch (Exception e) {
            return null;
        }
    }

    private String mark(String status) {
        return switch (status) {
            case "passed" -> paint(status, "✓");
            case "not-started" -> "·";
            default -> paint("failed", "✗");
        };
    }

    private String paint(String status, String text) {
        if (!color) {
            return text;
        }
        String code = switch (status) {
            case "passed" -> "32";
            case "not-started" -> "90";
            default -> "31";
        };
        return "\u001b[" + code + "m" + text + "\u001b[0m";
    }

    private String bold(String text) {
        return color ? "\u001b[1m" + text + "\u001b[0m" : text;
    }
}
