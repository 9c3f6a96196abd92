package workbook.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostTest {
    @TempDir Path dir;

    @Test
    void aClassPathIsReadAbsoluteInOrderWithoutBlanks() {
        Host h = Host.current().withClassPath("b.jar" + File.pathSeparator + File.pathSeparator + dir.resolve("a.jar"));
        assertEquals(List.of(Path.of("b.jar").toAbsolutePath().normalize(), dir.resolve("a.jar")), h.classPath());
        assertEquals(h.classPath().get(0) + File.pathSeparator + dir.resolve("a.jar"), h.classPathArgument());
    }

    @Test
    void onlyAClassPathOfJarsCanCarryAClassDataArchive() throws Exception {
        Path jar = Files.createFile(dir.resolve("x.jar"));
        Path folder = Files.createDirectories(dir.resolve("classes"));
        assertTrue(Host.current().withClassPath(jar.toString()).jarsOnly());
        assertFalse(Host.current().withClassPath(jar + File.pathSeparator + folder).jarsOnly());
    }

    @Test
    void theCacheIsWhereItIsAskedForElseUnderXdgElseUnderHome() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        assertEquals(dir.resolve("asked"), Host.cacheHome(dir.resolve("asked").toString(), "/nowhere", home, dir));
        assertEquals(dir.resolve("xdg").resolve("workbook"), Host.cacheHome(null, dir.resolve("xdg").toString(), home, dir));
        assertEquals(home.resolve(".cache").resolve("workbook"), Host.cacheHome(" ", "", home, dir));
        assertEquals(home.resolve(".config"), Host.configHome(null, home));
        assertEquals(Path.of("/x"), Host.configHome("/x", home));
    }

    @Test
    void theJavaIsTheOneOfItsHome() {
        Host h = Host.current();
        assertEquals(h.javaHome().resolve("bin").resolve("java"), h.java());
        assertTrue(Files.isExecutable(h.java()));
    }
}
