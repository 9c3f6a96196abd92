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
}
