package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lab 3 ({@code projection}) as shipped: its audit holds, and its probe measures every build the lab names with the
 * same numbers for the same seed, zero loss and zero duplication for the reference (and the reference copied as the
 * learner's code) in every cell, and loss for the mutant that marks on read.
 */
class ProjectionLabTest {
    private static final String LAB = "projection";

    @TempDir Path tmp;

    private Path referenceWorkspace() throws IOException {
        Path pkg = Files.createDirectories(tmp.resolve("ws").resolve(LAB));
        try (Stream<Path> files = Files.list(WorkbookRun.home().resolve("answers").resolve(LAB))) {
            for (Path f : files.toList()) {
                Files.copy(f, pkg.resolve(f.getFileName()));
            }
        }
        Files.copy(WorkbookRun.home().resolve("skeleton").resolve(LAB).resolve("ProjectionTest.java"),
                pkg.resolve("ProjectionTest.java"));
        return pkg.getParent();
    }

    @Test
    void theAuditHolds() {
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("audit", "--lab", LAB, "--json", "--lang", "en");
        assertTrue(r.json().getAsJsonArray("problems").isEmpty(), "problems: " + r.json().get("problems") + "\n" + r.describe());
        assertTrue(r.json().get("ok").getAsBoolean(), r.describe());
        assertEquals(4, r.json().getAsJsonObject("skeleton").getAsJsonArray("steps").size(), r.describe());
    }

    @Test
    void theProbeIsDeterministicAndTheReferenceLosesNothingInAnyCell() throws IOException {
        Path ws = referenceWorkspace();
        Path plot = tmp.resolve("plot.svg");
        WorkbookRun.Result first = WorkbookRun.runAsLauncher("probe", "--lab", LAB, "--workspace", ws.toString(),
                "--seed", "5", "--plot", plot.toString(), "--json", "--lang", "en");
        WorkbookRun.Result again = WorkbookRun.runAsLauncher("probe", "--lab", LAB, "--workspace", ws.toString(),
                "--seed", "5", "--plot", tmp.resolve("again.svg").toString(), "--json", "--lang", "en");
        assertEquals(0, first.exit(), first.describe());
        assertEquals(first.json().get("variants"), again.json().get("variants"), "the same seed, the same table");
        assertEquals(Files.readString(plot), Files.readString(tmp.resolve("again.svg")), "and the same plot");
        assertTrue(Files.readString(plot).startsWith("<svg"), "an SVG");

        int marksOnReadLost = -1;
        for (JsonElement e : first.json().getAsJsonArray("variants")) {
            JsonObject v = e.getAsJsonObject();
            String id = v.get("id").getAsString();
            assertEquals("measured", v.get("status").getAsString(), id + "\n" + first.describe());
            assertEquals(40, v.getAsJsonArray("cells").size(), id + ": workers 1, 2, 4, 8 x failovers 1..10");
            int lost = 0;
            int duplicated = 0;
            for (JsonElement c : v.getAsJsonArray("cells")) {
                lost += c.getAsJsonObject().getAsJsonObject("counts").get("lost").getAsInt();
                duplicated += c.getAsJsonObject().getAsJsonObject("counts").get("duplicates").getAsInt();
            }
            if (id.equals("reference") || id.equals("yours")) {
                assertEquals(0, lost + duplicated, id + " loses or duplicates nothing in any cell");
            }
            if (id.equals("03-mark-advanced-on-read")) {
                marksOnReadLost = lost;
                assertEquals(0, duplicated, "marking on read loses, it does not duplicate");
            }
            if (id.equals("03-mark-in-own-transaction")) {
                assertEquals(0, lost, "the mark in its own transaction duplicates, it never loses");
                assertTrue(duplicated > 0, "and it does duplicate");
            }
        }
        assertTrue(marksOnReadLost > 0, "the mark advanced on read loses events: " + marksOnReadLost);
    }

    @Test
    void onTheSkeletonTheProbeSaysYourCodeIsNotWrittenYet() throws IOException {
        Path pkg = Files.createDirectories(tmp.resolve("fresh").resolve(LAB));
        try (Stream<Path> files = Files.list(WorkbookRun.home().resolve("skeleton").resolve(LAB))) {
            for (Path f : files.toList()) {
                Files.copy(f, pkg.resolve(f.getFileName()));
            }
        }
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("probe", "--lab", LAB, "--workspace", pkg.getParent().toString(),
                "--json", "--lang", "en");
        assertEquals(1, r.exit(), "your code was not measured: exit 1\n" + r.describe());
        JsonObject yours = null;
        for (JsonElement e : r.json().getAsJsonArray("variants")) {
            if (e.getAsJsonObject().get("id").getAsString().equals("yours")) {
                yours = e.getAsJsonObject();
            }
        }
        assertTrue(yours != null, r.describe());
        assertEquals("notRun", yours.get("status").getAsString(), r.describe());
        assertTrue(yours.get("message").getAsString().contains("not yet"), yours.toString());
    }
}
