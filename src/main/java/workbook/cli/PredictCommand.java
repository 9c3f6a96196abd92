package workbook.cli;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import workbook.progress.Choice;
import workbook.progress.Fragment;
import workbook.progress.Prediction;
import workbook.progress.Recorder;
import workbook.report.Json;
import workbook.workspace.Workspace;

/**
 * {@code predict N}: before anything runs, the learner looks at the step's worksheet fragment and commits to which
 * observation would expose it — a wrong return value, an exception, or the table's state after a refused call —
 * and why. Writing it down first is what makes the later comparison with the {@code mutants} run teach something.
 *
 * <p>Answers come from {@code --choice} and {@code --because}, else from the terminal (numbered menu), else from
 * two lines of standard input, so the command never waits for a person who is not there.
 */
@Command(name = "predict", description = {"Predict which observation exposes step N's worksheet fragment, before running anything.",
        "N단계의 변경 조각을 드러낼 관측을 먼저 예측해 기록합니다."})
final class PredictCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", paramLabel = "N", description = "step number")
    int step;

    @Option(names = "--choice", paramLabel = "input|exception|state",
            description = "input: a call whose return value is wrong; exception: one that should or should not be thrown; "
                    + "state: what the table holds after a refused or failed call.")
    String choice;

    @Option(names = "--because", paramLabel = "SENTENCE", description = "Why, in one sentence of your own.")
    String because;

    @Option(names = "--mutant", paramLabel = "ID", description = "Which fragment, when the step has several.")
    String mutant;

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        Workspace ws = lab.workspace(options.err());
        workbook.catalogue.Step lesson = Steps.one(lab, step);
        List<Fragment> fragments = Fragment.of(lab.course, step, options.lang());
        if (mutant != null) {
            fragments = fragments.stream().filter(f -> f.mutant().equals(mutant)).toList();
        }
        if (fragments.isEmpty()) {
            throw new Lab.SetupError(mutant == null ? lab.msg.get("predict.noFragment", step)
                    : lab.msg.get("predict.noSuchFragment", mutant, step));
        }
        Choice given = null;
        if (choice != null) {
            given = Choice.parse(choice).orElseThrow(() -> new Lab.SetupError(lab.msg.get("predict.badChoice", choice)));
        }
        Prompt prompt = Prompt.system(options);
        if (fragments.size() > 1 && !prompt.interactive()) {
            throw new Lab.SetupError(lab.msg.get("predict.severalFragments", step,
                    String.join(", ", fragments.stream().map(Fragment::mutant).toList())));
        }
        ProgressReport report = new ProgressReport(lab.msg, options.out());
        Recorder recorder = Recording.recorder(lab, ws);
        for (Fragment f : fragments) {
            if (!options.json) {
                report.fragment(step, f);
                report.choices();
            }
            Choice c = given != null ? given : askChoice(lab, prompt);
            String why = Recording.blankToNull(because) != null ? because.strip() : askBecause(lab, prompt);
            Prediction p = recorder.predicted(step, f.mutant(), c, why);
            String next = p.comparison() == null ? lab.msg.get("predict.next", step) : null;
            if (options.json) {
                options.out().println(Json.of(Recording.PredictionJson.of(step, p, next)));
            } else {
                options.out().println();
                options.out().println(recorder.saved() ? lab.msg.get("predict.saved", step, f.mutant())
                        : lab.msg.get("progress.notRecorded", step));
                report.prediction(p, "  ");
                if (p.comparison() != null) {
                    options.out().println("  " + lab.msg.get("predict.result.earlier", p.comparison().at()));
                }
                report.afterword(lesson, options.lang());
                if (p.comparison() == null) {
                    options.out().println();
                    options.out().println(next);
                }
            }
        }
        return recorder.saved() ? 0 : 2;
    }

    private Choice askChoice(Lab lab, Prompt prompt) {
        while (true) {
            Optional<String> answer = prompt.ask(lab.msg.get("predict.ask.choice"));
            if (answer.isEmpty()) {
                throw new Lab.SetupError(lab.msg.get("predict.noAnswer", step));
            }
            Optional<Choice> c = Choice.parse(answer.get());
            if (c.isPresent()) {
                return c.get();
            }
            if (!prompt.interactive()) {
                throw new Lab.SetupError(lab.msg.get("predict.badChoice", answer.get()));
            }
            options.out().println(lab.msg.get("predict.again"));
        }
    }

    private String askBecause(Lab lab, Prompt prompt) {
        while (true) {
            Optional<String> answer = prompt.ask(lab.msg.get("predict.ask.because"));
            if (answer.isEmpty() || (!prompt.interactive() && answer.get().isBlank())) {
                throw new Lab.SetupError(lab.msg.get("predict.noAnswer", step));
            }
            if (!answer.get().isBlank()) {
                return answer.get();
            }
        }
    }
}
