package workbook.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Step;
import workbook.compile.CompileResult;
import workbook.grade.Builds;
import workbook.jshell.Scenario;
import workbook.jshell.TryProcess;
import workbook.jshell.TrySession;
import workbook.report.Human;
import workbook.run.NativeLibrary;
import workbook.workspace.Workspace;

@Command(name = "try", description = {"An interactive JShell with your classes loaded, the lab's bridge, and step N's scene: next() plays it.",
        "내 클래스를 올린 JShell: 실습의 다리와 N단계 장면이 준비되어 있고 next() 로 한 순간씩 실행합니다."})
final class TryCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", arity = "0..1", paramLabel = "N", description = "step number")
    Integer step;

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        Workspace ws = lab.workspace(options.err());
        Builds builds = lab.builds();
        CompileResult mine = builds.learner(ws.learnerFiles());
        if (!mine.ok()) {
            new Human(lab.msg, options.out()).compileErrors(mine.diagnostics());
            return 1;
        }
        Scenario scene = null;
        Path sceneFile = null;
        if (step != null) {
            Step s = Steps.one(lab, step);
            Path file = Scenario.file(s.folder());
            scene = Files.exists(file) ? Scenario.read(file) : null;
            sceneFile = scene == null ? null : file;
        }
        List<String> cp = new ArrayList<>();
        cp.addAll(builds.learnerRun(mine.classes()));
        cp.add(builds.bridge().toString());
        builds.libraries().forEach(p -> cp.add(p.toString()));
        options.out().println(lab.msg.get("try.banner", Workspace.display(ws.code()),
                lab.course.bridgeClass() != null ? lab.course.bridgeClass() : lab.course.learnerClass()));
        if (scene != null) {
            options.out().println(lab.msg.get("try.scene", step, scene.rows().size()));
        }
        // In the sandbox, like every run of learner code: the session and its remote JVM in a child process.
        return TryProcess.run(lab.host, lab.sandbox(true), cp, lab.course.lessons().resolve("_jshell").resolve("try.jsh"), sceneFile,
                lab.course.bridgeClass(), lab.remoteVmOptions(), options.in(), options.out(), options.err(),
                System.console() != null, new TrySession.Words(lab.msg.get("try.state"), lab.msg.get("try.end"),
                        guide(lab, builds, scene), workbook.jshell.Wrappers.of(cp, lab.course.bridgeClassName(),
                                lab.course.learnerClasses().stream().map(c -> lab.course.packageName() + "." + c).toList())));
    }

    /** Each moment's clause and what the reference does there, for next() to show beside the learner's. */
    private static TrySession.Guide guide(Lab lab, Builds builds, Scenario scene) {
        if (scene == null) {
            return TrySession.Guide.NONE;
        }
        List<workbook.jshell.Outcome> ref = new workbook.jshell.Tracer(lab.host, builds, lab.msg.lang(),
                lab.remoteVmOptions(), lab.sandbox(true)).reference(scene);
        return new TrySession.Guide(scene.rows().stream().map(r -> r.clause().in(lab.msg.lang())).toList(),
                ref.stream().map(workbook.jshell.Outcome::result).toList(), ref.stream().map(workbook.jshell.Outcome::state).toList(),
                scene.rows().stream().map(Scenario.Row::hide).toList(), lab.msg.get("try.reference"));
    }
}
