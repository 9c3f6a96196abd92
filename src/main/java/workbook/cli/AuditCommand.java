package workbook.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import workbook.grade.Verdicts;
import workbook.report.Human;
import workbook.report.Json;

@Command(name = "audit", description = {"Instructor check: reference green, skeleton not started, every mutant killed.",
        "강사용 점검: 기준 구현 통과, 뼈대 시작 전, 모든 뮤턴트를 공식 시험이 잡는지."})
final class AuditCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Option(names = "--mutants", paramLabel = "DIR", description = "Also audit the .mutant files in DIR (a private set).")
    List<Path> extra = new ArrayList<>();

    @Override
    public Integer call() {
        Lab lab = Lab.open(options, extra);
        Verdicts.Audit verdict = lab.grader().audit();
        if (options.json) {
            System.out.println(Json.of(verdict));
        } else {
            new Human(lab.msg, System.out).audit(verdict);
        }
        return verdict.ok() ? 0 : 1;
    }
}
