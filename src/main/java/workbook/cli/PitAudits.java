package workbook.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import workbook.catalogue.PitEquivalent;
import workbook.grade.PitAudit;
import workbook.grade.PitReport;
import workbook.report.Json;
import workbook.report.PitView;

/**
 * {@code audit --pit}: for each lab asked for, read its PIT report, put the mutants no official test detects in the
 * lab's steps and clauses, and print them. No child JVM runs: PIT has done the work ({@code mvn -P pit}).
 */
final class PitAudits {
    private final Options options;

    PitAudits(Options options) {
        this.options = options;
    }

    /** Several labs' PIT views in one run. */
    record All(String command, boolean ok, List<PitAudit.Verdict> labs) {}

    Integer call() {
        List<PitAudit.Verdict> verdicts = new ArrayList<>();
        for (String id : Lab.labsToCheck(options)) {
            Lab lab = Lab.open(options.forLab(id));
            PitAudit.Verdict v = PitAudit.of(lab.course, display(lab), mutations(lab), PitEquivalent.of(lab.course));
            verdicts.add(v);
            if (!options.json) {
                new PitView(lab.msg, lab.options.out()).print(v);
            }
        }
        boolean ok = verdicts.stream().allMatch(PitAudit.Verdict::ok);
        if (options.json) {
            options.out().println(verdicts.size() == 1 ? Json.of(verdicts.get(0)) : Json.of(new All("audits-pit", ok, verdicts)));
        }
        return ok ? 0 : 1;
    }

    /** {@code target/pit-reports/<lab>/mutations.xml}, where the pom's pit profile writes it. */
    static Path report(Lab lab) {
        return lab.home.resolve("target").resolve("pit-reports").resolve(lab.course.id()).resolve("mutations.xml");
    }

    private static String display(Lab lab) {
        return lab.home.relativize(report(lab)).toString().replace('\\', '/');
    }

    private static List<PitReport.Mutation> mutations(Lab lab) {
        Path file = report(lab);
        if (!Files.isRegularFile(file)) {
            throw new Lab.SetupError(lab.msg.get("pit.noReport", lab.course.id(), display(lab)));
        }
        try {
            return PitReport.read(file);
        } catch (IOException e) {
            throw new Lab.SetupError(lab.msg.get("pit.unreadable", display(lab), e.getMessage()));
        }
    }
}
