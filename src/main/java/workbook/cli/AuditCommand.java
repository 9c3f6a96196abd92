package workbook.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import workbook.verdict.Verdicts;
import workbook.report.Human;
import workbook.report.Json;
import workbook.report.StrykerReport;

@Command(name = "audit", description = {"Instructor check: reference green, skeleton not started, every mutant killed.",
        "강사용 점검: 기준 구현 통과, 뼈대 시작 전, 모든 뮤턴트를 공식 시험이 잡는지."})
final class AuditCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Option(names = "--mutants", paramLabel = "DIR", description = "Also audit the .mutant files in DIR (a private set).")
    List<Path> extra = new ArrayList<>();

    @Option(names = "--json-file", paramLabel = "FILE",
            description = "Also write the verdict as JSON (what --json prints) to FILE; the screen stays as it is.")
    java.nio.file.Path jsonFile;

    @Option(names = "--report", paramLabel = "DIR", description = {
            "Also write DIR/mutation-report.json (Stryker's mutation-testing-report-schema) and DIR/index.html (its viewer, offline); with several labs, one folder DIR/<lab> each.",
            "DIR/mutation-report.json (Stryker 스키마)과 DIR/index.html (오프라인 화면)도 씁니다; 실습이 여럿이면 DIR/<실습> 마다."})
    Path report;

    @Option(names = "--pit", description = {"Only read the lab's PIT report (target/pit-reports/<lab>/mutations.xml, made by"
            + " mvn -P pit -Dpit.lab=<lab> verify) and list the PIT mutants no official test detects, by step and clause,"
            + " apart from those lessons/<lab>/pit-equivalent.json writes down as equivalent.",
            "PIT 보고서만 읽어, 공식 시험이 못 잡은 PIT 뮤턴트를 단계·계약 문장별로 (동등하다고 적어 둔 것은 따로) 보여 줌."})
    boolean pit;

    /** Several labs audited in one run: each one's verdict, and whether all of them hold. */
    record Audits(String command, boolean ok, List<Verdicts.Audit> labs) {}

    /** {@code audit --lab ID} audits one lab; {@code audit} with several labs installed audits each in turn. */
    @Override
    public Integer call() {
        if (pit) {
            return new PitAudits(options).call();
        }
        List<String> ids = Lab.labsToCheck(options);
        List<Verdicts.Audit> verdicts = new ArrayList<>();
        for (String id : ids) {
            Lab lab = Lab.open(options.forLab(id), extra);
            Verdicts.Audit verdict = lab.grader().audit();
            verdicts.add(verdict);
            if (!options.json) {
                new Human(lab.msg, options.out()).audit(verdict);
            }
            if (report != null) {
                MutationReport.write(ids.size() == 1 ? report : report.resolve(id),
                        StrykerReport.audit(lab.course, verdict, lab.course.mutants(), lab.msg, MutationReport.version()),
                        lab.msg.get("stryker.title.audit", id), lab, options.json ? options.err() : options.out());
            }
        }
        boolean ok = verdicts.stream().allMatch(Verdicts.Audit::ok);
        if (!options.json && verdicts.size() > 1) {
            // Several labs: one line each at the end, so the verdict of every lab is on the last screen.
            workbook.words.Messages msg = workbook.words.Messages.of(options.lang());
            options.out().println();
            options.out().println(msg.get("report.audit.labs"));
            for (Verdicts.Audit a : verdicts) {
                options.out().println("  " + msg.get(a.ok() ? "report.audit.labOk" : "report.audit.labFailed", a.lab(),
                        a.mutants().size(), a.problems().size()));
            }
        }
        String json = verdicts.size() == 1 ? Json.of(verdicts.get(0)) : Json.of(new Audits("audits", ok, verdicts));
        JsonFile.write(jsonFile, json);
        if (options.json) {
            options.out().println(json);
        }
        return ok ? 0 : 1;
    }
}
