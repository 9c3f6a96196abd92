package workbook.progress;

import java.util.List;
import java.util.Map;
import workbook.catalogue.Course;
import workbook.catalogue.Step;
import workbook.verdict.Reason;

/**
 * The progress of every step of a course in one table, with the next thing to do per step: what the status board
 * shows beside the check verdict, and its {@code progress} field in JSON.
 *
 * @param file  where the progress is kept (as the learner would type the path)
 * @param steps one row per step of the course, in order
 */
public record Overview(String file, List<Row> steps) {

    /**
     * One step.
     *
     * @param check         the check status now (from the run the board just did), else the last recorded one;
     *                      null when never checked
     * @param checkedAt     when the recorded status was taken
     * @param hintsUsed     how often a hint was shown
     * @param hintLevels    the levels seen
     * @param hintsTotal    how many levels the step has
     * @param prediction    the latest prediction, null when none
     * @param compared      whether that prediction has been compared with a mutants run
     * @param mutantsKilled this step's mutants killed in the last run that included them; null when never run
     * @param words         whether the learner's own sentences are recorded
     * @param next          the next thing to do for this step (a {@code progress.next.*} reason)
     */
    public record Row(int step, String check, String checkedAt, int hintsUsed, List<Integer> hintLevels, int hintsTotal,
                      int reveals, Prediction prediction, boolean compared, Integer mutantsKilled, Integer mutantsTotal,
                      boolean words, Reason next) {}

    /**
     * @param current the statuses a check just produced, by step; they win over the recorded ones (may be empty)
     * @param lang    the language whose hints and fragments are counted
     */
    public static Overview of(Course course, Progress progress, Map<Integer, String> current, String file, String lang) {
        List<Row> rows = course.steps().stream().map(s -> row(course, s, progress.step(s.number()),
                current.get(s.number()), lang)).toList();
        return new Overview(file, rows);
    }

    private static Row row(Course course, Step step, StepProgress p, String now, String lang) {
        String status = now != null ? now : p.check() == null ? null : p.check().status();
        Prediction prediction = p.latestPrediction().orElse(null);
        StepProgress.MutantTally tally = p.mutants();
        int hintsTotal = Hints.of(step, lang).total();
        boolean hasFragment = !Fragment.of(course, step.number(), lang).isEmpty();
        Reason next = next(step, status, prediction, hasFragment, tally, p);
        return new Row(step.number(), status, p.check() == null ? null : p.check().at(), p.hints().used(),
                p.hints().levels(), hintsTotal, p.reveals(), prediction, prediction != null && prediction.comparison() != null,
                tally == null ? null : tally.killed(), tally == null ? null : tally.total(), p.words().recorded(), next);
    }

    /**
     * The order the design asks for: predict, implement and check, put it in your own words, test it against the
     * mutants, and only then look at the reference.
     */
    static Reason next(Step step, String status, Prediction prediction, boolean hasFragment,
                       StepProgress.MutantTally tally, StepProgress p) {
        int n = step.number();
        if (!"passed".equals(status)) {
            if (status == null || "not-started".equals(status)) {
                return hasFragment && prediction == null ? Reason.of("progress.next.predict", n)
                        : Reason.of("progress.next.implement", n, step.method());
            }
            return Reason.of("progress.next.fix", n);
        }
        if (!p.words().recorded()) {
            return Reason.of("progress.next.words", n);
        }
        if (tally == null || tally.killed() < tally.total()) {
            return Reason.of("progress.next.mutants", n);
        }
        return p.reveals() == 0 ? Reason.of("progress.next.reveal", n) : Reason.of("progress.next.done");
    }
}
