package workbook.receipt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReceiptKeyTest {
    @TempDir Path dir;

    @Test
    void aKeyIsMadeOnceReadableByItsOwnerAloneAndReadBackTheSame() throws IOException {
        Path file = dir.resolve("config/workbook/receipt.key");
        ReceiptKey made = ReceiptKey.load(file).orElseThrow();
        ReceiptKey again = ReceiptKey.load(file).orElseThrow();
        assertEquals(made.id(), again.id());
        assertEquals(made.mac(new byte[] {1, 2}), again.mac(new byte[] {1, 2}));
        assertNotEquals(made.mac(new byte[] {1, 2}), made.mac(new byte[] {1, 3}));
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        }
        try (var left = Files.list(file.getParent())) {
            assertEquals(1, left.count(), "no .part file is left");
        }
        ReceiptKey other = ReceiptKey.load(dir.resolve("elsewhere.key")).orElseThrow();
        assertNotEquals(made.id(), other.id(), "another machine, another key");
    }

    @Test
    void aFileThatIsNotAKeyGivesNone() throws IOException {
        Path file = Files.writeString(dir.resolve("receipt.key"), "not a key\n");
        assertTrue(ReceiptKey.load(file).isEmpty());
    }
}
