package workbook.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import workbook.WorkbookRun;
import workbook.catalogue.Catalogue;
import workbook.report.SurefireSchema;

/**
 * {@code check --junit FILE --classroom -} end to end, in one run, on a learner halfway through
 * ({@code fixtures/reports/partly-done}): steps 1–4 pass, renew loops forever, complete overwrites a finished job,
 * release throws a message full of markup and control characters, claimMany is not written yet.
 */
class ReportFilesTest {
    @TempDir Path tmp;

    @Test
    void oneCheckWritesValidJUnitXmlAndAClassroomResult() throws Exception {
        Path ws = WorkbookRun.workspace(WorkbookRun.fixtures("reports").resolve("partly-done"), tmp.resolve("ws"));
        Files.copy(Catalogue.home().resolve("skeleton/lease/JobsTest.java"), ws.resolve("lease/JobsTest.java"));
        Path xmlFile = tmp.resolve("out/junit.xml");
        Cli.Result r = Cli.run("check", "--workspace", ws.toString(), "--lang", "en", "--json",
                "--junit", xmlFile.toString(), "--classroom", "-");

        assertEquals(1, r.code(), r.err());
        // With --classroom -, standard output is the base64 result alone; the report (here JSON) went to standard error.
        String b64 = r.out().strip();
        assertFalse(b64.contains("\n") || b64.isEmpty(), "one line on stdout: " + r.out());
        JsonObject classroom = JsonParser.parseString(new String(Base64.getDecoder().decode(b64), StandardCharsets.UTF_8))
                .getAsJsonObject();
        JsonObject verdict = JsonParser.parseString(r.err().substring(r.err().indexOf('{'), r.err().lastIndexOf('}') + 1))
                .getAsJsonObject();
        assertEquals("lease", verdict.get("lab").getAsString());

        Map<Integer, String> stepStatus = new LinkedHashMap<>();
        Map<Integer, Integer> stepTests = new LinkedHashMap<>();
        long measured = 0;
        for (JsonElement s : verdict.getAsJsonArray("steps")) {
            JsonObject o = s.getAsJsonObject();
            stepStatus.put(o.get("step").getAsInt(), o.get("status").getAsString());
            stepTests.put(o.get("step").getAsInt(), o.getAsJsonArray("tests").size());
            for (JsonElement t : o.getAsJsonArray("tests")) {
                assertTrue(t.getAsJsonObject().has("millis"), "every test verdict carries its time: " + t);
                measured += t.getAsJsonObject().get("millis").getAsLong();
            }
        }
        assertEquals(Map.of(1, "passed", 2, "passed", 3, "passed", 4, "passed", 5, "failed", 6, "failed", 7, "failed",
                8, "not-started"), stepStatus);
        assertTrue(measured > 0, "the child's measured times reach the verdict");

        // JUnit XML: valid against Surefire's schema, one testcase per official test, each outcome its element.
        String xml = Files.readString(xmlFile, StandardCharsets.UTF_8);
        SurefireSchema.assertValid(xml);
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xmlFile.toFile());
        Element suite = d.getDocumentElement();
        assertEquals("lease", suite.getAttribute("name"));
        List<Element> cases = elements(d.getElementsByTagName("testcase"));
        int total = stepTests.values().stream().mapToInt(Integer::intValue).sum();
        assertEquals(total, cases.size());
        assertEquals(String.valueOf(total), suite.getAttribute("tests"));
        assertEquals(String.valueOf(d.getElementsByTagName("failure").getLength()), suite.getAttribute("failures"));
        assertEquals(String.valueOf(d.getElementsByTagName("error").getLength()), suite.getAttribute("errors"));
        assertEquals(String.valueOf(d.getElementsByTagName("skipped").getLength()), suite.getAttribute("skipped"));
        assertTrue(Double.parseDouble(suite.getAttribute("time")) > 0);
        for (int step = 1; step <= 4; step++) {
            List<Element> ofStep = ofStep(cases, step);
            assertEquals(stepTests.get(step), ofStep.size());
            assertTrue(ofStep.stream().allMatch(c -> c.getChildNodes().getLength() == 0), "step " + step + " passes whole");
        }
        List<Element> renew = ofStep(cases, 5);
        assertTrue(renew.stream().allMatch(c -> "timeout".equals(only(c, "error").getAttribute("type"))),
                "every renew test is an error of type timeout");
        assertTrue(ofStep(cases, 6).stream().anyMatch(c -> first(c, "failure") != null
                && "failed".equals(first(c, "failure").getAttribute("type"))));
        assertTrue(ofStep(cases, 6).stream().anyMatch(c -> c.getChildNodes().getLength() == 0), "step 6 passes in part");
        Element releaseError = ofStep(cases, 7).stream().map(c -> first(c, "error")).filter(e -> e != null
                && e.getAttribute("message").contains("release <b>broken</b> &")).findFirst().orElse(null);
        assertNotNull(releaseError, "the learner's message arrives whole, escaped: " + xml);
        String said = releaseError.getAttribute("message");
        assertTrue(said.contains("]]> \"quoted\" 'single'") && said.contains("\uD83D\uDE00 end"), said);
        assertFalse(said.chars().anyMatch(ch -> ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r'), said);
        List<Element> claimMany = ofStep(cases, 8);
        assertTrue(claimMany.stream().allMatch(c -> !only(c, "skipped").getAttribute("message").isBlank()),
                "a step not started: every test skipped, with the reason");
        for (Element c : cases) {
            assertFalse(c.getAttribute("name").isBlank());
            assertTrue(c.getAttribute("time").matches("\\d+\\.\\d{3}"), c.getAttribute("time"));
        }

        // Classroom: one entry per step, points that add up, each step all or nothing (so the reporter's two totals agree).
        assertEquals("fail", classroom.get("status").getAsString());
        List<JsonObject> entries = classroom.getAsJsonArray("tests").asList().stream().map(JsonElement::getAsJsonObject).toList();
        assertEquals(8, entries.size());
        assertEquals(80, classroom.get("max_score").getAsInt());
        assertEquals(80, entries.stream().mapToInt(e -> e.get("max_score").getAsInt()).sum());
        List<Integer> scores = entries.stream().map(e -> e.get("score").getAsInt()).toList();
        assertEquals(List.of(10, 10, 10, 10, 0), scores.subList(0, 5));
        assertEquals(0, scores.get(5), "complete passes in part, which earns nothing: " + scores);
        assertEquals(0, scores.get(6), "release fails: " + scores);
        assertEquals(0, scores.get(7), "claimMany not started");
        JsonObject renewEntry = entries.get(4);
        assertTrue(renewEntry.get("filename").getAsString().endsWith("lease/Jobs.java"), renewEntry.toString());
        assertTrue(renewEntry.get("line_no").getAsInt() > 0, renewEntry.toString());
        assertTrue(renewEntry.get("duration").getAsLong() > 0);
        assertTrue(entries.get(7).get("test_code").getAsString().contains("check 8"));
    }

    @Test
    void aMissingWorkspaceStillLeavesAClassroomResult() throws IOException {
        Path result = tmp.resolve("classroom.json");
        Cli.Result r = Cli.run("check", "--lab", "lease", "--workspace", tmp.resolve("nobody").toString(), "--lang", "en",
                "--classroom", result.toString());
        assertEquals(2, r.code(), r.err());
        JsonObject o = JsonParser.parseString(Files.readString(result)).getAsJsonObject();
        assertEquals("error", o.get("status").getAsString());
        assertEquals(80, o.get("max_score").getAsInt(), "the lab's points: a missing submission counts as 0 of them");
        assertEquals(0, o.getAsJsonArray("tests").get(0).getAsJsonObject().get("score").getAsInt());
        assertTrue(o.getAsJsonArray("tests").get(0).getAsJsonObject().get("message").getAsString().contains("nobody"));
    }

    private static List<Element> elements(NodeList l) {
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < l.getLength(); i++) {
            out.add((Element) l.item(i));
        }
        return out;
    }

    private static List<Element> ofStep(List<Element> cases, int step) {
        String prefix = String.format("lease.%02d-", step);
        return cases.stream().filter(c -> c.getAttribute("classname").startsWith(prefix)).toList();
    }

    private static Element first(Element c, String tag) {
        NodeList l = c.getElementsByTagName(tag);
        return l.getLength() == 0 ? null : (Element) l.item(0);
    }

    /** The testcase's one child element, which must be {@code tag}. */
    private static Element only(Element c, String tag) {
        List<Element> children = new ArrayList<>();
        for (int i = 0; i < c.getChildNodes().getLength(); i++) {
            if (c.getChildNodes().item(i) instanceof Element e) {
                children.add(e);
            }
        }
        assertEquals(1, children.size(), c.getAttribute("name"));
        assertEquals(tag, children.get(0).getTagName(), c.getAttribute("name"));
        return children.get(0);
    }
}
