package workbook.progress;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import workbook.verdict.Verdicts;
import java.util.function.Consumer;
import workbook.verdict.Reason;
import workbook.workspace.Workspace;

/**
 * What the commands call to remember what happened: one method per event (a check ran, a mutants run ended, a hint
 * was shown …). Each is a read-change-write of the {@link ProgressFile}, so recording never needs the command to
 * have loaded anything first, and each change is a plain function of {@link Progress}.
 *
 * <p>Nothing here throws because of the file: problems are printed as warnings (in the learner's language) and the
 * command goes on. {@link #saved()} tells the two commands whose whole job is recording whether it worked.
 */
public final class Recorder {
    private final ProgressFile file;
    private final Clock clock;
    private boolean saved = true;

    public Recorder(ProgressFile file, Clock clock) {
        this.file = file;
        this.clock = clock;
    }

    /**
     * The recorder of a workspace's progress file for its lab, telling {@code warnings} what is wrong with the file
     * (each kind once per recorder): the reasons are written in the learner's language at the report's edge.
     */
    public static Recorder of(Workspace ws, Consumer<Reason> warnings) {
        return of(ws.progressFile(), warnings, Clock.systemUTC());
    }

    public static Recorder of(Path progressJson, Consumer<Reason> warnings, Clock clock) {
        return new Recorder(new ProgressFile(progressJson, new Warnings(warnings), clock), clock);
    }

    public Path path() {
        return file.path();
    }

    /** The progress as stored now (empty when there is none or it was unreadable). */
    public Progress read() {
        return file.load();
    }

    /** False when the last change could not be written. */
    public boolean saved() {
        return saved;
    }

    /**
     * What a check run means for the learner's own words.
     *
     * @param firstPassed the steps that passed for the first time in this run
     * @param wordsWanted the passed steps whose two sentences are missing and were never asked for
     */
    public record Checked(List<Integer> firstPassed, List<Integer> wordsWanted) {}

    /** Records the status of every step the check ran. */
    public Checked checked(Verdicts.Check verdict) {
        String now = now();
        List<Integer> first = new ArrayList<>();
        List<Integer> wanted = new ArrayList<>();
        update(p -> {
            first.clear();
            wanted.clear();
            Progress out = p;
            for (Verdicts.StepVerdict v : verdict.steps()) {
                StepProgress s = out.step(v.step());
                boolean passed = v.status() == workbook.verdict.StepStatus.PASSED;
                String firstPassedAt = s.check() == null ? null : s.check().firstPassedAt();
                if (passed && firstPassedAt == null) {
                    firstPassedAt = now;
                    first.add(v.step());
                }
                if (passed && !s.words().recorded() && s.words().askedAt() == null) {
                    wanted.add(v.step());
                }
                StepProgress.CheckMark mark = new StepProgress.CheckMark(v.status().wire(), now, firstPassedAt);
                out = out.update(v.step(), x -> x.withCheck(mark));
            }
            return out;
        });
        return new Checked(List.copyOf(first), List.copyOf(wanted));
    }

    /** A prediction beside its comparison, for the report after a {@code mutants} run. */
    public record Compared(int step, Prediction prediction) {}

    /**
     * Records, per step, how many of that step's mutants the learner's tests killed and each mutant's fate; then
     * compares every stored prediction of a worksheet mutant in this run with what happened, and records that too.
     * A run whose tests did not compile ran nothing, so it records nothing.
     */
    public List<Compared> mutantsRan(Verdicts.Mutants verdict) {
        if (!verdict.compile().ok() || verdict.mutants().isEmpty()) {
            return List.of();
        }
        String now = now();
        Map<Integer, List<Verdicts.MutantVerdict>> byStep = new LinkedHashMap<>();
        verdict.mutants().forEach(m -> byStep.computeIfAbsent(m.step(), k -> new ArrayList<>()).add(m));
        List<Compared> compared = new ArrayList<>();
        update(p -> {
            compared.clear();
            Progress out = p;
            for (Map.Entry<Integer, List<Verdicts.MutantVerdict>> e : byStep.entrySet()) {
                List<StepProgress.MutantOutcome> outcomes = e.getValue().stream().map(m -> new StepProgress.MutantOutcome(
                        m.id(), m.source(), m.status().wire(), m.kind() == null ? null : m.kind().wire(), m.killedBy())).toList();
                int killed = (int) outcomes.stream().filter(o -> "killed".equals(o.status())).count();
                StepProgress.MutantTally tally = new StepProgress.MutantTally(killed, outcomes.size(), now, outcomes);
                StepProgress s = out.step(e.getKey()).withMutants(tally);
                List<Prediction> predictions = new ArrayList<>(s.predictions());
                for (Verdicts.MutantVerdict m : e.getValue()) {
                    int at = lastIndexOf(predictions, m.id());
                    if (!"doc".equals(m.source()) || at < 0) {
                        continue;
                    }
                    Prediction before = predictions.get(at);
                    StepProgress.MutantOutcome outcome = tally.outcome(m.id()).orElseThrow();
                    Prediction after = before.compared(Prediction.Comparison.of(before.choice(), outcome, now));
                    predictions.set(at, after);
                    compared.add(new Compared(e.getKey(), after));
                }
                StepProgress changed = s.withPredictions(predictions);
                out = out.update(e.getKey(), x -> changed);
            }
            return out;
        });
        return List.copyOf(compared);
    }

    /**
     * Stores a prediction. When a {@code mutants} run already decided this mutant's fate, the comparison is made
     * at once (and says it was made after the run).
     */
    public Prediction predicted(int step, String mutant, Choice choice, String because) {
        String now = now();
        Prediction[] stored = new Prediction[1];
        update(p -> {
            StepProgress s = p.step(step);
            Prediction made = new Prediction(mutant, choice, because, now, null);
            if (s.mutants() != null) {
                made = s.mutants().outcome(mutant).map(o -> new Prediction(mutant, choice, because, now,
                        Prediction.Comparison.of(choice, o, s.mutants().at()))).orElse(made);
            }
            stored[0] = made;
            List<Prediction> all = new ArrayList<>(s.predictions());
            all.add(made);
            return p.update(step, x -> x.withPredictions(all));
        });
        return stored[0];
    }

    /** Records that hint levels 1..{@code upTo} of a step have been shown (once more). */
    public StepProgress.HintUse hintsShown(int step, int upTo) {
        String now = now();
        Progress p = update(x -> x.update(step, s -> {
            TreeSet<Integer> levels = new TreeSet<>(s.hints().levels());
            for (int i = 1; i <= upTo; i++) {
                levels.add(i);
            }
            return s.withHints(new StepProgress.HintUse(s.hints().used() + 1, List.copyOf(levels), now));
        }));
        return p.step(step).hints();
    }

    /** Records that the reference of a step was shown. */
    public void revealed(int step) {
        update(p -> p.update(step, s -> s.withReveals(s.reveals() + 1)));
    }

    /**
     * Records the learner's sentences. A null sentence keeps the one stored before, so either can be given alone.
     */
    public StepProgress.Words words(int step, String restate, String limit) {
        String now = now();
        Progress p = update(x -> x.update(step, s -> s.withWords(new StepProgress.Words(
                restate != null ? restate : s.words().restate(), limit != null ? limit : s.words().limit(), now, now))));
        return p.step(step).words();
    }

    /** Records that the words were asked for and skipped, so the next check does not ask again. */
    public void wordsSkipped(int step) {
        String now = now();
        update(p -> p.update(step, s -> s.withWords(new StepProgress.Words(s.words().restate(), s.words().limit(),
                s.words().at(), now))));
    }

    private Progress update(UnaryOperator<Progress> change) {
        Progress p = file.update(change);
        saved = file.lastWriteOk();
        return p;
    }

    private String now() {
        return Instant.now(clock).truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private static int lastIndexOf(List<Prediction> predictions, String mutant) {
        for (int i = predictions.size() - 1; i >= 0; i--) {
            if (mutant.equals(predictions.get(i).mutant())) {
                return i;
            }
        }
        return -1;
    }

    /** The file's problems as reasons for a warning; that it cannot be written is said once. */
    private static final class Warnings implements ProgressFile.Problems {
        private final Consumer<Reason> out;
        private boolean unavailableSaid;

        Warnings(Consumer<Reason> out) {
            this.out = out;
        }

        @Override
        public void corrupt(Path file, Path movedTo, String detail) {
            if (movedTo == null) {
                out.accept(Reason.of("progress.corruptStuck", Workspace.display(file), detail));
            } else {
                out.accept(Reason.of("progress.corrupt", Workspace.display(file), Workspace.display(movedTo), detail));
            }
        }

        @Override
        public void unavailable(Path file, String detail) {
            if (!unavailableSaid) {
                unavailableSaid = true;
                out.accept(Reason.of("progress.unavailable", Workspace.display(file), detail));
            }
        }
    }
}
