package workbook.run;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What the workbook takes from the machine and the process it runs in, read once in {@code Main} and handed to whatever
 * needs it: the class path its children are started from, the Java that starts them, the temp folder, the user's
 * home and cache and config folders, and the streams it prints on and reads from.
 *
 * <p>Nothing below {@code Main} reads {@code java.class.path}, {@code java.home}, {@code java.io.tmpdir},
 * {@code user.home}, the {@code XDG_*} variables or {@code System.out}/{@code err}/{@code in} itself: a test can then run
 * the workbook with a class path or streams of its own without changing the JVM's, and two runs in one JVM do not
 * step on each other. (A separate process's {@code main}, such as JShell's host, makes its own with {@link #current}.)
 *
 * @param classPath the runner's class path, absolute, in order: what children and workers are started with
 * @param javaHome the Java whose {@code bin/java} and {@code jlink} are used
 * @param tmp the temp folder
 * @param home the user's home folder
 * @param cacheHome where per-user caches go ({@code -Dworkbook.userCache}, else {@code $XDG_CACHE_HOME/workbook},
 *     else {@code ~/.cache/workbook}, else a folder in {@code tmp} when none of these can be written)
 * @param configHome where per-user settings go ({@code $XDG_CONFIG_HOME}, else {@code ~/.config})
 * @param out the screen (standard output, or what the command prints into)
 * @param err progress and notices (standard error)
 * @param in what the learner types (standard input)
 */
public record Host(List<Path> classPath, Path javaHome, Path tmp, Path home, Path cacheHome, Path configHome,
        PrintStream out, PrintStream err, InputStream in) {
    public Host {
        classPath = List.copyOf(classPath);
        Objects.requireNonNull(javaHome, "javaHome");
        Objects.requireNonNull(tmp, "tmp");
        Objects.requireNonNull(home, "home");
        Objects.requireNonNull(cacheHome, "cacheHome");
        Objects.requireNonNull(configHome, "configHome");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
        Objects.requireNonNull(in, "in");
    }

    /** This process as it is: its system properties, environment and standard streams (UTF-8). */
    public static Host current() {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Path home = Path.of(System.getProperty("user.home"));
        return new Host(parse(System.getProperty("java.class.path", "")), Path.of(System.getProperty("java.home")), tmp,
                home, cacheHome(System.getProperty("workbook.userCache"), System.getenv("XDG_CACHE_HOME"), home, tmp),
                configHome(System.getenv("XDG_CONFIG_HOME"), home),
                new PrintStream(System.out, true, StandardCharsets.UTF_8),
                new PrintStream(System.err, true, StandardCharsets.UTF_8), System.in);
    }

    /** The same host reading {@code in} and printing on {@code out} and {@code err}. */
    public Host withStreams(InputStream in, PrintStream out, PrintStream err) {
        return new Host(classPath, javaHome, tmp, home, cacheHome, configHome, out, err, in);
    }

    /** The same host printing its screen on {@code out} (standard error unchanged). */
    public Host withOut(PrintStream out) {
        return withStreams(in, out, err);
    }

    /** The same host with another class path (as {@code java.class.path} would give it). */
    public Host withClassPath(String classPath) {
        return new Host(parse(classPath), javaHome, tmp, home, cacheHome, configHome, out, err, in);
    }


    /** {@code bin/java} of {@link #javaHome}. */
    public Path java() {
        return javaHome.resolve("bin").resolve("java");
    }

    /** The class path as a {@code -cp} argument. */
    public String classPathArgument() {
        return String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList());
    }

    /** Whether the class path holds jars only (no class folders, as under Maven or in an IDE). */
    public boolean jarsOnly() {
        return classPath.stream().allMatch(p -> p.toString().endsWith(".jar") && !Files.isDirectory(p));
    }

    /**
     * Where children keep their temporary files. Learner tests create many small SQLite databases and every commit
     * syncs to disk; on a memory file system ({@code /dev/shm}) that costs nothing, so it is preferred when writable.
     */
    public Path fastTmp() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) && Files.isWritable(shm) ? shm : tmp;
    }


    static List<Path> parse(String classPath) {
        return Arrays.stream(classPath.split(File.pathSeparator)).filter(e -> !e.isBlank())
                .map(e -> Path.of(e).toAbsolutePath().normalize()).toList();
    }

    static Path cacheHome(String asked, String xdg, Path home, Path tmp) {
        if (asked != null && !asked.isBlank()) {
            return Path.of(asked).toAbsolutePath().normalize();
        }
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : home.resolve(".cache");
        Path dir = base.resolve("workbook").toAbsolutePath().normalize();
        try {
            Files.createDirectories(dir);
            if (Files.isWritable(dir)) {
                return dir;
            }
        } catch (IOException | RuntimeException e) {
            // below
        }
        return tmp.resolve("workbook-" + System.getProperty("user.name", "user")).toAbsolutePath().normalize();
    }

    static Path configHome(String xdg, Path home) {
        return xdg != null && !xdg.isBlank() ? Path.of(xdg) : home.resolve(".config");
    }
}
