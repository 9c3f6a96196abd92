package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import workbook.catalogue.Catalogue;

/**
 * The shipped GitHub Classroom workflow ({@code .github/workflows/classroom.yml}) against what the grading reporter
 * requires of it and against the labs installed: a small reading of its lines, not a YAML parser (the project has
 * none, and needs none for this).
 */
class ClassroomWorkflowTest {
    /** The reporter's own check of its {@code runners} input. */
    private static final Pattern RUNNERS = Pattern.compile("^([a-zA-Z0-9]+,)*[a-zA-Z0-9]+$");

    @Test
    void everyLabIsARunnerWhoseResultReachesTheReporter() throws IOException {
        List<String> lines = Files.readAllLines(WorkbookRun.home().resolve(".github/workflows/classroom.yml"),
                StandardCharsets.UTF_8);
        String text = String.join("\n", lines);
        assertTrue(lines.contains("name: Autograding Tests"), "the reporter reads results only from this workflow name");
        assertTrue(lines.contains("  run-autograding-tests:"), "…and this job name");
        assertTrue(lines.stream().noneMatch(l -> l.matches("^  [a-z][a-z-]*:\\s*$") && !l.equals("  run-autograding-tests:")
                && lines.indexOf(l) > lines.indexOf("jobs:")), "one job only");
        assertTrue(text.contains("java-version: '17'"), "JDK 17, as the workbook needs");

        Matcher m = Pattern.compile("(?m)^\\s+runners:\\s*(\\S+)\\s*$").matcher(text);
        assertTrue(m.find(), "the reporter gets a runners list");
        String runners = m.group(1);
        assertTrue(RUNNERS.matcher(runners).matches(), "runner ids are letters and digits: " + runners);
        assertEquals(new TreeSet<>(Catalogue.labs(WorkbookRun.home())), new TreeSet<>(List.of(runners.split(","))),
                "one runner per installed lab");

        int reporter = indexOf(lines, "uses: classroom-resources/autograding-grading-reporter@v1");
        for (String lab : runners.split(",")) {
            List<String> step = step(lines, lab);
            String body = String.join("\n", step);
            assertTrue(step.stream().anyMatch(l -> l.strip().equals("continue-on-error: true")),
                    lab + ": the check step must not fail the job before the reporter runs");
            assertTrue(body.contains("check --lab " + lab + " ") && body.contains("--workspace workspace")
                    && body.contains("--classroom -"), lab + ": runs the workbook's check on the repo's workspace: " + body);
            assertTrue(body.contains("echo \"result=$result\" >> \"$GITHUB_OUTPUT\""), lab + ": result is the step's output");
            assertTrue(indexOf(lines, "id: " + lab) < reporter, lab + " runs before the reporter");
            String env = lab.toUpperCase(Locale.ROOT) + "_RESULTS: \"${{ steps." + lab + ".outputs.result }}\"";
            assertTrue(lines.stream().skip(reporter).anyMatch(l -> l.strip().equals(env)), "the reporter reads " + env);
        }
    }

    /**
     * A lab whose check printed nothing still counts with its full points: the workflow's fallback (run here, as the
     * workflow runs it) is an error worth every point of the lab, scored 0, the same maximum the workbook itself gives.
     */
    @Test
    void aLabThatPrintedNothingKeepsItsFullPoints() throws Exception {
        String text = Files.readString(WorkbookRun.home().resolve(".github/workflows/classroom.yml"), StandardCharsets.UTF_8);
        for (String lab : Catalogue.labs(WorkbookRun.home())) {
            assertTrue(text.contains("result=$(python3 \"$WORKBOOK/.github/classroom/fallback.py\" \"$WORKBOOK\" " + lab + ")"),
                    lab + ": the fallback is the script's");
            Process p;
            try {
                p = new ProcessBuilder("python3", WorkbookRun.home().resolve(".github/classroom/fallback.py").toString(),
                        WorkbookRun.home().toString(), lab).redirectErrorStream(true).start();
            } catch (IOException noPython) {
                org.junit.jupiter.api.Assumptions.abort("no python3 here (the workflow's runner has one)");
                return;
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertEquals(0, p.waitFor(), out);
            com.google.gson.JsonObject doc = com.google.gson.JsonParser.parseString(new String(
                    java.util.Base64.getDecoder().decode(out), StandardCharsets.UTF_8)).getAsJsonObject();
            int points = Catalogue.load(WorkbookRun.home(), lab, List.of()).steps().stream()
                    .mapToInt(workbook.catalogue.Step::points).sum();
            assertEquals(points, doc.get("max_score").getAsInt(), lab + ": the lab's full points");
            assertEquals("error", doc.get("status").getAsString());
            com.google.gson.JsonObject entry = doc.getAsJsonArray("tests").get(0).getAsJsonObject();
            assertEquals(0, entry.get("score").getAsInt());
            assertEquals(points, entry.get("max_score").getAsInt(), lab + ": the one entry carries them, so the sums agree");
        }
    }

    /** The lines of the step whose id is {@code id}: from its {@code - name:} to the next step. */
    private static List<String> step(List<String> lines, String id) {
        int at = indexOf(lines, "id: " + id);
        int start = at;
        while (start > 0 && !lines.get(start).strip().startsWith("- ")) {
            start--;
        }
        List<String> out = new ArrayList<>();
        for (int i = start; i < lines.size() && (i == start || !lines.get(i).strip().startsWith("- ")); i++) {
            out.add(lines.get(i));
        }
        return out;
    }

    private static int indexOf(List<String> lines, String stripped) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals(stripped)) {
                return i;
            }
        }
        throw new AssertionError("the workflow has no line " + stripped);
    }
}
