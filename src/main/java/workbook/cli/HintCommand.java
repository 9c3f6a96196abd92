package workbook.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Step;
import workbook.progress.Hints;
import workbook.progress.Recorder;
import workbook.progress.StepProgress;
import workbook.report.Json;
import workbook.workspace.Workspace;

/**
 * {@code hint N}: the step's next graded hint. Hints are handed out one level at a time, because each level gives
 * away more than the last and the learner should take only as much as they need; the earlier levels are listed in
 * one line each so the new one reads in context. Every hint shown is recorded.
 */
@Command(name = "hint", description = {"Show step N's next graded hint (--level K: every level up to K).",
        "N단계의 다음 힌트를 보여 줍니다 (--level K: K 단계까지 모두)."})
final class HintCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", paramLabel = "N", description = "step number")
    int step;

    @Option(names = "--level", paramLabel = "K", description = "Show every hint up to level K.")
    Integer level;

    /** The {@code --json} output. {@code text} is level {@code level}'s; null when every hint was already seen. */
    record HintJson(int step, int level, int total, String text, List<String> earlier, boolean allUsed, int used,
                    String next) {}

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        Workspace ws = lab.workspace(options.err());
        Step s = Steps.one(lab, step);
        Hints hints = Hints.of(s, options.lang());
        if (hints.total() == 0) {
            throw new Lab.SetupError(lab.msg.get("hint.none", step, Workspace.display(hints.file())));
        }
        if (level != null && (level < 1 || level > hints.total())) {
            throw new Lab.SetupError(lab.msg.get("hint.badLevel", level, step, hints.total()));
        }
        Recorder recorder = Recording.recorder(lab, ws);
        StepProgress before = recorder.read().step(step);
        int upTo = level != null ? level : before.hints().highest() + 1;
        if (upTo > hints.total()) {
            return allUsed(lab, hints, before);
        }
        StepProgress.HintUse use = recorder.hintsShown(step, upTo);
        List<Hints.Level> earlier = hints.levels().subList(0, upTo - 1);
        Hints.Level shown = hints.level(upTo).orElseThrow();
        String next = upTo < hints.total() ? lab.msg.get("hint.more", step, hints.total() - upTo)
                : lab.msg.get("hint.last", step);
        if (options.json) {
            options.out().println(Json.of(new HintJson(step, upTo, hints.total(), shown.text(),
                    earlier.stream().map(Hints.Level::text).toList(), false, use.used(), next)));
            return 0;
        }
        options.out().println(lab.msg.get("hint.title", step, upTo, hints.total(), s.title().in(options.lang())));
        if (!earlier.isEmpty()) {
            options.out().println();
            if (level != null) {
                for (Hints.Level l : earlier) {
                    options.out().println(lab.msg.get("hint.section", l.number(), hints.total()));
                    options.out().println(ShowCommand.lesson(l.text()));
                }
            } else {
                options.out().println(lab.msg.get("hint.earlier"));
                earlier.forEach(l -> options.out().println("  " + l.number() + ". " + l.summary()));
            }
        }
        options.out().println();
        options.out().println(lab.msg.get("hint.section", upTo, hints.total()));
        options.out().println(ShowCommand.lesson(shown.text()));
        options.out().println();
        options.out().println(next);
        return 0;
    }

    /** Every level was seen: say so, and point on — to the reference only once the step passes. */
    private int allUsed(Lab lab, Hints hints, StepProgress before) {
        boolean passed = before.check() != null && "passed".equals(before.check().status());
        String next = passed ? lab.msg.get("hint.allUsed.reveal", step)
                : lab.msg.get("hint.allUsed.show", step, hints.total());
        if (options.json) {
            options.out().println(Json.of(new HintJson(step, hints.total(), hints.total(), null, List.of(), true,
                    before.hints().used(), next)));
        } else {
            options.out().println(lab.msg.get("hint.allUsed", step, hints.total()));
            options.out().println();
            options.out().println(lab.msg.get("hint.section", hints.total(), hints.total()));
            options.out().println(ShowCommand.lesson(hints.level(hints.total()).orElseThrow().text()));
            options.out().println();
            options.out().println(next);
        }
        return 0;
    }
}
