package workbook.progress;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A learner's progress through the steps, as a value: how it is stored is {@link ProgressFile}'s business, so the
 * commands change progress with plain functions and never think about files, locks or corruption.
 *
 * @param version the format of the stored file (1)
 * @param steps   one entry per step that has anything recorded, by step number
 */
public record Progress(int version, List<StepProgress> steps) {
    public static final int VERSION = 1;

    public Progress {
        Map<Integer, StepProgress> byStep = new LinkedHashMap<>();
        for (StepProgress s : StepProgress.clean(steps)) {
            if (s.step() > 0) {
                byStep.put(s.step(), s);
            }
        }
        List<StepProgress> sorted = new ArrayList<>(byStep.values());
        sorted.sort(Comparator.comparingInt(StepProgress::step));
        steps = List.copyOf(sorted);
    }

    public static Progress empty() {
        return new Progress(VERSION, List.of());
    }

    /** The step's record; an empty one when nothing is recorded yet. */
    public StepProgress step(int n) {
        return steps.stream().filter(s -> s.step() == n).findFirst().orElse(StepProgress.empty(n));
    }

    /** This progress with step {@code n} changed by {@code change}. */
    public Progress update(int n, UnaryOperator<StepProgress> change) {
        List<StepProgress> out = new ArrayList<>(steps.stream().filter(s -> s.step() != n).toList());
        out.add(change.apply(step(n)));
        return new Progress(VERSION, out);
    }
}
