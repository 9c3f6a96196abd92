package workbook.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Step;
import workbook.progress.Recorder;
import workbook.progress.StepProgress;
import workbook.report.Json;
import workbook.workspace.Workspace;

/**
 * {@code words N}: the learner's own two sentences about a step — the step restated, and one operating condition
 * the lab does not guarantee. Saying it in one's own words is how a passed step becomes understood; the second
 * sentence keeps the lab's limits (the caller's clock, external side effects, one SQLite file) in view.
 */
@Command(name = "words", description = {"Record step N in your own words: the step restated, and one condition the lab does not guarantee.",
        "N단계를 내 말로 기록합니다: 단계를 다시 말하기, 그리고 이 실습이 보장하지 않는 조건 하나."})
final class WordsCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", paramLabel = "N", description = "step number")
    int step;

    @Option(names = "--restate", paramLabel = "SENTENCE", description = "The step, restated in your own words.")
    String restate;

    @Option(names = "--limit", paramLabel = "SENTENCE", description = "One operating condition this lab does not guarantee.")
    String limit;

    /** The {@code --json} output. */
    record WordsJson(int step, String restate, String limit, String at) {}

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        Workspace ws = lab.workspace(options.err());
        Step s = Steps.one(lab, step);
        Recorder recorder = Recording.recorder(lab, ws);
        String r = Recording.blankToNull(restate);
        String l = Recording.blankToNull(limit);
        if (r == null && l == null) {
            Prompt prompt = Prompt.system(options);
            if (prompt.interactive()) {
                StepProgress.Words before = recorder.read().step(step).words();
                options.out().println(lab.msg.get("words.ask.title", step, s.title().in(options.lang())));
                if (before.recorded()) {
                    options.out().println(lab.msg.get("words.before", orDash(before.restate()), orDash(before.limit())));
                }
            }
            Optional<String> first = prompt.ask(lab.msg.get("words.ask.restate"));
            if (first.isEmpty() && !prompt.interactive()) {
                throw new Lab.SetupError(lab.msg.get("words.noAnswer", step));
            }
            r = Recording.blankToNull(first.orElse(""));
            l = Recording.blankToNull(first.isEmpty() ? "" : prompt.ask(lab.msg.get("words.ask.limit")).orElse(""));
            if (r == null && l == null) {
                if (!prompt.interactive()) {
                    throw new Lab.SetupError(lab.msg.get("words.noAnswer", step));
                }
                recorder.wordsSkipped(step);
                options.out().println(lab.msg.get("words.skipped", step));
                return 0;
            }
        }
        StepProgress.Words w = recorder.words(step, r, l);
        if (options.json) {
            options.out().println(Json.of(new WordsJson(step, w.restate(), w.limit(), w.at())));
        } else {
            options.out().println(lab.msg.get(recorder.saved() ? "words.saved" : "progress.notRecorded", step));
            options.out().println("  " + lab.msg.get("words.restate", orDash(w.restate())));
            options.out().println("  " + lab.msg.get("words.limit", orDash(w.limit())));
        }
        return recorder.saved() ? 0 : 2;
    }

    private static String orDash(String s) {
        return s == null ? "-" : s;
    }
}
