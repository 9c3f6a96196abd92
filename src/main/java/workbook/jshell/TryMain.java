package workbook.jshell;

import com.google.gson.Gson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code try} on learner code as a child process inside the sandbox ({@link TryProcess}): the JShell session and its
 * remote JVM run there, with this process's standard streams (the terminal, or the parent's pipes).
 */
public final class TryMain {
    private TryMain() {}

    /** One session: what {@link TrySession#run} takes, with the scene as its file (or null). */
    record Request(List<String> classpath, String startup, String scenario, String bridge, List<String> vmOptions,
                   boolean terminal, String stateWord, String endWord, TrySession.Guide guide, String wrappers) {}

    public static void main(String[] args) throws Exception {
        Request r = new Gson().fromJson(Files.readString(Path.of(args[0]), StandardCharsets.UTF_8), Request.class);
        Scenario scene = r.scenario() == null ? null : Scenario.read(Path.of(r.scenario()));
        // A process of its own: its host is this JVM as started (its temp folder is the one TryProcess gave it).
        int code = TrySession.run(workbook.run.Host.current().tmp(), r.classpath(), Path.of(r.startup()), scene, r.bridge(), workbook.child.Relay.resolve(r.vmOptions()), System.in,
                System.out, System.err, r.terminal(), new TrySession.Words(r.stateWord(), r.endWord(),
                r.guide() == null ? TrySession.Guide.NONE : r.guide(), r.wrappers() == null ? "" : r.wrappers()));
        System.out.flush();
        Runtime.getRuntime().halt(code);
    }
}
