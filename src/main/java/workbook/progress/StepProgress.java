package workbook.progress;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the workbook remembers about one step for one learner. Every part may be absent (null or empty): a step
 * nobody has touched, or a progress file rebuilt after it was lost, is simply empty, never an error.
 *
 * @param check       the last check of this step
 * @param mutants     this step's mutants in the last {@code mutants} run that included them
 * @param predictions every prediction made, oldest first (the latest per mutant is the one that counts)
 * @param hints       which graded hints were shown
 * @param reveals     how often the reference was actually revealed
 * @param words       the learner's own two sentences
 */
public record StepProgress(int step, CheckMark check, MutantTally mutants, List<Prediction> predictions,
                           HintUse hints, int reveals, Words words) {

    public StepProgress {
        predictions = clean(predictions);
        hints = hints == null ? HintUse.NONE : hints;
        words = words == null ? Words.NONE : words;
        reveals = Math.max(0, reveals);
    }

    public static StepProgress empty(int step) {
        return new StepProgress(step, null, null, List.of(), HintUse.NONE, 0, Words.NONE);
    }

    /**
     * The last check status of this step.
     *
     * @param status        passed, failed, not-started or error (as in the check verdict)
     * @param at            when (ISO-8601)
     * @param firstPassedAt when the step passed for the first time; kept when it fails later, because the
     *                      learner's own words are asked for once, at that first pass
     */
    public record CheckMark(String status, String at, String firstPassedAt) {}

    /** One mutant's fate in a {@code mutants} run. */
    public record MutantOutcome(String id, String source, String status, String kind, List<String> killedBy) {
        public MutantOutcome {
            killedBy = clean(killedBy);
        }
    }

    /** The step's mutants in the last run that included them: how many the learner's tests killed, and each fate. */
    public record MutantTally(int killed, int total, String at, List<MutantOutcome> outcomes) {
        public MutantTally {
            outcomes = clean(outcomes);
        }

        public Optional<MutantOutcome> outcome(String mutantId) {
            return outcomes.stream().filter(o -> mutantId.equals(o.id())).findFirst();
        }
    }

    /**
     * Graded hints shown for this step.
     *
     * @param used   how many times a hint was shown
     * @param levels the levels seen, ascending
     */
    public record HintUse(int used, List<Integer> levels, String at) {
        static final HintUse NONE = new HintUse(0, List.of(), null);

        public HintUse {
            levels = clean(levels).stream().distinct().sorted().toList();
        }

        /** The highest level seen, 0 when none. */
        public int highest() {
            return levels.isEmpty() ? 0 : levels.get(levels.size() - 1);
        }
    }

    /**
     * The learner's two sentences about the step, in their own words.
     *
     * @param restate the step restated
     * @param limit   one operating condition the lab does not guarantee
     * @param askedAt when the workbook last asked for them (so a skipped prompt is not repeated on every check)
     */
    public record Words(String restate, String limit, String at, String askedAt) {
        static final Words NONE = new Words(null, null, null, null);

        public boolean recorded() {
            return notBlank(restate) || notBlank(limit);
        }

        public boolean complete() {
            return notBlank(restate) && notBlank(limit);
        }

        private static boolean notBlank(String s) {
            return s != null && !s.isBlank();
        }
    }

    public StepProgress withCheck(CheckMark c) {
        return new StepProgress(step, c, mutants, predictions, hints, reveals, words);
    }

    public StepProgress withMutants(MutantTally m) {
        return new StepProgress(step, check, m, predictions, hints, reveals, words);
    }

    public StepProgress withPredictions(List<Prediction> p) {
        return new StepProgress(step, check, mutants, p, hints, reveals, words);
    }

    public StepProgress withHints(HintUse h) {
        return new StepProgress(step, check, mutants, predictions, h, reveals, words);
    }

    public StepProgress withReveals(int r) {
        return new StepProgress(step, check, mutants, predictions, hints, r, words);
    }

    public StepProgress withWords(Words w) {
        return new StepProgress(step, check, mutants, predictions, hints, reveals, w);
    }

    /** The latest prediction for {@code mutantId}: a later prediction replaces an earlier one. */
    public Optional<Prediction> latestPrediction(String mutantId) {
        for (int i = predictions.size() - 1; i >= 0; i--) {
            if (mutantId.equals(predictions.get(i).mutant())) {
                return Optional.of(predictions.get(i));
            }
        }
        return Optional.empty();
    }

    /** The latest prediction for any of this step's fragments. */
    public Optional<Prediction> latestPrediction() {
        return predictions.isEmpty() ? Optional.empty() : Optional.of(predictions.get(predictions.size() - 1));
    }

    /** The list without nulls, unmodifiable: a hand-edited or half-written file may hold {@code null} entries. */
    static <T> List<T> clean(List<T> list) {
        if (list == null) {
            return List.of();
        }
        List<T> out = new ArrayList<>();
        list.stream().filter(Objects::nonNull).forEach(out::add);
        return List.copyOf(out);
    }
}
