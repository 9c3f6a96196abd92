package workbook.progress;

import java.util.List;

/**
 * What a learner predicted, before running anything, about one worksheet fragment: which kind of observation would
 * expose it and why, in one sentence. Predicting first is the point: the comparison with what really killed the
 * mutant is only worth something when the prediction was written down before the result was known.
 *
 * @param mutant     the worksheet mutant's id, e.g. {@code 04-held-at-expiry-instant}
 * @param because    the learner's sentence, as typed
 * @param at         when it was made (ISO-8601)
 * @param comparison how it compared with the latest {@code mutants} run; null until there was one
 */
public record Prediction(String mutant, Choice choice, String because, String at, Comparison comparison) {

    public Prediction compared(Comparison c) {
        return new Prediction(mutant, choice, because, at, c);
    }

    /**
     * The prediction beside what happened to its mutant in one {@code mutants} run.
     *
     * @param outcome  killed, survived or error
     * @param killedBy the learner's tests that killed it
     * @param kind     the runner's kind of the first kill: assertion, exception or timeout (null when not killed)
     * @param observed the category the runner can actually tell: {@code exception}, {@code assertion} (a return
     *                 value or a state — it cannot say which), {@code timeout}; null when not killed
     * @param match    whether the learner's choice agrees, as far as can be known
     * @param at       when the run was recorded
     */
    public record Comparison(String outcome, List<String> killedBy, String kind, String observed, Match match,
                             String at) {
        public Comparison {
            killedBy = StepProgress.clean(killedBy);
        }

        /**
         * Compares a choice with a mutant's outcome. An exception kill can be matched exactly. An assertion kill
         * cannot: the same failed assertion could have checked a return value or the table, and a failing
         * {@code assertThrows} is reported as an assertion too — so it stays {@link Match#UNKNOWN}. A timeout is none
         * of the three observations.
         */
        public static Comparison of(Choice choice, StepProgress.MutantOutcome outcome, String at) {
            if (!"killed".equals(outcome.status())) {
                return new Comparison(outcome.status(), List.of(), null, null, Match.NOT_KILLED, at);
            }
            String kind = outcome.kind() == null ? "assertion" : outcome.kind();
            return switch (kind) {
                case "exception" -> new Comparison("killed", outcome.killedBy(), kind, "exception",
                        choice == Choice.EXCEPTION ? Match.YES : Match.NO, at);
                case "timeout" -> new Comparison("killed", outcome.killedBy(), kind, "timeout", Match.NO, at);
                default -> new Comparison("killed", outcome.killedBy(), kind, "assertion", Match.UNKNOWN, at);
            };
        }
    }
}
