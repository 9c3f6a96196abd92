package workbook.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Step;
import workbook.verdict.Verdicts;
import workbook.report.Classroom;
import workbook.report.Human;
import workbook.report.JUnitXml;
import workbook.report.Json;
import workbook.workspace.AtomicWrite;
import workbook.workspace.Workspace;

@Command(name = "check", description = {"Run the official tests against your files (all steps, or step N).",
        "공식 시험으로 내 파일을 채점합니다 (전체 또는 N단계)."})
final class CheckCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", arity = "0..1", paramLabel = "N", description = "step number")
    Integer step;

    @Option(names = {"-v", "--verbose"}, description = "List passing tests too.")
    boolean verbose;

    @Option(names = "--json-file", paramLabel = "FILE",
            description = "Also write the verdict as JSON (what --json prints) to FILE; the screen stays as it is.")
    java.nio.file.Path jsonFile;

    @Option(names = "--junit", paramLabel = "FILE",
            description = "Also write the verdict as JUnit XML (Maven Surefire's format) to FILE, whatever the verdict.")
    Path junit;

    /** The argument of {@code --classroom} that means standard output. */
    static final String STDOUT = "-";

    @Option(names = "--classroom", paramLabel = "FILE|-",
            description = {"Also write GitHub Classroom's autograding result (v1 JSON, points per step) to FILE.",
                    "With -, print it base64-encoded on standard output (for $GITHUB_OUTPUT); the report then goes to standard error."})
    String classroom;

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        workbook.run.Timing.mark("lab open");
        List<Step> steps = Steps.select(lab, step);
        Workspace ws = workspace(lab, steps);
        var grader = lab.grader();
        workbook.run.Timing.mark("grader ready");
        Verdicts.Check verdict = grader.check(ws, steps);
        PrintStream screen = STDOUT.equals(classroom) ? options.err() : options.out();
        JsonFile.write(jsonFile, Json.of(verdict, lab.msg));
        if (options.json) {
            screen.println(Json.of(verdict, lab.msg));
        } else {
            new Human(lab.msg, screen).check(verdict, verbose);
        }
        writeReports(lab, verdict);
        Recording.receipt(lab, ws, workbook.receipt.Receipts.of(lab.sealer(), "check", lab.course, ws,
                steps.stream().map(Step::number).toList(), false, verdict, null));
        Recording.afterCheck(lab, ws, verdict, options.json || STDOUT.equals(classroom));
        return verdict.ok() ? 0 : 1;
    }

    /**
     * The learner's workspace. When it is missing and a Classroom result is asked for, the result still says so (an
     * error worth nothing of the steps' points) before the setup error ends the command.
     */
    private Workspace workspace(Lab lab, List<Step> steps) {
        try {
            return lab.workspace(options.err());
        } catch (Lab.SetupError e) {
            if (classroom != null) {
                writeClassroom(lab, Classroom.setupError(steps.stream().mapToInt(Step::points).sum(), e.getMessage(), lab.msg));
            }
            throw e;
        }
    }

    /** The report files asked for, each written whole or not at all. */
    private void writeReports(Lab lab, Verdicts.Check verdict) {
        if (junit != null) {
            writeFile(lab, junit, JUnitXml.of(verdict, null, lab.course.id(), lab.msg));
        }
        if (classroom != null) {
            writeClassroom(lab, Classroom.json(verdict,
                    n -> lab.course.step(n).map(Step::points).orElse(Step.DEFAULT_POINTS), lab.msg));
        }
    }

    private void writeClassroom(Lab lab, String json) {
        if (STDOUT.equals(classroom)) {
            options.out().println(Classroom.base64(json));
        } else {
            writeFile(lab, Path.of(classroom), json);
        }
    }

    private static void writeFile(Lab lab, Path file, String text) {
        try {
            AtomicWrite.text(file, text);
        } catch (IOException | RuntimeException e) {
            throw new Lab.SetupError(lab.msg.get("report.cannotWrite", Workspace.display(file), String.valueOf(e.getMessage())));
        }
    }
}
