package workbook.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicWriteTest {
    @TempDir Path dir;

    @Test
    void aNewFileGetsThePermissionsAnyNewFileGetsHere() throws IOException {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
        Path plain = Files.writeString(dir.resolve("plain.txt"), "x"); // made with the process's umask
        Path written = dir.resolve("grades.csv");
        AtomicWrite.text(written, "a,b\n");
        assertEquals("a,b\n", Files.readString(written));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(written));
    }

    @Test
    void aFileWrittenAgainKeepsItsPermissions() throws IOException {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
        Path file = Files.writeString(dir.resolve("Jobs.java"), "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
        AtomicWrite.text(file, "new");
        assertEquals("new", Files.readString(file));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        try (var left = Files.list(dir)) {
            assertEquals(1, left.count(), "no .part file is left beside it");
        }
    }
    /** A temp file a killed write left beside the target is swept by the next write there; a fresh one is kept. */
    @Test
    void aPartFileLeftByAKilledWriteIsSweptByTheNextWrite(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("Jobs.java");
        Path stale = dir.resolve(".Jobs.java.k3j9x2.part");
        Path fresh = dir.resolve(".Jobs.java.a1b2c3.part");
        Path other = dir.resolve(".Other.java.k3j9x2.part");
        for (Path p : new Path[] {stale, fresh, other}) {
            Files.writeString(p, "half");
        }
        java.nio.file.attribute.FileTime old = java.nio.file.attribute.FileTime.fromMillis(
                System.currentTimeMillis() - AtomicWrite.STALE.toMillis() - 60_000);
        Files.setLastModifiedTime(stale, old);
        Files.setLastModifiedTime(other, old);
        AtomicWrite.text(target, "class Jobs {}");
        assertEquals("class Jobs {}", Files.readString(target));
        assertEquals(false, Files.exists(stale), "the old part file of this target is swept");
        assertEquals(true, Files.exists(fresh), "a write in progress keeps its part file");
        assertEquals(true, Files.exists(other), "another file's part file is not this write's to sweep");
    }
}
