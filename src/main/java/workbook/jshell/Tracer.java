package workbook.jshell;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import workbook.catalogue.Step;
import workbook.compile.CompileResult;
import workbook.compile.SourceDiagnostic;
import workbook.grade.Builds;
import workbook.workspace.Workspace;

/**
 * {@code trace N}: plays step N's scene against the learner's classes and the reference side by side and finds the
 * first moment where they part.
 */
public final class Tracer {
    private final Builds builds;
    private final String lang;
    private final List<String> vmOptions;

    private final workbook.run.Sandbox sandbox;
    private final workbook.run.Host host;

    /**
     * @param host the Java, class path and temp folder the learner's side is started with
     * @param sandbox where the learner's side of a scene runs (its JShell remote JVM included)
     */
    public Tracer(workbook.run.Host host, Builds builds, String lang, List<String> vmOptions, workbook.run.Sandbox sandbox) {
        this.host = host;
        this.sandbox = sandbox;
        this.builds = builds;
        this.lang = lang;
        this.vmOptions = List.copyOf(vmOptions);
    }

    /** The step has no scene to play ({@code scenario.json}). */
    public static final class NoScenario extends IllegalArgumentException {
        private final int step;

        NoScenario(int step) {
            super("step " + step + " has no scenario");
            this.step = step;
        }

        public int step() {
            return step;
        }
    }

    /** One moment of the timeline, as both sides saw it. */
    public record Row(int row, double t, String who, String call, String clause, Outcome learner, Outcome reference,
                      boolean same) {}

    /** Where the learner first differs from the reference; null in the verdict when they agree throughout. */
    public record Divergence(int row, String call, String learner, String reference, String clause) {}

    public record Trace(String command, int step, String title, boolean compiled, List<SourceDiagnostic> diagnostics,
                        List<Row> rows, Divergence firstDivergence) {}

    public Trace trace(Step step, Workspace ws) {
        Path file = Scenario.file(step.folder());
        if (!Files.exists(file)) {
            throw new NoScenario(step.number());
        }
        Scenario scene = Scenario.read(file);
        CompileResult mine = builds.learner(ws.learnerFiles());
        String title = step.title().in(lang);
        if (!mine.ok()) {
            return new Trace("trace", step.number(), title, false, mine.diagnostics(), List.of(), null);
        }
        Path bridge = builds.bridge();
        String bridgeClass = builds.course().bridgeClassName();
        List<String> libs = builds.libraries().stream().map(Path::toString).toList();
        // Each side's scene writes its databases into a temp folder of its own, removed when the trace is done.
        Path tmp = temp();
        List<Outcome> theirs;
        List<Outcome> reference;
        try {
            Path mineTmp = Files.createDirectories(tmp.resolve("mine-host"));
            CompletableFuture<List<Outcome>> learner = CompletableFuture.supplyAsync(() ->
                    new SceneProcess(host, sandbox).play(file, scene.rows().size(),
                            classpath(builds.learnerRun(mine.classes()), bridge, libs), in(mineTmp, "mine"), bridgeClass, mineTmp));
            reference = new SceneRunner(classpath(List.of(builds.reference().toString()), bridge, libs),
                    workbook.child.Relay.resolve(in(tmp, "reference")), bridgeClass).play(scene);
            theirs = learner.join();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            workbook.workspace.Folders.deleteQuietly(tmp);
        }
        return compared(step.number(), title, scene, theirs, reference);
    }

    /** The two sides moment by moment, and where they first part. */
    private Trace compared(int step, String title, Scenario scene, List<Outcome> theirs, List<Outcome> reference) {
        List<Row> rows = new ArrayList<>();
        Divergence first = null;
        for (int i = 0; i < scene.rows().size(); i++) {
            Scenario.Row r = scene.rows().get(i);
            Outcome l = theirs.get(i);
            Outcome ref = reference.get(i);
            boolean same = l.sameAs(ref);
            String clause = r.clause().in(lang);
            rows.add(new Row(i + 1, r.t(), r.who(), r.shown(builds.course().bridgeClass()), clause, l, ref, same));
            if (!same && first == null) {
                first = new Divergence(i + 1, r.shown(builds.course().bridgeClass()), describe(l), describe(ref), clause);
            }
        }
        return new Trace("trace", step, title, true, List.of(), rows, first);
    }

    private Path temp() {
        try {
            return workbook.workspace.Folders.scratch(host.tmp(), "workbook-trace-");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The remote JVM's options, with {@code java.io.tmpdir} a fresh folder below {@code tmp}. */
    private List<String> in(Path tmp, String side) {
        try {
            Path dir = Files.createDirectories(tmp.resolve(side));
            List<String> out = new ArrayList<>(vmOptions);
            out.add("-Djava.io.tmpdir=" + dir);
            return out;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String describe(Outcome o) {
        return o.result() + " | " + o.state();
    }

    /**
     * The reference's side of a scene alone (for {@code try}, which shows it beside each moment the learner plays).
     * The reference is the lesson's own code: it runs here, in a JShell of this process.
     */
    public List<Outcome> reference(Scenario scene) {
        Path tmp = temp();
        try {
            return new SceneRunner(classpath(List.of(builds.reference().toString()), builds.bridge(),
                    builds.libraries().stream().map(Path::toString).toList()), workbook.child.Relay.resolve(in(tmp, "reference")),
                    builds.course().bridgeClassName()).play(scene);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            workbook.workspace.Folders.deleteQuietly(tmp);
        }
    }

    private static List<String> classpath(List<String> learner, Path bridge, List<String> libs) {
        List<String> cp = new ArrayList<>(learner);
        cp.add(bridge.toString());
        cp.addAll(libs);
        return cp;
    }
}
