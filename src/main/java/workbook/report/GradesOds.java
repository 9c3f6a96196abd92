package workbook.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import workbook.verdict.Verdicts;

/**
 * {@code grades.ods}: the rows of {@code grades.csv} as an OpenDocument spreadsheet, which LibreOffice (and Excel)
 * open with Korean intact and no import dialog; LibreOffice's CSV import without options reads UTF-8 as Latin-1.
 * Counts are numbers, everything else text; the smallest valid package (mimetype first and stored, manifest,
 * content).
 */
public final class GradesOds {
    private GradesOds() {}

    private static final String MIME = "application/vnd.oasis.opendocument.spreadsheet";

    public static byte[] of(Verdicts.ClassGrade grade, workbook.words.Messages msg) {
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<office:document-content"
                + " xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\""
                + " xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\""
                + " xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" office:version=\"1.2\">"
                + "<office:body><office:spreadsheet><table:table table:name=\"grades\">\n");
        List<List<String>> rows = GradesCsv.rows(grade, msg);
        for (int r = 0; r < rows.size(); r++) {
            x.append("<table:table-row>");
            for (String cell : rows.get(r)) {
                boolean number = r > 0 && cell.matches("\\d+(\\.\\d+)?");
                x.append(number ? "<table:table-cell office:value-type=\"float\" office:value=\"" + cell + "\">"
                        : "<table:table-cell office:value-type=\"string\">");
                x.append("<text:p>").append(esc(cell)).append("</text:p></table:table-cell>");
            }
            x.append("</table:table-row>\n");
        }
        x.append("</table:table></office:spreadsheet></office:body></office:document-content>\n");
        return zip(x.toString());
    }

    private static byte[] zip(String content) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ZipOutputStream z = new ZipOutputStream(bytes, StandardCharsets.UTF_8)) {
                byte[] mime = MIME.getBytes(StandardCharsets.US_ASCII);
                ZipEntry m = new ZipEntry("mimetype");
                m.setMethod(ZipEntry.STORED);
                m.setSize(mime.length);
                CRC32 crc = new CRC32();
                crc.update(mime);
                m.setCrc(crc.getValue());
                z.putNextEntry(m);
                z.write(mime);
                z.closeEntry();
                z.putNextEntry(new ZipEntry("META-INF/manifest.xml"));
                z.write(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<manifest:manifest xmlns:manifest="
                        + "\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\" manifest:version=\"1.2\">"
                        + "<manifest:file-entry manifest:full-path=\"/\" manifest:media-type=\"" + MIME + "\"/>"
                        + "<manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/>"
                        + "</manifest:manifest>\n").getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
                z.putNextEntry(new ZipEntry("content.xml"));
                z.write(content.getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Text as XML holds it: markup escaped, the characters XML 1.0 forbids dropped. */
    private static String esc(String s) {
        return s.replaceAll("[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F]", "").replace("&", "&amp;").replace("<", "&lt;")
                .replace(">", "&gt;").replace("\"", "&quot;");
    }
}
