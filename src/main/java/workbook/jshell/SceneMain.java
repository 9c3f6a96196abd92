package workbook.jshell;

import com.google.gson.Gson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The JShell side of a scene on learner code, run as a child process inside the sandbox (so the JShell remote JVM,
 * its own child, is inside it too): {@code SceneMain REQUEST} plays the scene the request names and prints the
 * outcomes as one JSON line.
 */
public final class SceneMain {
    private SceneMain() {}

    /** What to play: the scene file, the class path, the remote JVM's options and the bridge class. */
    record Request(String scenario, List<String> classpath, List<String> vmOptions, String bridge) {}

    public static final String MARK = "#outcomes# ";

    public static void main(String[] args) throws Exception {
        Request r = new Gson().fromJson(Files.readString(Path.of(args[0]), StandardCharsets.UTF_8), Request.class);
        // A lab's server is reached through a relay on this sandbox's loopback, which JShell's remote JVM shares.
        List<Outcome> outcomes = new SceneRunner(r.classpath(), workbook.child.Relay.resolve(r.vmOptions()), r.bridge())
                .play(Scenario.read(Path.of(r.scenario())));
        System.out.println(MARK + new Gson().toJson(outcomes));
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }
}
