package workbook.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A learner's file is read as the editor saved it: UTF-8, else CP949, else UTF-8 with the bad bytes replaced. */
class SourceTextTest {
    @TempDir Path dir;

    private static final String KOREAN = "// 임대를 갱신한다\nclass Jobs {}\n";

    @Test
    void utf8AndCp949AreReadAsTheirText() throws Exception {
        Path utf8 = Files.writeString(dir.resolve("a.java"), KOREAN);
        assertEquals(new SourceText(KOREAN, SourceText.Encoding.UTF8), SourceText.read(utf8));
        assertFalse(SourceText.notUtf8(utf8).isPresent());

        Path cp949 = Files.write(dir.resolve("b.java"), KOREAN.getBytes(Charset.forName("x-windows-949")));
        assertEquals(new SourceText(KOREAN, SourceText.Encoding.CP949), SourceText.read(cp949));
        assertEquals(java.util.Optional.of(SourceText.Encoding.CP949), SourceText.notUtf8(cp949));
    }

    @Test
    void anythingElseIsReadWithTheBadBytesReplaced() throws Exception {
        byte[] bytes = "class Jobs {} // ".getBytes(StandardCharsets.US_ASCII);
        byte[] bad = java.util.Arrays.copyOf(bytes, bytes.length + 2);
        bad[bytes.length] = (byte) 0xFF; // in neither encoding
        bad[bytes.length + 1] = (byte) 0xFF;
        SourceText t = SourceText.read(Files.write(dir.resolve("c.java"), bad));
        assertEquals(SourceText.Encoding.UNKNOWN, t.encoding());
        assertTrue(t.text().startsWith("class Jobs {} // ") && t.text().contains("\uFFFD"), t.text());
        assertFalse(SourceText.notUtf8(dir.resolve("missing.java")).isPresent(), "a missing file is nothing to warn about");
    }
}
