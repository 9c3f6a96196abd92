package workbook.cli;

import java.io.PrintStream;
import java.util.List;
import workbook.progress.Choice;
import workbook.progress.Fragment;
import workbook.progress.Match;
import workbook.progress.Overview;
import workbook.progress.Prediction;
import workbook.progress.Recorder;
import workbook.words.Messages;

/** Progress as text for a person at a terminal: the fragment to predict, comparisons, and the board's table. */
final class ProgressReport {
    private final Messages msg;
    private final PrintStream out;

    ProgressReport(Messages msg, PrintStream out) {
        this.msg = msg;
        this.out = out;
    }

    /**
     * The worksheet fragment: only the lines it puts into the code. What it breaks is the learner's to predict, so
     * neither its description nor its id (which names the bug) is shown before the answer.
     */
    void fragment(int step, Fragment f) {
        out.println(msg.get("predict.fragment", step));
        out.println();
        f.lines().forEach(l -> out.println("    " + l));
        out.println();
    }

    /**
     * The step's explanation of its fragment ({@code after.<lang>.md}), shown once the learner has predicted or the step
     * has passed; nothing when the step has none.
     */
    void afterword(workbook.catalogue.Step s, String lang) {
        java.nio.file.Path file = s.localized("after.", lang, ".md");
        if (!java.nio.file.Files.exists(file)) {
            return;
        }
        try {
            out.println();
            out.println(msg.get("predict.afterword", s.number()));
            int width = Math.max(40, workbook.report.Terminal.columns() - 2);
            String text = java.nio.file.Files.readString(file, java.nio.charset.StandardCharsets.UTF_8);
            workbook.report.Markdown.render(text, width, workbook.report.Terminal.styled()).lines()
                    .forEach(l -> out.println(l.isEmpty() ? "" : "  " + l));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The question and the three numbered observations. */
    void choices() {
        out.println(msg.get("predict.question"));
        for (Choice c : Choice.values()) {
            out.println("  " + c.number() + ") " + msg.get("predict.choice." + c.wire()));
        }
    }

    String choiceName(Choice c) {
        return c == null ? "?" : msg.get("predict.choice." + c.wire() + ".short");
    }

    /** A stored prediction and, when there is one, its comparison; every line starts with {@code prefix}. */
    void prediction(Prediction p, String prefix) {
        out.println(prefix + msg.get("predict.result.mine", choiceName(p.choice()), p.because()));
        if (p.comparison() != null) {
            comparison(p, prefix);
        }
    }

    /** What happened to the mutant, and whether that matches — only as far as can honestly be told. */
    void comparison(Prediction p, String prefix) {
        Prediction.Comparison c = p.comparison();
        switch (c.outcome() == null ? "error" : c.outcome()) {
            case "killed" -> out.println(prefix + msg.get("predict.result.killed", String.join(", ", c.killedBy()),
                    msg.get("kind." + c.kind())));
            case "survived" -> out.println(prefix + msg.get("predict.result.survived"));
            default -> out.println(prefix + msg.get("predict.result.error"));
        }
        String killer = c.killedBy().isEmpty() ? msg.get("predict.yourTests") : c.killedBy().get(0);
        Match m = c.match() == null ? Match.UNKNOWN : c.match();
        String line = switch (m) {
            case YES -> msg.get("predict.match.yes");
            case NO -> "timeout".equals(c.observed()) ? msg.get("predict.match.noTimeout", choiceName(p.choice()))
                    : msg.get("predict.match.no", choiceName(p.choice()), msg.get("predict.observed." + c.observed()),
                    killer);
            case UNKNOWN -> msg.get("predict.match.unknown", killer, choiceName(p.choice()));
            case NOT_KILLED -> msg.get("predict.match.notKilled", choiceName(p.choice()));
        };
        out.println(prefix + line);
    }

    /** After {@code mutants}: every compared prediction. */
    void comparisons(List<Recorder.Compared> compared) {
        if (compared.isEmpty()) {
            return;
        }
        out.println();
        out.println(msg.get("predict.results.title"));
        for (Recorder.Compared c : compared) {
            out.println("  " + msg.get("predict.results.item", c.step(), c.prediction().mutant()));
            prediction(c.prediction(), "      ");
        }
    }

    /** The board's progress table: one line per step and the next thing to do. */
    void board(Overview o) {
        out.println();
        out.println(msg.get("board.progress.title", o.file()));
        // Steps not touched yet after the first of them say nothing a line each would not repeat: one line for them,
        // so the board of one lab fits a 24-line terminal.
        List<Overview.Row> rows = o.steps();
        int firstUntouched = -1;
        for (int i = 0; i < rows.size(); i++) {
            if (untouched(rows.get(i))) {
                firstUntouched = i;
                break;
            }
        }
        List<Overview.Row> rest = firstUntouched < 0 ? List.of()
                : rows.subList(firstUntouched + 1, rows.size()).stream().filter(ProgressReport::untouched).toList();
        for (Overview.Row r : rows) {
            if (rest.contains(r)) {
                continue;
            }
            String check = r.check() == null ? msg.get("board.progress.neverChecked") : msg.get("status." + r.check());
            String prediction = r.prediction() == null ? msg.get("board.progress.noPrediction")
                    : msg.get("board.progress.predicted", choiceName(r.prediction().choice()),
                    r.compared() ? msg.get("match." + r.prediction().comparison().match().wire())
                            : msg.get("board.progress.notCompared"));
            String mutants = r.mutantsKilled() == null ? msg.get("board.progress.noMutants")
                    : msg.get("board.progress.mutants", r.mutantsKilled(), r.mutantsTotal());
            out.println("  " + msg.get("board.progress.row", r.step(), check, r.hintLevels().size(),
                    r.hintsTotal(), prediction, mutants, msg.get(r.words() ? "board.progress.words.yes" : "board.progress.words.no")));
            out.println("       → " + msg.text(r.next()));
        }
        if (!rest.isEmpty()) {
            String steps = ranges(rest.stream().map(Overview.Row::step).toList());
            out.println("  " + msg.get("board.progress.untouched", steps));
        }
        out.println(msg.get("board.progress.commands"));
    }

    /** Step numbers as runs: {@code 2–8}, {@code 2, 4–6}. */
    static String ranges(List<Integer> steps) {
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < steps.size(); ) {
            int j = i;
            while (j + 1 < steps.size() && steps.get(j + 1) == steps.get(j) + 1) {
                j++;
            }
            out.add(j > i ? steps.get(i) + "–" + steps.get(j) : String.valueOf(steps.get(i)));
            i = j + 1;
        }
        return String.join(", ", out);
    }

    /** A step the learner has not touched: never checked (or not started), no hint, prediction, mutants or words. */
    private static boolean untouched(Overview.Row r) {
        return (r.check() == null || "not-started".equals(r.check())) && r.hintLevels().isEmpty() && r.prediction() == null
                && r.mutantsKilled() == null && !r.words() && r.reveals() == 0;
    }
}
