package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.catalogue.Mutant;
import workbook.catalogue.MutantFile;

/**
 * {@code audit --report DIR} and {@code mutants --report DIR} write Stryker's mutation report and its offline page.
 * Each report is validated against the published {@code mutation-testing-report-schema} (the npm package, fetched by
 * the build into {@code target/}) with a real JSON Schema validator, and read for what it says: statuses agree with
 * the command's own verdict, {@code killedBy} names tests the report lists, locations point at the right text, and the
 * learner's report shows no line of the reference. One run of each command, in the smallest lab.
 */
class StrykerReportIT {
    private static final String LAB = "projection";
    private static JsonSchema schema;

    @TempDir Path tmp;

    @BeforeAll
    static void publishedSchema() throws IOException {
        Path file = Path.of(System.getProperty("stryker.schema", WorkbookRun.home()
                .resolve("target/stryker-report-schema/package/dist/src/mutation-testing-report-schema.json").toString()));
        assertTrue(Files.isRegularFile(file), "the build brings the published schema (mvn generate-test-resources): " + file);
        try (InputStream in = Files.newInputStream(file)) {
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
        }
    }

    @Test
    void theAuditReportIsValidAndSaysWhatTheAuditFound() throws IOException {
        Path dir = tmp.resolve("audit");
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("audit", "--lab", LAB, "--json", "--report", dir.toString());
        JsonObject verdict = r.json();
        // The lab's own audit holds (the only audit of lab 3 in the suite; ProjectionLabIT leaves it to this run).
        assertTrue(verdict.getAsJsonArray("problems").isEmpty(), "problems: " + verdict.get("problems") + "\n" + r.describe());
        assertTrue(verdict.get("ok").getAsBoolean(), r.describe());
        assertEquals(0, r.exit(), r.describe());
        assertEquals(4, verdict.getAsJsonObject("skeleton").getAsJsonArray("steps").size(), "four steps\n" + r.describe());
        JsonObject report = validReport(dir, r);

        assertEquals("2", report.get("schemaVersion").getAsString());
        assertTrue(r.err().contains("뮤테이션 보고서") && r.err().contains("index.html"),
                "with --json the Korean line saying where goes to stderr: " + r.err());
        JsonObject files = report.getAsJsonObject("files");
        Set<String> testIds = testIds(report);
        Map<String, JsonObject> inReport = new TreeMap<>();
        for (String file : files.keySet()) {
            JsonObject f = files.getAsJsonObject(file);
            assertEquals(read(WorkbookRun.home().resolve("answers").resolve(file)), f.get("source").getAsString(),
                    file + " is the reference source itself");
            for (JsonElement e : f.getAsJsonArray("mutants")) {
                JsonObject m = e.getAsJsonObject();
                assertEquals(null, inReport.put(m.get("id").getAsString(), m), "one entry per mutant");
                Mutant mutant = MutantFile.read(WorkbookRun.home().resolve("mutants").resolve(LAB)
                        .resolve(m.get("id").getAsString() + ".mutant"));
                String source = f.get("source").getAsString();
                JsonObject loc = m.getAsJsonObject("location");
                int from = offset(source, loc.getAsJsonObject("start"));
                int to = offset(source, loc.getAsJsonObject("end"));
                assertTrue(to > from && workbook.report.StrykerReportUnitTest.sameAsAnEdit(source, mutant,
                        source.substring(0, from) + m.get("replacement").getAsString() + source.substring(to)),
                        m.get("id") + " shows one of its edits where the location says, in " + file);
            }
        }
        JsonArray audited = verdict.getAsJsonArray("mutants");
        assertEquals(audited.size(), inReport.size(), "every audited mutant is in the report");
        for (JsonElement e : audited) {
            JsonObject v = e.getAsJsonObject();
            JsonObject m = inReport.get(v.get("id").getAsString());
            assertNotNull(m, v.get("id") + " is in the report");
            assertEquals(expectedStatus(v), m.get("status").getAsString(), v.get("id") + ": the audit's own verdict");
            assertEquals(v.get("killedBy"), m.get("killedBy"), v.get("id") + ": killed by the tests the audit named");
            for (JsonElement k : m.getAsJsonArray("killedBy")) {
                assertTrue(testIds.contains(k.getAsString()), k + " is a test the report lists");
            }
        }
        assertTrue(audited.size() > 20 && verdict.get("ok").getAsBoolean(), "the lab's audit holds: " + verdict.get("problems"));
        for (JsonObject tf : testFiles(report)) {
            for (JsonElement e : tf.getAsJsonArray("tests")) {
                JsonObject t = e.getAsJsonObject();
                String method = t.get("id").getAsString().substring(t.get("id").getAsString().indexOf('/') + 1);
                assertTrue(text(tf.get("source").getAsString(), t.getAsJsonObject("location")).contains("void " + method + "("),
                        t.get("id") + " is located on its method");
            }
        }
        page(dir, report);
    }

    @Test
    void aLearnersReportShowsContractsAndOwnTestsAndNeverTheReference() throws IOException {
        Path ws = learnerWorkspace();
        Path dir = tmp.resolve("mine");
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("mutants", "1", "--lab", LAB, "--workspace", ws.toString(), "--json",
                "--lang", "en", "--report", dir.toString());
        JsonObject verdict = r.json();
        JsonObject report = validReport(dir, r);
        assertTrue(r.err().contains("Mutation report") && r.err().contains(dir.resolve("index.html").toString()), r.err());

        JsonObject files = report.getAsJsonObject("files");
        assertEquals(Set.of(LAB + "/01-three-states.contract"), files.keySet(), "one contract file: the step asked for");
        JsonObject contract = files.getAsJsonObject(LAB + "/01-three-states.contract");
        List<String> lines = contract.get("source").getAsString().lines().toList();
        assertEquals(List.of("three-states", "refused", "resume"), lines.stream().map(l -> l.substring(0, l.indexOf(':'))).toList(),
                "one clause a line, in the step's order");

        Set<String> testIds = testIds(report);
        Map<String, JsonObject> learnerTests = new TreeMap<>();
        verdict.getAsJsonArray("tests").forEach(t -> learnerTests.put(t.getAsJsonObject().get("id").getAsString(), t.getAsJsonObject()));
        assertEquals(learnerTests.keySet(), testIds, "every learner test, and only those");
        int killed = 0;
        for (JsonElement e : verdict.getAsJsonArray("mutants")) {
            JsonObject v = e.getAsJsonObject();
            JsonObject m = mutantIn(contract, v.get("id").getAsString());
            assertEquals(expectedStatus(v), m.get("status").getAsString(), v.get("id") + ": the verdict's status");
            assertEquals(v.get("killedBy"), m.get("killedBy"));
            m.getAsJsonArray("killedBy").forEach(k -> assertTrue(testIds.contains(k.getAsString()), k + " is listed"));
            // coveredBy: the tests that ran the changed code, killers included, so the viewer's Tests tab does not
            // call every test "Not Covering"
            Set<String> covering = new java.util.HashSet<>();
            m.getAsJsonArray("coveredBy").forEach(k -> covering.add(k.getAsString()));
            assertTrue(testIds.containsAll(covering), covering + " are listed tests");
            m.getAsJsonArray("killedBy").forEach(k -> assertTrue(covering.contains(k.getAsString()), k + " covers what it kills"));
            if (m.get("status").getAsString().equals("Survived")) {
                assertFalse(covering.isEmpty(), v.get("id") + " survived a test that ran its code");
            }
            String firstClause = v.getAsJsonArray("clauses").get(0).getAsString();
            assertEquals(lines.stream().filter(l -> l.startsWith(firstClause + ":")).findFirst().orElseThrow(),
                    text(contract.get("source").getAsString(), m.getAsJsonObject("location")),
                    v.get("id") + " sits on the whole line of the clause it breaks");
            assertFalse(m.has("replacement"), "a learner's report shows no reference code, not even a replacement");
            killed += m.get("status").getAsString().equals("Killed") ? 1 : 0;
        }
        assertEquals(3, killed, "the three valid tests each kill one step-1 mutant");
        List<String> survivors = new java.util.ArrayList<>();
        for (JsonElement e : verdict.getAsJsonArray("mutants")) {
            if (!e.getAsJsonObject().get("status").getAsString().equals("killed")) {
                survivors.add(e.getAsJsonObject().get("id").getAsString());
            }
        }
        assertEquals(verdict.getAsJsonArray("mutants").size() - killed, survivors.size(), survivors.toString());
        assertTrue(survivors.stream().allMatch(id -> id.startsWith("01-")), "only step 1 was asked for: " + survivors);
        assertTrue(survivors.containsAll(List.of("01-corrupt-mark-trusted", "01-position-narrowed-to-int",
                "01-null-mark-dereferenced")), "nothing holds 'refused' or a long position: those survive " + survivors);

        JsonObject tf = report.getAsJsonObject("testFiles").getAsJsonObject(LAB + "/ProjectionTest.java");
        assertEquals(read(ws.resolve(LAB).resolve("ProjectionTest.java")), tf.get("source").getAsString());
        for (JsonElement e : tf.getAsJsonArray("tests")) {
            JsonObject t = e.getAsJsonObject();
            JsonObject v = learnerTests.get(t.get("id").getAsString());
            String method = t.get("id").getAsString().substring(t.get("id").getAsString().indexOf('#') + 1);
            assertTrue(text(tf.get("source").getAsString(), t.getAsJsonObject("location")).contains("void " + method + "()"));
            if (!v.get("valid").getAsBoolean()) {
                assertTrue(t.get("name").getAsString().contains(v.get("message").getAsString()),
                        "an invalid test says why in its name: " + t.get("name"));
            }
        }
        assertTrue(learnerTests.values().stream().anyMatch(t -> !t.get("valid").getAsBoolean()), "the fixture has an invalid test");

        String everything = read(dir.resolve("mutation-report.json")) + read(dir.resolve("index.html"));
        for (String line : referenceLines()) {
            assertFalse(everything.contains(line), "the learner's report shows a line of the reference: " + line);
        }
        page(dir, report);
    }

    /** The report in DIR, valid against the published schema; and a broken copy of it is not (the validator works). */
    private static JsonObject validReport(Path dir, WorkbookRun.Result r) throws IOException {
        Path file = dir.resolve("mutation-report.json");
        assertTrue(Files.isRegularFile(file), "no report written\n" + r.describe());
        String json = read(file);
        Set<ValidationMessage> errors = schema.validate(new ObjectMapper().readTree(json));
        assertTrue(errors.isEmpty(), "the report breaks the published schema: " + errors);

        JsonObject broken = JsonParser.parseString(json).getAsJsonObject();
        broken.addProperty("schemaVersion", 2);
        JsonObject aFile = broken.getAsJsonObject("files").entrySet().iterator().next().getValue().getAsJsonObject();
        JsonObject aMutant = aFile.getAsJsonArray("mutants").get(0).getAsJsonObject();
        aMutant.addProperty("status", "Dead");
        aMutant.getAsJsonObject("location").getAsJsonObject("start").addProperty("line", 0);
        assertEquals(3, schema.validate(new ObjectMapper().readTree(broken.toString())).size(),
                "a number for schemaVersion, an unknown status and line 0 are each refused");
        return JsonParser.parseString(json).getAsJsonObject();
    }

    /** The page beside it: the stock component inlined, the same report set as its property, nothing fetched. */
    private static void page(Path dir, JsonObject report) throws IOException {
        String html = read(dir.resolve("index.html"));
        assertTrue(html.contains("<mutation-test-report-app"), "the stock element");
        assertTrue(html.contains("customElements") && html.length() > 200_000, "with its script inlined");
        int at = html.indexOf("app.report = ");
        int end = html.indexOf(";\nfunction paintBackground", at);
        assertEquals(report, JsonParser.parseString(html.substring(at + "app.report = ".length(), end)),
                "the page carries the same report");
        String markup = html.replaceAll("(?is)<script>.*?</script>", "<script></script>");
        assertEquals(2, markup.split("(?i)</script>", -1).length - 1, "two script elements, each closed once");
        assertFalse(markup.matches("(?is).*\\b(src|href)\\s*=.*"), "nothing to fetch");
    }

    private static String expectedStatus(JsonObject verdict) {
        String status = verdict.get("status").getAsString();
        JsonElement kind = verdict.get("kind");
        JsonElement problem = verdict.get("problem");
        return switch (status) {
            case "killed" -> kind != null && !kind.isJsonNull() && kind.getAsString().equals("timeout") ? "Timeout" : "Killed";
            case "survived" -> "Survived";
            default -> problem != null && !problem.isJsonNull() && problem.getAsString().equals("does-not-compile")
                    ? "CompileError" : "RuntimeError";
        };
    }

    private static JsonObject mutantIn(JsonObject file, String id) {
        for (JsonElement e : file.getAsJsonArray("mutants")) {
            if (e.getAsJsonObject().get("id").getAsString().equals(id)) {
                return e.getAsJsonObject();
            }
        }
        throw new AssertionError("mutant " + id + " is not in the report");
    }

    private static List<JsonObject> testFiles(JsonObject report) {
        List<JsonObject> out = new ArrayList<>();
        report.getAsJsonObject("testFiles").entrySet().forEach(e -> out.add(e.getValue().getAsJsonObject()));
        return out;
    }

    private static Set<String> testIds(JsonObject report) {
        Set<String> ids = new HashSet<>();
        for (JsonObject tf : testFiles(report)) {
            tf.getAsJsonArray("tests").forEach(t -> assertTrue(ids.add(t.getAsJsonObject().get("id").getAsString()),
                    "test ids are unique: " + t));
        }
        return ids;
    }

    /** The text a location spans: lines and columns from 1, the end exclusive. */
    private static String text(String source, JsonObject location) {
        return source.substring(offset(source, location.getAsJsonObject("start")), offset(source, location.getAsJsonObject("end")));
    }

    private static int offset(String source, JsonObject position) {
        int line = position.get("line").getAsInt();
        int at = 0;
        for (int l = 1; l < line; l++) {
            at = source.indexOf('\n', at) + 1;
        }
        return at + position.get("column").getAsInt() - 1;
    }

    /** The lines of the lab's reference that are code, not punctuation or a shared declaration. */
    private static List<String> referenceLines() throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(WorkbookRun.home().resolve("answers").resolve(LAB))) {
            for (Path f : files.toList()) {
                read(f).lines().map(String::strip).filter(l -> l.length() >= 30 && l.contains("(") && !l.startsWith("*")
                        && !l.startsWith("/**") && !l.startsWith("//")).forEach(out::add);
            }
        }
        assertTrue(out.size() > 50, "enough reference lines to look for: " + out.size());
        return out;
    }

    /** The reference as the learner's code (so every step runs), and the fixture's small suite of learner tests. */
    private Path learnerWorkspace() throws IOException {
        Path pkg = Files.createDirectories(tmp.resolve("ws").resolve(LAB));
        try (Stream<Path> files = Files.list(WorkbookRun.home().resolve("answers").resolve(LAB))) {
            for (Path f : files.toList()) {
                Files.copy(f, pkg.resolve(f.getFileName()));
            }
        }
        Files.copy(WorkbookRun.fixtures("stryker").resolve(LAB).resolve("ProjectionTest.java"), pkg.resolve("ProjectionTest.java"));
        return pkg.getParent();
    }

    private static String read(Path f) throws IOException {
        return Files.readString(f, StandardCharsets.UTF_8);
    }
}
