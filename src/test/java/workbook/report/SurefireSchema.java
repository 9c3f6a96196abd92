package workbook.report;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.xml.sax.SAXException;

/**
 * Maven Surefire's published {@code surefire-test-report-3.0.xsd}, as the build brings it in: the pom unpacks it from
 * Surefire's source-release archive on Maven Central ({@code org.apache.maven.surefire:surefire:3.0.0}, the release
 * that introduced it) in the {@code generate-test-resources} phase and hands its path to the tests as
 * {@code workbook.surefireSchema}. Nothing here is a copy of it.
 */
public final class SurefireSchema {
    private static Schema schema;

    private SurefireSchema() {}

    /** The schema file; fails with what to run when the build has not unpacked it. */
    public static Path file() {
        String p = System.getProperty("workbook.surefireSchema");
        Path file = p != null ? Path.of(p) : Path.of("target/schemas/surefire/surefire-3.0.0/maven-surefire-plugin/src/site"
                + "/resources/xsd/surefire-test-report-3.0.xsd");
        if (!Files.isRegularFile(file)) {
            throw new AssertionError("Surefire's schema is not at " + file.toAbsolutePath()
                    + ": run `mvn generate-test-resources` (the build unpacks it from Maven Central)");
        }
        return file;
    }

    public static synchronized Schema schema() {
        if (schema == null) {
            try {
                SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
                schema = f.newSchema(file().toFile());
            } catch (SAXException e) {
                throw new AssertionError("Surefire's schema does not load: " + e.getMessage(), e);
            }
        }
        return schema;
    }

    /** Validates {@code xml} against the schema: returns normally when it is valid, else throws with the validator's words. */
    public static void validate(String xml) throws SAXException {
        try {
            schema().newValidator().validate(new StreamSource(new StringReader(xml)));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** {@link #validate}, as an assertion: a test fails with the validator's message and the document. */
    public static void assertValid(String xml) {
        try {
            validate(xml);
        } catch (SAXException e) {
            throw new AssertionError("not valid against surefire-test-report-3.0.xsd: " + e.getMessage() + "\n" + xml, e);
        }
    }
}
