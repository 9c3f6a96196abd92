package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.report.SurefireSchema;

/**
 * {@code grade DIR}: a small class of the fixture lab {@code alpha} (see {@code fixtures/grade/README.md}) with an
 * endless loop, a test that exits the JVM, a compile error and an empty folder among ordinary submissions. One run
 * at two jobs; every report it writes is checked.
 */
class GradeTest {
    @TempDir static Path home;
    @TempDir static Path work;

    @org.junit.jupiter.api.BeforeAll
    static void copyTheLabsHome() throws IOException {
        WorkbookRun.copyOfLabsHome(home);
    }

    private static WorkbookRun.Result run(String... args) {
        return WorkbookRun.inHome(home, args);
    }

    /** One student: {@code counter} (a fixture file, or null for the reference) and own tests (null: the skeleton's). */
    private static void student(Path dir, String name, String counter, String tests) throws IOException {
        Path pkg = Files.createDirectories(dir.resolve(name).resolve("alpha"));
        Path parts = WorkbookRun.fixtures("grade");
        Files.copy(counter == null ? home.resolve("answers/alpha/Counter.java") : parts.resolve(counter), pkg.resolve("Counter.java"));
        Files.copy(home.resolve("answers/alpha/Names.java"), pkg.resolve("Names.java"));
        Files.copy(tests == null ? home.resolve("skeleton/alpha/AlphaTest.java") : parts.resolve(tests), pkg.resolve("AlphaTest.java"));
    }

    private static Map<String, Map<String, String>> rows(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        // Excel's byte order mark for UTF-8 comes first, so spreadsheets read Korean names right.
        org.junit.jupiter.api.Assertions.assertEquals('\uFEFF', lines.get(0).charAt(0), "grades.csv starts with a BOM");
        String[] header = lines.get(0).substring(1).split(",");
        Map<String, Map<String, String>> out = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", header.length); // the note is last: its commas stay in it
            String last = cells[cells.length - 1];
            if (last.length() > 1 && last.startsWith("\"") && last.endsWith("\"")) {
                cells[cells.length - 1] = last.substring(1, last.length() - 1).replace("\"\"", "\"");
            }
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.length && i < cells.length; i++) {
                row.put(header[i], cells[i]);
            }
            out.put(row.get("student"), row);
        }
        return out;
    }

    @Test
    void aClassWithHostileSubmissionsIsGradedWhole() throws Exception {
        Path dir = work.resolve("class");
        student(dir, "ada", null, "KillsBoth.java");
        student(dir, "bo", null, null);
        student(dir, "cy", "LoopsForever.java", "KillsBoth.java");
        student(dir, "di", "DoesNotCompile.java", "KillsBoth.java");
        student(dir, "ed", null, "ExitsTheJvm.java");
        Files.createDirectories(dir.resolve("fay"));
        Files.createDirectories(dir.resolve("hal"));
        Files.copy(home.resolve("answers/alpha/Counter.java"), dir.resolve("hal/Counter.java")); // not in alpha/
        Files.createDirectories(dir.resolve("ivy/beta")); // the other lab's folder
        student(dir, "gus", null, "AttacksOthers.java");
        Files.createSymbolicLink(dir.resolve("ada-again"), Path.of("ada")); // the same work under a second name
        Path out = work.resolve("out");

        // A budget the endless loop cannot use up even on a loaded machine, where its time-outs are tried again with a
        // longer limit: this test is about the verdicts, not the speed.
        WorkbookRun.Result r = run("grade", dir.toString(), "--out", out.toString(), "--jobs", "2", "--lab", "alpha",
                "--time-budget", "120", "--lang", "en");
        assertEquals(0, r.exit(), r.describe());
        assertTrue(r.out().contains("graded 9 submissions"), r.describe());
        assertTrue(r.out().contains("ivy: holds lab beta's files"), "the summary names the folders it could not grade: " + r.describe());
        assertTrue(r.err().contains("ada-again is a link to the files of ada: the same work, graded once, as ada"), r.describe());

        Map<String, Map<String, String>> rows = rows(out.resolve("grades.csv"));
        assertEquals(9, rows.size(), r.describe());
        assertFalse(rows.containsKey("ada-again"), "a link to another student's folder is not a second student: " + rows);
        assertEquals("passed", rows.get("ada").get("verdict"), rows.toString());
        assertEquals("2", rows.get("ada").get("mutants_killed"), rows.toString());
        assertEquals("partial", rows.get("bo").get("verdict"), rows.toString());
        assertEquals("0", rows.get("bo").get("mutants_killed"), "greeting B tells no empty-name bug: " + rows);
        assertEquals("partial", rows.get("cy").get("verdict"), rows.toString());
        assertEquals("failed", rows.get("cy").get("step_1"), "the endless next() fails step 1: " + rows);
        assertEquals("passed", rows.get("cy").get("step_2"), rows.toString());
        assertTrue(Double.parseDouble(rows.get("cy").get("seconds")) < 120, "within its budget: " + rows);
        assertTrue(rows.get("cy").get("message").startsWith("step 1: "), "the note names the step that failed: " + rows);
        assertTrue(rows.get("cy").get("message").length() <= 400, "one line: " + rows);
        assertEquals("compile-error", rows.get("di").get("verdict"), rows.toString());
        assertTrue(rows.get("di").get("message").startsWith("di/alpha/Counter.java:7:"), "relative to the class folder: " + rows);
        assertEquals("partial", rows.get("ed").get("verdict"), rows.toString());
        assertEquals("1", rows.get("ed").get("tests_valid"), "the test that exits is not valid; the other one is: " + rows);
        assertTrue(rows.get("ed").get("message").startsWith("1 of 2 tests fail on the reference"), rows.toString());
        assertEquals("missing", rows.get("fay").get("verdict"), rows.toString());
        assertEquals("missing", rows.get("hal").get("verdict"), rows.toString());
        assertTrue(rows.get("hal").get("message").contains("hal/Counter.java is here")
                && rows.get("hal").get("message").contains("hal/alpha/Counter.java"), "where it is and where it goes: " + rows);
        assertEquals("missing", rows.get("ivy").get("verdict"), rows.toString());
        assertTrue(rows.get("ivy").get("message").startsWith("holds lab beta's files (ivy/beta)")
                && rows.get("ivy").get("message").contains("--lab beta"), "the lab it holds, and how to grade it: " + rows);
        // gus's tests reach for the sockets and plans of the children grading the others at the same time: each
        // child sees only its own folder, so the others' verdicts above stand, and gus's own are untouched too.
        assertEquals("partial", rows.get("gus").get("verdict"), rows.toString());
        assertEquals("2", rows.get("gus").get("steps_passed"), rows.toString());
        assertEquals("5", rows.get("gus").get("tests_valid"), rows.toString());

        for (String s : rows.keySet()) {
            String xml = Files.readString(out.resolve("junit").resolve(s + ".xml"));
            SurefireSchema.assertValid(xml);
            assertTrue(xml.contains("name=\"" + s + "\""), xml);
        }
        for (String s : List.of("ada", "bo", "cy", "di", "ed", "gus")) {
            assertTrue(Files.isRegularFile(out.resolve("receipts").resolve(s + ".json")), "a receipt for " + s);
        }

        String html = Files.readString(out.resolve("report.html"));
        for (String s : rows.keySet()) {
            assertTrue(html.contains(">" + s + "<"), "the report names " + s);
        }
        assertTrue(html.contains("01-counts-twice") && html.contains("02-empty-name-alone"), "the kill matrix has the mutants");
        for (String outside : List.of("http:", "https:", "src=", "<script", "<link", "@import")) {
            assertFalse(html.contains(outside), "report.html is self-contained (" + outside + ")");
        }
    }

    /** {@code grade --json} is the same whatever the language: {@code --lang} translates the screens and files alone. */
    @Test
    void theJsonIsTheSameInKoreanAndEnglish() throws IOException {
        Path dir = work.resolve("lang");
        student(dir, "ada", null, "KillsBoth.java");
        student(dir, "di", "DoesNotCompile.java", "KillsBoth.java");
        Map<String, String> json = new HashMap<>();
        for (String lang : List.of("en", "ko")) {
            WorkbookRun.Result r = run("grade", dir.toString(), "--out", work.resolve("lang-" + lang).toString(),
                    "--jobs", "2", "--lab", "alpha", "--time-budget", "60", "--lang", lang, "--json");
            json.put(lang, GoldenScreensTest.normalise(r.out(), dir).replaceAll("\"seconds\": [0-9.]+", "\"seconds\": 0"));
        }
        assertTrue(json.get("en").contains("\"reason\""), json.get("en"));
        assertEquals(json.get("en"), json.get("ko"));
    }

    @Test
    void withoutASandboxGradingNeedsUnsafe() throws IOException {
        Path dir = work.resolve("one");
        student(dir, "ada", null, null);
        String saved = System.getProperty("workbook.sandbox");
        System.setProperty("workbook.sandbox", "off");
        try {
            WorkbookRun.Result r = run("grade", dir.toString(), "--out", work.resolve("one-out").toString(), "--lab", "alpha",
                    "--lang", "en");
            assertEquals(2, r.exit(), r.describe());
            assertTrue(r.err().contains("--unsafe"), r.describe());
            assertFalse(Files.exists(work.resolve("one-out")), "nothing graded, nothing written");
        } finally {
            if (saved == null) {
                System.clearProperty("workbook.sandbox");
            } else {
                System.setProperty("workbook.sandbox", saved);
            }
        }
    }
}
