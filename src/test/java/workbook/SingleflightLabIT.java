package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static workbook.CheckFixturesIT.text;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lab 2 ({@code singleflight}) as shipped: its audit holds with every mutant caught by a test of its own step, a
 * workspace holding only its package selects it, and nothing the lab writes holds the fake credential or the fake
 * tenant's address.
 */
class SingleflightLabIT {
    private static final String LAB = "singleflight";

    @TempDir Path tmp;

    /** A workspace holding lab 2's reference files and the skeleton's learner test. */
    private Path referenceWorkspace() throws IOException {
        Path pkg = tmp.resolve("ws").resolve(LAB);
        Files.createDirectories(pkg);
        try (Stream<Path> files = Files.list(WorkbookRun.home().resolve("answers").resolve(LAB))) {
            for (Path f : files.toList()) {
                Files.copy(f, pkg.resolve(f.getFileName()));
            }
        }
        Files.copy(WorkbookRun.home().resolve("skeleton").resolve(LAB).resolve("SingleflightTest.java"),
                pkg.resolve("SingleflightTest.java"));
        return pkg.getParent();
    }

    @Test
    void theAuditHoldsAndEveryMutantFailsItsOwnStep() {
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("audit", "--lab", LAB, "--json", "--lang", "en");
        JsonObject v = r.json();
        String where = "\n" + r.describe();
        assertTrue(v.getAsJsonArray("problems").isEmpty(), "problems: " + v.get("problems") + where);
        assertTrue(v.get("ok").getAsBoolean(), "ok" + where);
        assertEquals(6, v.getAsJsonObject("skeleton").getAsJsonArray("steps").size(), "six steps" + where);
        List<String> slugs = new ArrayList<>();
        for (JsonElement s : v.getAsJsonObject("reference").getAsJsonArray("tests")) {
            String slug = text(s.getAsJsonObject(), "id").split("/")[0];
            if (!slugs.contains(slug)) {
                slugs.add(slug);
            }
        }
        int doc = 0;
        for (JsonElement e : v.getAsJsonArray("mutants")) {
            JsonObject m = e.getAsJsonObject();
            String id = text(m, "id");
            assertEquals("killed", text(m, "status"), id + where);
            assertTrue(m.get("subtle").getAsBoolean(), id + " must pass its step's happy path" + where);
            String ownSlug = slugs.get(m.get("step").getAsInt() - 1);
            boolean byOwnStep = m.getAsJsonArray("killedBy").asList().stream()
                    .anyMatch(k -> k.getAsString().startsWith(ownSlug + "/"));
            assertTrue(byOwnStep, id + " must fail a test of its own step " + ownSlug + ", killed by " + m.get("killedBy"));
            doc += "doc".equals(text(m, "source")) ? 1 : 0;
        }
        assertEquals(6, doc, "one worksheet mutant per step" + where);
        for (JsonElement c : v.getAsJsonArray("clauses")) {
            JsonObject clause = c.getAsJsonObject();
            assertFalse(clause.getAsJsonArray("tests").isEmpty(), "clause " + clause + " has no test");
            assertFalse(clause.getAsJsonArray("mutants").isEmpty(), "clause " + clause + " has no mutant");
        }
    }

    /**
     * One check (which also shows that a workspace holding only lab 2's package selects it), the mutants of the step
     * that talks to the fake tenant, and the
     * overlap scene, whose outputs and progress files are then searched for every secret the fake tenant hands out.
     */
    @Test
    void aWorkspaceOfLabTwoSelectsItAndNothingTheLabWritesHoldsASecret() throws IOException {
        String credential = credential();
        Path ws = referenceWorkspace();
        List<WorkbookRun.Result> runs = new ArrayList<>();
        runs.add(WorkbookRun.runAsLauncher("check", "--workspace", ws.toString(), "--json", "--lang", "en"));
        runs.add(WorkbookRun.runAsLauncher("mutants", "5", "--workspace", ws.toString(), "--json")); // the tenant's step
        runs.add(WorkbookRun.runAsLauncher("trace", "6", "--workspace", ws.toString(), "--json"));

        JsonObject check = runs.get(0).json();
        assertEquals(6, check.get("total").getAsInt(), "lab 2 has six steps\n" + runs.get(0).describe());
        assertEquals(6, check.get("passed").getAsInt(), "the reference passes them all\n" + runs.get(0).describe());
        assertTrue(Files.isRegularFile(ws.resolve(".workbook").resolve(LAB).resolve("progress.json")), "lab 2's own progress file");
        assertTrue(runs.get(2).json().get("compiled").getAsBoolean(), "the scene ran\n" + runs.get(2).describe());

        Pattern address = Pattern.compile("127\\.0\\.0\\.1:\\d+|localhost:\\d+");
        for (WorkbookRun.Result r : runs) {
            String all = r.out() + r.err();
            assertFalse(all.contains(credential), "the credential in the output of " + r.args());
            Matcher m = address.matcher(all);
            assertFalse(m.find(), "the tenant's address in the output of " + r.args());
            assertFalse(all.contains("example.test"), "the fake personal data in the output of " + r.args());
        }
        try (Stream<Path> files = Files.walk(ws.resolve(".workbook"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String text = Files.readString(f, StandardCharsets.UTF_8);
                assertFalse(text.contains(credential), "the credential in " + f);
                assertFalse(address.matcher(text).find(), "the tenant's address in " + f);
            }
        }
    }

    /** The sentinel, read from the given fixture, so this test cannot drift from it. */
    private static String credential() throws IOException {
        String source = Files.readString(WorkbookRun.home().resolve("lessons/singleflight/_given/singleflight/FakeTenantServer.java"));
        Matcher m = Pattern.compile("CREDENTIAL = \"([^\"]+)\"").matcher(source);
        assertTrue(m.find(), "FakeTenantServer declares its CREDENTIAL");
        return m.group(1);
    }
}
