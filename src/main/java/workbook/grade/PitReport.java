package workbook.grade;

import workbook.verdict.PitStatus;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * PIT's {@code mutations.xml}, read: one {@link Mutation} per {@code <mutation>} element. Only the JDK's XML parser is
 * used, with DTDs and external entities refused (the file is data, not a document to resolve).
 */
public final class PitReport {
    private PitReport() {}

    /**
     * One PIT mutant. {@code className} is the mutated class as PIT names it ({@code pkg.Name}, {@code pkg.Name$Inner});
     * {@code method} the mutated method ({@code lambda$take$0} for a lambda in {@code take}); {@code tests} the tests
     * that covered it, as {@link TestRef}s, and {@code killedBy} those that failed on it. {@code index} is PIT's
     * bytecode index of the change (-1 when the report has none): two mutants of one line with the same mutator and
     * description differ only there.
     */
    public record Mutation(String className, String method, int line, String mutator, String description,
                           int index, PitStatus status, List<TestRef> tests, List<TestRef> killedBy) {
        /** The mutator's short name, {@code NegateConditionalsMutator} for PIT's fully qualified one. */
        public String mutatorName() {
            return mutator.substring(mutator.lastIndexOf('.') + 1);
        }

        /** The class's simple name without nesting: {@code Name} for {@code pkg.Name$Inner}. */
        public String outerClass() {
            String simple = className.substring(className.lastIndexOf('.') + 1);
            int inner = simple.indexOf('$');
            return inner < 0 ? simple : simple.substring(0, inner);
        }

        /** The source method a synthetic one belongs to: {@code take} for {@code lambda$take$0}, else the method. */
        public String sourceMethod() {
            Matcher m = LAMBDA.matcher(method);
            return m.matches() ? m.group(1) : method;
        }
    }

    /** A JUnit test as PIT names it, reduced to its class's simple name and its method: {@code MarksTest#take}. */
    public record TestRef(String testClass, String method) {
        public String key() {
            return testClass + "#" + method;
        }
    }

    private static final Pattern LAMBDA = Pattern.compile("lambda\\$(.+)\\$\\d+");
    /** {@code [class:pkg.Name]} and the method segment ({@code [method:x()]}, {@code [test-template:x(int)]}, …). */
    private static final Pattern CLASS = Pattern.compile("\\[class:([^\\]]+)]");
    private static final Pattern METHOD = Pattern.compile("\\[(?:method|test-template|test-factory):([^(\\]]+)");

    public static List<Mutation> read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in);
        }
    }

    public static List<Mutation> read(InputStream in) throws IOException {
        Document doc;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setExpandEntityReferences(false);
            javax.xml.parsers.DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(null); // the exception says it; the default handler would print it to standard error too
            doc = b.parse(in);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("not a PIT mutations.xml: " + e.getMessage(), e);
        }
        NodeList nodes = doc.getDocumentElement().getElementsByTagName("mutation");
        List<Mutation> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add(mutation((Element) nodes.item(i)));
        }
        return List.copyOf(out);
    }

    private static Mutation mutation(Element m) {
        List<TestRef> killing = tests(text(m, "killingTests"));
        if (killing.isEmpty()) {
            killing = tests(text(m, "killingTest"));
        }
        List<TestRef> covering = tests(text(m, "coveringTests"));
        if (covering.isEmpty()) {
            // Older reports have no coveringTests: the tests that ran are then the killing and the succeeding ones.
            List<TestRef> ran = new ArrayList<>(killing);
            tests(text(m, "succeedingTests")).stream().filter(t -> !ran.contains(t)).forEach(ran::add);
            covering = List.copyOf(ran);
        }
        String line = text(m, "lineNumber");
        String index = firstIndex(m);
        return new Mutation(text(m, "mutatedClass"), text(m, "mutatedMethod"), line.isEmpty() ? 0 : Integer.parseInt(line),
                text(m, "mutator"), text(m, "description"), index.isEmpty() ? -1 : Integer.parseInt(index),
                PitStatus.of(m.getAttribute("status")), covering, killing);
    }

    /** The first {@code <index>} of {@code <indexes>}, or empty. */
    private static String firstIndex(Element m) {
        for (Node n = m.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals("indexes")) {
                return text(e, "index");
            }
        }
        return "";
    }

    /** PIT separates test names with {@code |}; each name carries JUnit's unique id. */
    static List<TestRef> tests(String joined) {
        if (joined.isBlank()) {
            return List.of();
        }
        List<TestRef> out = new ArrayList<>();
        for (String name : Arrays.stream(joined.split("\\|")).map(String::strip).filter(s -> !s.isEmpty()).toList()) {
            TestRef t = test(name);
            if (!out.contains(t)) {
                out.add(t);
            }
        }
        return List.copyOf(out);
    }

    /**
     * {@code pkg.Test.[engine:junit-jupiter]/[class:pkg.Test]/[method:name()]} → {@code Test#name}; a name with no
     * unique id ({@code pkg.Test.name(pkg.Test)}, JUnit 4 style) is split at its last dot.
     */
    static TestRef test(String name) {
        Matcher c = CLASS.matcher(name);
        Matcher m = METHOD.matcher(name);
        if (c.find() && m.find()) {
            return new TestRef(simple(c.group(1)), m.group(1));
        }
        String plain = name.replaceAll("\\(.*$", "");
        int dot = plain.lastIndexOf('.');
        return dot < 0 ? new TestRef("", plain) : new TestRef(simple(plain.substring(0, dot)), plain.substring(dot + 1));
    }

    private static String simple(String className) {
        String s = className.substring(className.lastIndexOf('.') + 1);
        int inner = s.indexOf('$');
        return inner < 0 ? s : s.substring(0, inner);
    }

    private static String text(Element parent, String tag) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(tag)) {
                return e.getTextContent().strip();
            }
        }
        return "";
    }
}
