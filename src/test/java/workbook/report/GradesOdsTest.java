package workbook.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import workbook.words.Messages;

/** grades.ods: a valid OpenDocument package (mimetype first and stored) holding the CSV's rows, Korean intact. */
class GradesOdsTest {
    @Test
    void theSpreadsheetHoldsTheRowsWithKoreanIntact() throws Exception {
        byte[] ods = GradesOds.of(ReportWidthIT.wideClass(), Messages.of("ko"));
        try (ZipInputStream z = new ZipInputStream(new ByteArrayInputStream(ods), StandardCharsets.UTF_8)) {
            ZipEntry first = z.getNextEntry();
            assertEquals("mimetype", first.getName());
            assertEquals(ZipEntry.STORED, first.getMethod());
            assertEquals("application/vnd.oasis.opendocument.spreadsheet",
                    new String(z.readAllBytes(), StandardCharsets.US_ASCII));
            String content = null;
            for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
                if (e.getName().equals("content.xml")) {
                    content = new String(z.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
            assertTrue(content != null && content.contains("<text:p>student-with-a-long-name-0</text:p>"), content);
            assertTrue(content.contains("경계 now == until은 다시 가져갈 수 있다"), "Korean as it is");
            assertTrue(content.contains("office:value-type=\"float\" office:value=\"3\""), "counts are numbers");
            javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)));
        }
    }
}
