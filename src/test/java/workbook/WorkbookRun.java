package workbook;

import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import workbook.cli.Main;
import workbook.run.Host;

/**
 * Runs the workbook's command line in this JVM and hands back its exit code, its output and its JSON, plus the
 * fixture plumbing the golden-file tests share: listing fixture folders and turning one into a workspace.
 */
public final class WorkbookRun {
    static {
        // Surefire sets -Dworkbook.home=${project.basedir}; an IDE run from the project folder needs the same.
        if (System.getProperty("workbook.home") == null) {
            System.setProperty("workbook.home", Path.of("").toAbsolutePath().toString());
        }
    }

    private WorkbookRun() {}

    /** One finished command: exit code, what it printed on stdout and stderr, and how long it took. */
    public record Result(List<String> args, int exit, String out, String err, Duration took) {
        /** The {@code --json} output as an object; fails the test with the raw output when it is not JSON. */
        public JsonObject json() {
            try {
                JsonElement e = JsonParser.parseString(out);
                if (e.isJsonObject()) {
                    return e.getAsJsonObject();
                }
            } catch (RuntimeException ignored) {
                // reported below
            }
            return fail("workbook " + String.join(" ", args) + " (exit " + exit + ") did not print one JSON object."
                    + "\n--- stdout ---\n" + clip(out) + "\n--- stderr ---\n" + clip(err));
        }

        /** For failure messages: the command and a bounded piece of what it printed. */
        public String describe() {
            return "workbook " + String.join(" ", args) + " → exit " + exit + " in " + took.toMillis() + " ms"
                    + "\n--- stdout ---\n" + clip(out) + "\n--- stderr ---\n" + clip(err);
        }
    }

    /**
     * Calls {@link Main#run} on a host whose standard output and error are buffers and whose input is empty. Nothing
     * of this JVM's own streams or properties changes, so runs on different threads do not see each other's output.
     */
    public static Result run(String... args) {
        return run(Host.current(), "", args);
    }

    /** {@link #run} on {@code host}'s class path, Java and folders, with {@code stdin} as what the learner types. */
    public static Result run(Host host, String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long started = System.nanoTime();
        int exit = Main.run(host.withStreams(new java.io.ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)), args);
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        return new Result(List.of(args), exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                took);
    }

    /**
     * Like {@link #run}, but with the class path the {@code ./workbook} launcher gives the runner: jars only.
     *
     * <p>The runner forks its child JVMs from its host's class path. Under Maven that holds directories
     * ({@code target/classes}, {@code target/test-classes}), and a child started with
     * {@code -XX:ArchiveClassesAtExit} (the runner's AppCDS recording) cannot dump an archive for such a path: every
     * child that ends through {@code System.exit} then ends with status 1 instead of its own, and no child gets the
     * archive's faster start. The fixture tests therefore run the runner the way learners do: this method puts the
     * runner's classes in a jar and gives the run a host with a jar-only class path ({@link #launcher}). It is still
     * the same {@link Main#run} in this JVM.
     */
    public static Result runAsLauncher(String... args) {
        return run(launcher(), "", args);
    }

    /** This JVM as a host, with the launcher's jar-only class path (see {@link #runAsLauncher}). */
    public static Host launcher() {
        return Host.current().withClassPath(launcherClassPath());
    }

    private static String launcherClassPath;

    /**
     * The runner's classes as one jar, then the jars of Maven's class path. The jar's path and bytes depend only on
     * the classes, so every test JVM of one build (Surefire forks several) hands its children the same class path: the
     * children then share one class-data archive ({@code ClassDataArchive} keys it by the class path). With a jar per
     * JVM each fork recorded its own archive and, as the runner keeps only the archive of its own class path, removed
     * the others' — so nearly every child recorded anew and started without one.
     */
    private static synchronized String launcherClassPath() {
        if (launcherClassPath != null) {
            return launcherClassPath;
        }
        try {
            Path classes = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            List<String> entries = new java.util.ArrayList<>();
            entries.add(Files.isDirectory(classes) ? sharedJar(classes).toString() : classes.toString());
            for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
                if (!e.isBlank() && Files.isRegularFile(Path.of(e)) && !entries.contains(e)) {
                    entries.add(e);
                }
            }
            launcherClassPath = String.join(java.io.File.pathSeparator, entries);
            return launcherClassPath;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * {@code target/test-launcher/<digest of the classes>/workbook.jar}: written once (to a temporary name, then linked
     * into place), never replaced, so its time stamp stays what the class-data archive recorded. A test JVM that finds
     * it there already uses it as it is.
     */
    private static Path sharedJar(Path classes) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(classes)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        java.security.MessageDigest md;
        try {
            md = java.security.MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (Path f : files) {
            md.update(classes.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            md.update(Files.readAllBytes(f));
        }
        String digest = java.util.HexFormat.of().formatHex(md.digest()).substring(0, 16);
        Path dir = Files.createDirectories(classes.getParent().resolve("test-launcher").resolve(digest));
        Path jar = dir.resolve("workbook.jar");
        if (Files.isRegularFile(jar)) {
            return jar;
        }
        Path part = Files.createTempFile(dir, "workbook-", ".jar.part");
        try {
            try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(part))) {
                for (Path f : files) {
                    var entry = new java.util.jar.JarEntry(classes.relativize(f).toString().replace('\\', '/'));
                    entry.setTime(0);
                    out.putNextEntry(entry);
                    Files.copy(f, out);
                    out.closeEntry();
                }
            }
            Files.createLink(jar, part); // fails, unlike a move, when the jar is already there
        } catch (java.nio.file.FileAlreadyExistsException raced) {
            // another test JVM put the same jar there first
        } finally {
            Files.deleteIfExists(part);
        }
        return jar;
    }

    /** The project folder the workbook reads its lessons, answers and mutants from. */
    public static Path home() {
        return Path.of(System.getProperty("workbook.home")).toAbsolutePath().normalize();
    }

    /** {@code src/test/resources/fixtures/<kind>} as copied to the test class path. */
    public static Path fixtures(String kind) {
        URL url = WorkbookRun.class.getResource("/fixtures/" + kind);
        if (url == null) {
            throw new IllegalStateException("no fixtures/" + kind + " on the test class path");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The case folders of one fixture kind, by name, for {@code @MethodSource}. */
    public static Stream<String> cases(String kind) {
        try (Stream<Path> dirs = Files.list(fixtures(kind))) {
            return dirs.filter(Files::isDirectory).map(d -> d.getFileName().toString()).sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonObject expected(Path fixture) {
        try {
            return JsonParser.parseString(Files.readString(fixture.resolve("expected.json"), StandardCharsets.UTF_8))
                    .getAsJsonObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Makes {@code dir} a workspace from a fixture: its {@code lease/*.java} files are copied to {@code dir/lease/}.
     * A fixture without its own {@code Jobs.java} gets the reference (test-suite fixtures are about JobsTest.java).
     * A fixture whose expected.json says {@code "suiteFrom": "other"} and {@code "without": [methods]} gets the other
     * fixture's {@code JobsTest.java} with those test methods taken out (a suite that skips one clause).
     */
    public static Path workspace(Path fixture, Path dir) {
        try {
            Path lease = Files.createDirectories(dir.resolve("lease"));
            Path source = fixture.resolve("lease");
            if (Files.isDirectory(source)) {
                try (Stream<Path> files = Files.list(source)) {
                    for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                        Files.copy(f, lease.resolve(f.getFileName().toString()));
                    }
                }
            }
            if (Files.exists(fixture.resolve("expected.json")) && expected(fixture).has("suiteFrom")) {
                JsonObject exp = expected(fixture);
                String suite = Files.readString(fixture.resolveSibling(exp.get("suiteFrom").getAsString())
                        .resolve("lease/JobsTest.java"), StandardCharsets.UTF_8);
                for (JsonElement m : exp.getAsJsonArray("without")) {
                    String text = suite;
                    var span = workbook.workspace.JavaMethods.find(text, m.getAsString())
                            .orElseThrow(() -> new IllegalStateException("no test method " + m + " to take out"));
                    suite = text.substring(0, span.start()) + text.substring(span.end());
                }
                Files.writeString(lease.resolve("JobsTest.java"), suite, StandardCharsets.UTF_8);
            }
            if (!Files.exists(lease.resolve("Jobs.java"))) {
                Files.copy(home().resolve("answers/lease/Jobs.java"), lease.resolve("Jobs.java"));
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String clip(String s) {
        return s.length() <= 6000 ? s : s.substring(0, 6000) + "\n… (" + (s.length() - 6000) + " more characters)";
    }

    /** A copy of the fixture home of small labs ({@code fixtures/labs}) in {@code home}: its content can then change. */
    public static Path copyOfLabsHome(Path home) throws java.io.IOException {
        Path from = fixtures("labs");
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(from)) {
            for (Path f : files.toList()) {
                Path to = home.resolve(from.relativize(f).toString());
                if (java.nio.file.Files.isDirectory(f)) {
                    java.nio.file.Files.createDirectories(to);
                } else {
                    java.nio.file.Files.copy(f, to);
                }
            }
        }
        return home;
    }

    /** {@link #runAsLauncher} with {@code home} as the workbook's home for this one run. */
    public static synchronized Result inHome(Path home, String... args) {
        String saved = System.getProperty("workbook.home");
        try {
            System.setProperty("workbook.home", home.toString());
            return runAsLauncher(args);
        } finally {
            System.setProperty("workbook.home", saved);
        }
    }

    /** The lines of {@code screen} wider than {@code columns} cells, leaving out a line of one unbreakable word. */
    public static List<String> wider(String screen, int columns) {
        return screen.lines().filter(l -> workbook.report.Terminal.width(l.replaceAll("\u001B\\[[0-9;]*m", "")) > columns)
                .filter(l -> l.strip().contains(" ")).toList();
    }
}
