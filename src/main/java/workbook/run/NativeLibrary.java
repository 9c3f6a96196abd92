package workbook.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * sqlite-jdbc unpacks its native library into the temp folder in every JVM. Unpacking it once into the cache and
 * pointing the children at it saves each child that work.
 */
public final class NativeLibrary {
    private NativeLibrary() {}

    /** Options for a JShell remote JVM: capped heap, quick start, and the pre-extracted library. */
    public static List<String> remoteVmOptions(Path cache) {
        List<String> out = new java.util.ArrayList<>(List.of("-Xmx192m", "-XX:+ExitOnOutOfMemoryError",
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto"));
        out.addAll(jvmOptions(cache));
        return out;
    }

    /** JVM options that make a child load the pre-extracted library, or none when it cannot be prepared. */
    public static List<String> jvmOptions(Path cache) {
        try {
            String folder = org.sqlite.util.OSInfo.getNativeLibFolderPathForCurrentOS();
            String name = System.mapLibraryName("sqlitejdbc");
            String resource = "/org/sqlite/native/" + folder + "/" + name;
            String version = org.sqlite.SQLiteJDBCLoader.class.getPackage().getImplementationVersion();
            Path dir = cache.resolve("native").resolve((version == null ? "unknown" : version) + "-" + folder.replace('/', '-'));
            Path lib = dir.resolve(name);
            if (!Files.isRegularFile(lib)) {
                try (InputStream in = org.sqlite.SQLiteJDBCLoader.class.getResourceAsStream(resource)) {
                    if (in == null) {
                        return List.of();
                    }
                    Files.createDirectories(dir);
                    Path tmp = Files.createTempFile(dir, name, ".part");
                    Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                    Files.move(tmp, lib, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            return List.of("-Dorg.sqlite.lib.path=" + dir, "-Dorg.sqlite.lib.name=" + name);
        } catch (IOException | RuntimeException | LinkageError e) {
            return List.of();
        }
    }
}
