package workbook.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import workbook.grade.Lint;
import workbook.verdict.StepStatus;
import workbook.verdict.Verdicts;
import workbook.report.Json;
import workbook.workspace.Folders;
import workbook.workspace.Workspace;

/**
 * {@code workbook lint}: the author's check of a lab's content, as rustlings has {@code dev check}. Every clause has a
 * test and a mutant, every text and message exists in both languages, every mutant applies exactly once and
 * compiles, and the untouched skeleton fails every step as not started. {@code audit} runs the same content checks.
 */
@Command(name = "lint", description = {"Author's check of the lab's content: clauses, texts in both languages, mutants that apply, a skeleton that fails every step.",
        "실습 내용 점검: 계약 문장, 두 언어의 글, 맞아 들어가는 뮤턴트, 모든 단계가 시작 전인 뼈대."})
final class LintCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    /** The lint's verdict; {@code problems} are sentences in the chosen language, {@code findings} the facts. */
    record Verdict(String command, String lab, boolean ok, List<Lint.Finding> findings, List<String> problems) {}

    /** Several labs linted in one run. */
    record Lints(String command, boolean ok, List<Verdict> labs) {}

    /** {@code lint --lab ID} checks one lab; {@code lint} with several labs installed checks each in turn. */
    @Override
    public Integer call() {
        List<Verdict> all = new ArrayList<>();
        for (String id : Lab.labsToCheck(options)) {
            all.add(lint(Lab.open(options.forLab(id))));
        }
        boolean ok = all.stream().allMatch(Verdict::ok);
        if (options.json) {
            options.out().println(all.size() == 1 ? Json.of(all.get(0)) : Json.of(new Lints("lints", ok, all)));
        }
        return ok ? 0 : 1;
    }

    private Verdict lint(Lab lab) {
        var grader = lab.grader();
        List<Lint.Finding> findings = new ArrayList<>(Lint.all(lab.builds()));
        findings.addAll(skeletonStarted(lab, grader));
        List<String> problems = findings.stream().map(f -> lab.msg.get("lint." + f.kind().wire(), f.args().toArray())).toList();
        Verdict v = new Verdict("lint", lab.course.id(), findings.isEmpty(), findings, problems);
        if (!options.json) {
            options.out().println(lab.msg.get("report.lint.title", lab.course.id()));
            problems.forEach(p -> options.out().println("  - " + p));
            options.out().println(v.ok()
                    ? lab.msg.get("report.lint.ok", lab.course.steps().stream().mapToInt(s -> s.clauses().size()).sum(),
                            lab.course.mutants().size(), lab.course.tests().size())
                    : lab.msg.get("report.lint.fail", problems.size()));
        }
        return v;
    }

    /** The skeleton, checked as a learner's file in a scratch workspace: every step must be not started. */
    private static List<Lint.Finding> skeletonStarted(Lab lab, workbook.grade.Grader grader) {
        Path dir = null;
        try {
            dir = workbook.workspace.Folders.scratch(lab.host.tmp(), "workbook-lint-");
            Workspace ws = new Workspace(dir, lab.course);
            Files.createDirectories(ws.jobsFile().getParent());
            for (String f : lab.course.learnerFiles()) {
                Files.copy(lab.course.skeleton().resolve(f), ws.dir().resolve(f));
            }
            Verdicts.Check c = grader.check(ws, lab.course.steps());
            List<Lint.Finding> out = new ArrayList<>();
            c.steps().stream().filter(s -> s.status() != StepStatus.NOT_STARTED)
                    .forEach(s -> out.add(Lint.Finding.of(Lint.Kind.SKELETON_STARTED, s.step(), s.status().wire())));
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (dir != null) {
                Folders.deleteQuietly(dir);
            }
        }
    }
}
