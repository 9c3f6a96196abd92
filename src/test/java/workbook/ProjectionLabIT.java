package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lab 3 ({@code projection}) as shipped: its probe measures every build the lab names with the same numbers for the
 * same seed, zero loss and zero duplication for the reference (and the reference copied as the learner's code) in every
 * cell, and loss for the mutant that marks on read; on the skeleton it says the learner's code is not written yet.
 * The lab's audit is asserted by {@link StrykerReportIT}, whose audit run with a report is the only one of lab 3.
 */
class ProjectionLabIT {
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

    private Path skeletonWorkspace() throws IOException {
        Path pkg = Files.createDirectories(tmp.resolve("fresh").resolve(LAB));
        try (Stream<Path> files = Files.list(WorkbookRun.home().resolve("skeleton").resolve(LAB))) {
            for (Path f : files.toList()) {
                Files.copy(f, pkg.resolve(f.getFileName()));
            }
        }
        return pkg.getParent();
    }

    /**
     * Two probes with one seed, on the reference's workspace and on the skeleton's: every build but the learner's is
     * measured in the first (or read from the cache of an earlier run of the same classes) and read from the cache in
     * the second, so both show the same tables. That the same table draws the same plot is {@code ProbeReportTest}'s.
     */
    @Test
    void theProbeIsDeterministicTheReferenceLosesNothingAndTheSkeletonIsNotWrittenYet() throws IOException {
        Path plot = tmp.resolve("plot.svg");
        WorkbookRun.Result first = WorkbookRun.runAsLauncher("probe", "--lab", LAB, "--workspace", referenceWorkspace().toString(),
                "--seed", "5", "--plot", plot.toString(), "--json", "--lang", "en");
        WorkbookRun.Result fresh = WorkbookRun.runAsLauncher("probe", "--lab", LAB, "--workspace", skeletonWorkspace().toString(),
                "--seed", "5", "--plot", tmp.resolve("fresh.svg").toString(), "--json", "--lang", "en");
        assertEquals(0, first.exit(), first.describe());
        assertEquals(withoutYours(first.json()), withoutYours(fresh.json()), "the same seed, the same table\n" + fresh.describe());
        assertTrue(Files.readString(plot).startsWith("<svg"), "an SVG");
        assertTrue(Files.readString(tmp.resolve("fresh.svg")).startsWith("<svg"), "an SVG on the skeleton too");

        int marksOnReadLost = -1;
        for (JsonElement e : first.json().getAsJsonArray("variants")) {
            JsonObject v = e.getAsJsonObject();
            String id = v.get("id").getAsString();
            assertEquals("measured", v.get("status").getAsString(), id + "\n" + first.describe());
            assertEquals(40, v.getAsJsonArray("cells").size(), id + ": workers 1, 2, 4, 8 x failovers 1..10");
            for (JsonElement c : v.getAsJsonArray("cells")) {
                if (id.equals("reference") || id.equals("yours")) {
                    assertEquals("measured", c.getAsJsonObject().get("status").getAsString(), id + ": " + c);
                }
            }
            int lost = 0;
            int duplicated = 0;
            for (JsonElement c : v.getAsJsonArray("cells")) {
                JsonObject counts = c.getAsJsonObject().getAsJsonObject("counts");
                if (counts.has("lost")) { // a cell that threw has no counts (its error is named instead)
                    lost += counts.get("lost").getAsInt();
                    duplicated += counts.get("duplicates").getAsInt();
                }
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

        assertEquals(1, fresh.exit(), "your code was not measured: exit 1\n" + fresh.describe());
        JsonObject yours = null;
        for (JsonElement e : fresh.json().getAsJsonArray("variants")) {
            if (e.getAsJsonObject().get("id").getAsString().equals("yours")) {
                yours = e.getAsJsonObject();
            }
        }
        assertTrue(yours != null, fresh.describe());
        assertEquals("notRun", yours.get("status").getAsString(), fresh.describe());
        assertTrue(yours.get("message").getAsString().contains("not yet"), yours.toString());
    }

    /**
     * A learner's take that calls a lease held at its expiry instant throws MarkHeld in most cells: those cells are
     * recorded with their exception, the others are still measured, the worst cell is named with the command that
     * replays it, and replaying it measures that one cell.
     */
    @Test
    void cellsThatThrowAreNamedTheOthersMeasuredAndTheWorstReplays() throws IOException {
        Path ws = referenceWorkspace();
        Path marks = ws.resolve(LAB).resolve("Marks.java");
        String text = Files.readString(marks);
        String held = "m.leaseUntil() > now";
        assertTrue(text.contains(held), "the reference's take tests the lease as " + held);
        Files.writeString(marks, text.replace(held, "m.leaseUntil() >= now"));
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("probe", "--lab", LAB, "--workspace", ws.toString(),
                "--plot", tmp.resolve("p.svg").toString(), "--lang", "en");
        assertEquals(1, r.exit(), r.describe());
        assertTrue(r.out().contains("cells threw"), r.describe());
        assertTrue(r.out().contains("MarkHeld"), "a cell that threw says what: " + r.describe());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("--cell (\\d+),(\\d+)").matcher(r.out());
        assertTrue(m.find(), "the worst cell's replay command: " + r.describe());
        WorkbookRun.Result json = WorkbookRun.runAsLauncher("probe", "--lab", LAB, "--workspace", ws.toString(),
                "--plot", tmp.resolve("p.svg").toString(), "--json", "--lang", "en");
        JsonObject yours = null;
        for (JsonElement e : json.json().getAsJsonArray("variants")) {
            if (e.getAsJsonObject().get("id").getAsString().equals("yours")) {
                yours = e.getAsJsonObject();
            }
        }
        assertTrue(yours != null, json.describe());
        assertEquals("measured", yours.get("status").getAsString(), "cells that throw do not stop the others");
        int threw = 0;
        for (JsonElement c : yours.getAsJsonArray("cells")) {
            threw += c.getAsJsonObject().get("status").getAsString().equals("threw") ? 1 : 0;
        }
        assertEquals(40, yours.getAsJsonArray("cells").size(), json.describe());
        assertTrue(threw > 0 && threw <= 40, "threw in " + threw + " cells");
        JsonObject worst = yours.getAsJsonObject("worst");
        assertEquals(m.group(1), worst.get("row").getAsString(), json.describe());
        assertEquals(m.group(2), worst.get("column").getAsString(), json.describe());

        WorkbookRun.Result one = WorkbookRun.runAsLauncher("probe", "--lab", LAB, "--workspace", ws.toString(),
                "--plot", tmp.resolve("one.svg").toString(), "--cell", m.group(1) + "," + m.group(2), "--json", "--lang", "en");
        assertEquals(1, one.exit(), one.describe());
        for (JsonElement e : one.json().getAsJsonArray("variants")) {
            JsonArray cells = e.getAsJsonObject().getAsJsonArray("cells");
            assertEquals(1, cells.size(), "one cell replayed: " + e);
            assertEquals(m.group(1), cells.get(0).getAsJsonObject().get("row").getAsString(), e.toString());
        }
    }

    /** The probe's variants but the learner's own. */
    private static JsonArray withoutYours(JsonObject probe) {
        JsonArray out = new JsonArray();
        for (JsonElement e : probe.getAsJsonArray("variants")) {
            if (!e.getAsJsonObject().get("id").getAsString().equals("yours")) {
                out.add(e);
            }
        }
        assertEquals(probe.getAsJsonArray("variants").size() - 1, out.size(), "one variant is the learner's: " + probe);
        return out;
    }
}
