package workbook.grade;

import workbook.verdict.KillKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import workbook.run.TestResult;
import workbook.child.wire.TestStatus;

/** The valid tests that failed on a mutant, in order, and how the first one failed. */
record Kills(List<String> by, KillKind kind) {
    /** Kills from another run of the same mutant (a race trial), added after these. */
    Kills and(Kills more) {
        List<String> all = new ArrayList<>(by);
        more.by.stream().filter(k -> !all.contains(k)).forEach(all::add);
        return new Kills(all, kind != null ? kind : more.kind);
    }

    static Kills of(Map<String, TestResult> onMutant, List<String> valid) {
        List<String> by = new ArrayList<>();
        KillKind kind = null;
        for (String key : valid) {
            TestResult r = onMutant.get(key);
            if (r == null || r.status() == TestStatus.PASSED || r.status() == TestStatus.SKIPPED) {
                continue;
            }
            by.add(key);
            if (kind == null) {
                kind = switch (r.status()) {
                    case FAILED -> KillKind.ASSERTION;
                    case TIMEOUT -> KillKind.TIMEOUT;
                    default -> KillKind.EXCEPTION;
                };
            }
        }
        return new Kills(by, kind);
    }
}
