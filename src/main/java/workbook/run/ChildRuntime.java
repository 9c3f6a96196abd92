package workbook.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The Java runtime children run on: an image made with {@code jlink} from this JDK that holds only
 * {@link ChildModule#MODULES} (and what they require). Learner code in a child then finds no module that reads
 * another object's memory (sun.misc.Unsafe, the attach API, the heap-dump bean, a debugger agent), and the image's
 * {@code bin/} holds no {@code jhsdb} or {@code jcmd}. The JDK's own {@code --limit-modules} would do the first
 * half, but a JVM started with it maps no class-data archive (every child would start slower); the image has its own.
 *
 * <p>Made once per JDK into the cache (about 9 s on 2 cores, 120 MB), in a folder of its own and then renamed into
 * place, so two workbooks making it at once both end with a whole image. Where the JDK has no {@code jlink} or no
 * {@code jmods} (some distributions ship them apart), there is none: children then run on the JDK itself with
 * {@code --limit-modules}.
 */
final class ChildRuntime {
    private ChildRuntime() {}

    private static final String DONE = ".complete";

    /** The image's home folder (with {@code bin/java}), made now if needed; empty where it cannot be made. */
    static synchronized Optional<Path> image(Path cacheRoot, Path javaHome) {
        if ("none".equals(System.getProperty("workbook.childRuntime"))) {
            return Optional.empty();
        }
        Path home = cacheRoot.resolve("runtime").resolve(key(javaHome));
        if (Files.isRegularFile(home.resolve(DONE)) && Files.isRegularFile(home.resolve("bin").resolve("java"))) {
            executeOnly(home.resolve("bin").resolve("java"));
            return Optional.of(home);
        }
        Path jlink = javaHome.resolve("bin").resolve("jlink");
        Path jmods = javaHome.resolve("jmods");
        if (!Files.isExecutable(jlink) || (!Files.isDirectory(jmods) && Runtime.version().feature() < 24)) {
            return Optional.empty();
        }
        return made(jlink, home);
    }

    /**
     * The image made with {@code jlink} in a folder of its own, then moved to {@code home} in one step (another
     * workbook making it at the same time loses the race harmlessly); empty when jlink fails.
     */
    private static Optional<Path> made(Path jlink, Path home) {
        Path part = home.resolveSibling(home.getFileName() + "." + ProcessHandle.current().pid() + "-" + System.nanoTime() + ".part");
        try {
            Files.createDirectories(home.getParent());
            // A process of its own: the archive step's JVM prints to the standard output it inherits.
            int status = jlink(jlink, part, true);
            if (status != 0) {
                // --generate-cds-archive is newer than some JDKs: once more without it (the JDK's archive is then unused).
                workbook.workspace.Folders.deleteQuietly(part);
                status = jlink(jlink, part, false);
            }
            if (status != 0) {
                workbook.workspace.Folders.deleteQuietly(part);
                return Optional.empty();
            }
            Files.writeString(part.resolve(DONE), Runtime.version().toString());
            try {
                Files.move(part, home, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException raced) {
                workbook.workspace.Folders.deleteQuietly(part); // another workbook made it first
            }
            return Files.isRegularFile(home.resolve(DONE)) ? Optional.of(home) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            workbook.workspace.Folders.deleteQuietly(part);
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            workbook.workspace.Folders.deleteQuietly(part);
            return Optional.empty();
        }
    }

    private static int jlink(Path jlink, Path out, boolean archive) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of(jlink.toString(), "--add-modules", String.join(",", ChildModule.MODULES),
                "--output", out.toString(), "--strip-debug", "--no-header-files", "--no-man-pages"));
        if (archive) {
            cmd.add("--generate-cds-archive");
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(300, java.util.concurrent.TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }

    /**
     * The image's {@code java} executable but not readable ({@code --x--x--x}): a JVM executed from such a file by a
     * process without capabilities is undumpable, so no other process of its sandbox may trace it or read its memory
     * (see {@link Sandbox}). Outside a sandbox it changes nothing: its owner still runs it.
     */
    private static void executeOnly(Path launcher) {
        try {
            java.util.Set<java.nio.file.attribute.PosixFilePermission> x = java.util.EnumSet.of(
                    java.nio.file.attribute.PosixFilePermission.OWNER_EXECUTE,
                    java.nio.file.attribute.PosixFilePermission.GROUP_EXECUTE,
                    java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE);
            if (!Files.getPosixFilePermissions(launcher).equals(x)) {
                Files.setPosixFilePermissions(launcher, x);
            }
        } catch (IOException | UnsupportedOperationException e) {
            // a file system without POSIX permissions: the JVM stays dumpable, as on the JDK itself
        }
    }

    private static String key(Path javaHome) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(javaHome.toString().getBytes(StandardCharsets.UTF_8));
            md.update(Runtime.version().toString().getBytes(StandardCharsets.UTF_8));
            md.update(String.join(",", ChildModule.MODULES).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
