package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static workbook.CheckFixturesIT.text;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code workbook audit}: the lab as shipped is sound, and a broken private mutant set is called out. One audit of the
 * lab with the private set (the lab's whole audit is the expensive part, and the private set only adds to it) carries
 * both: the shipped part must hold as if audited alone, and exactly the two private mutants are problems. That a sound
 * audit says {@code ok} and exits 0 is held by the other labs' audits ({@code LabsIT}, {@code SingleflightLabIT}).
 */
class AuditIT {
    private static final String RACE_MUTANT = "08-read-then-write-outside-transaction";
    private static final List<String> PRIVATE = List.of("04-find-text-gone", "04-reworded-error-message");

    @Test
    void theShippedLabHoldsAndAPrivateMutantSetWithAStaleAndASurvivingMutantFailsTheAudit() throws IOException {
        Path extra = WorkbookRun.fixtures("audit/private-mutants");
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("audit", "--lab", "lease", "--mutants", extra.toString(), "--json", "--lang", "en");
        JsonObject v = r.json();
        String where = "\n" + r.describe();
        Map<String, JsonObject> mutants = new LinkedHashMap<>();
        v.getAsJsonArray("mutants").forEach(m -> mutants.put(text(m.getAsJsonObject(), "id"), m.getAsJsonObject()));
        List<String> problems = v.getAsJsonArray("problems").asList().stream().map(JsonElement::getAsString).toList();

        assertEquals("audit", text(v, "command"), where);
        shippedLabHolds(v, mutants, problems, where);
        privateSetFails(r, v, mutants, problems, where);
    }

    /** What {@code audit --lab lease} alone must say: no problem but the private mutants' own. */
    private static void shippedLabHolds(JsonObject v, Map<String, JsonObject> mutants, List<String> problems, String where)
            throws IOException {
        List<String> shippedProblems = problems.stream().filter(p -> PRIVATE.stream().noneMatch(p::contains)).toList();
        assertTrue(shippedProblems.isEmpty(), "problems of the shipped lab: " + shippedProblems + where);

        JsonObject reference = v.getAsJsonObject("reference");
        assertEquals("passed", text(reference, "status"), where);
        assertFalse(reference.getAsJsonArray("tests").isEmpty(), "the reference ran no official test" + where);
        for (JsonElement t : reference.getAsJsonArray("tests")) {
            assertEquals("passed", text(t.getAsJsonObject(), "status"), "reference test " + t + where);
        }

        List<JsonElement> skeleton = v.getAsJsonObject("skeleton").getAsJsonArray("steps").asList();
        assertEquals(8, skeleton.size(), "skeleton steps" + where);
        for (JsonElement s : skeleton) {
            assertEquals("not-started", text(s.getAsJsonObject(), "status"), "skeleton step " + s + where);
        }

        try (Stream<Path> files = Files.list(WorkbookRun.home().resolve("mutants").resolve("lease"))) {
            List<String> shipped = files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".mutant"))
                    .map(f -> f.substring(0, f.length() - ".mutant".length())).sorted().toList();
            List<String> all = new java.util.ArrayList<>(shipped);
            all.addAll(PRIVATE);
            assertEquals(all.stream().sorted().toList(), mutants.keySet().stream().sorted().toList(),
                    "every shipped mutant and the private ones are audited" + where);
        }
        long doc = 0;
        for (JsonObject m : mutants.values()) {
            String id = text(m, "id");
            if (PRIVATE.contains(id)) {
                continue;
            }
            assertEquals("killed", text(m, "status"), "mutant " + id + where);
            assertFalse(m.getAsJsonArray("killedBy").isEmpty(), "mutant " + id + " names no killing test" + where);
            for (JsonElement k : m.getAsJsonArray("killedBy")) {
                assertTrue(k.getAsString().contains("/"), "mutant " + id + " killer " + k + " is not an official test id");
            }
            if ("doc".equals(text(m, "source"))) {
                doc++;
                assertTrue(m.get("subtle").getAsBoolean(), "worksheet mutant " + id + " must be subtle" + where);
            }
        }
        assertEquals(8, doc, "one worksheet (doc) mutant per step" + where);

        JsonObject race = mutants.get(RACE_MUTANT);
        assertNotNull(race, RACE_MUTANT + " is audited" + where);
        int trials = race.get("trials").getAsInt();
        int detected = race.get("detected").getAsInt();
        assertTrue(trials > 0, RACE_MUTANT + " runs in race trials" + where);
        assertTrue(detected >= 0.9 * trials, RACE_MUTANT + " detected in " + detected + " of " + trials + " trials" + where);
    }

    /** The private set: one mutant that no longer applies, one that nothing kills; both fail the audit. */
    private static void privateSetFails(WorkbookRun.Result r, JsonObject v, Map<String, JsonObject> mutants,
                                        List<String> problems, String where) {
        assertEquals(1, r.exit(), "exit code" + where);
        assertFalse(v.get("ok").getAsBoolean(), "ok" + where);

        // (1) its text to find is not in the reference: an error, named among the problems
        JsonObject stale = mutants.get("04-find-text-gone");
        assertNotNull(stale, "the private mutant 04-find-text-gone is audited" + where);
        assertEquals("error", text(stale, "status"), where);
        assertTrue(stale.getAsJsonArray("killedBy").isEmpty(), where);
        assertTrue(problems.stream().anyMatch(p -> p.contains("04-find-text-gone")), "problems name it: " + problems);

        // (2) it only rewords an exception message: no official test kills it
        JsonObject reworded = mutants.get("04-reworded-error-message");
        assertNotNull(reworded, "the private mutant 04-reworded-error-message is audited" + where);
        assertEquals("survived", text(reworded, "status"), where);
        assertTrue(reworded.getAsJsonArray("killedBy").isEmpty(), where);
        assertTrue(problems.stream().anyMatch(p -> p.contains("04-reworded-error-message")), "problems name it: " + problems);

        assertEquals(2, problems.size(), "exactly the two private mutants are problems: " + problems);
    }
}
