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
     * Calls {@link Main#run} with stdout and stderr captured. {@code Main.run} wraps whatever {@code System.out} is
     * at the time, so both streams are swapped for buffers around the call and put back afterwards.
     */
    public static synchronized Result run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long started = System.nanoTime();
        int exit;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = Main.run(args);
        } finally {
            System.out.flush();
            System.err.flush();
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        return new Result(List.of(args), exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                took);
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
}
