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
import workbook.compile.CompileResult;
import workbook.grade.Builds;
import workbook.report.StoryView;
import workbook.story.Conductor;
import workbook.story.Script;
import workbook.workspace.Workspace;

@Command(name = "story", description = {"Play the lab's story with real processes running your code: workers frozen and resumed with real signals, on one timeline.",
        "실습의 이야기를 내 코드를 돌리는 실제 프로세스들로 재현합니다: 진짜 신호로 멈추고 깨우는 워커들을 한 시간선에."})
final class StoryCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        Path file = Script.file(lab.course.lessons());
        if (!Files.exists(file)) {
            throw new Lab.SetupError(lab.msg.get("story.none"));
        }
        Script script = Script.read(file);
        Workspace ws = lab.workspace(options.err());
        Builds builds = lab.builds();
        CompileResult mine = builds.learner(ws.learnerFiles());
        if (!mine.ok()) {
            options.out().println(lab.msg.get("story.compile"));
            mine.diagnostics().forEach(d -> options.out().println("  " + d));
            return 1;
        }
        List<String> classpath = new ArrayList<>(builds.learnerRun(mine.classes()));
        classpath.add(builds.storyClasses(file.getParent()).toString());
        builds.libraries().forEach(p -> classpath.add(p.toString()));
        classpath.add(Lab.codeSource(workbook.child.Relay.class));
        Path tmp;
        try {
            tmp = Files.createTempDirectory("workbook-story-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Conductor.Play play;
        try {
            play = new Conductor(lab.sandbox(), lab.workerJava(), classpath, tmp).play(script);
        } finally {
            workbook.workspace.Folders.deleteQuietly(tmp);
        }
        if (options.json) {
            options.out().println(workbook.report.Json.of(play, lab.msg));
            return play.stopped() == null ? 0 : 1;
        }
        StoryView.render(script, play, lab.msg, options.out());
        if (play.stopped() == null) {
            options.out().println(lab.msg.get("story.next"));
        }
        return play.stopped() == null ? 0 : 1;
    }


}
