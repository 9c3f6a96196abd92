package workbook.cli;

import java.util.List;
import workbook.catalogue.Step;

/** Turns an optional step number from the command line into steps, or a setup error. */
final class Steps {
    private Steps() {}

    static List<Step> select(Lab lab, Integer n) {
        if (n == null) {
            return lab.course.steps();
        }
        return List.of(one(lab, n));
    }

    static Step one(Lab lab, int n) {
        return lab.course.step(n).orElseThrow(() -> new Lab.SetupError(lab.msg.get("setup.noStep", n, lab.course.steps().size())));
    }
}
