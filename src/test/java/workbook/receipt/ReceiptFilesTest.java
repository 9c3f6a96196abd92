package workbook.receipt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReceiptFilesTest {
    @TempDir Path dir;

    @Test
    void aFileWithOnlySomeOfAReceiptsPartsIsNotOne() throws IOException {
        Receipt whole = new Sealer("workbook 0.1.0 ab", java.util.Optional.empty()).seal(new Receipt(1, "workbook 0.1.0 ab",
                "check", "lease", List.of(1), false, Map.of("lease/Jobs.java", "aa"), Map.of("tests", "bb"),
                Map.of("step 1", "passed"), "2026-12-02T04:00:00Z", null));
        Path ok = dir.resolve("ok.json");
        Receipts.write(whole, ok);
        assertEquals(whole, Receipts.read(ok).orElseThrow());
        for (String part : List.of("{\"command\":\"check\",\"verdicts\":{}}",
                Files.readString(ok).replaceAll("\"learnerFiles\": \\{[^}]*},", ""),
                Files.readString(ok).replace("\"command\": \"check\"", "\"command\": \"rm\""))) {
            Path f = Files.writeString(dir.resolve("part.json"), part);
            assertTrue(Receipts.read(f).isEmpty(), part);
        }
    }

    @Test
    void receiptsSortByWhenTheyWereMadeWhateverTheirCommand() {
        List<String> names = List.of("mutants-20200101T000000Z.json", "check-20261202T040000Z.json",
                "check-20261202T040000Z-2.json", "grade-20261202T035959Z.json", "check-20261202T040000Z-10.json");
        List<String> newestFirst = names.stream().map(dir::resolve)
                .sorted(Comparator.comparing(Receipts::madeAt).reversed()).map(p -> p.getFileName().toString()).toList();
        assertEquals(List.of("check-20261202T040000Z-10.json", "check-20261202T040000Z-2.json",
                "check-20261202T040000Z.json", "grade-20261202T035959Z.json", "mutants-20200101T000000Z.json"), newestFirst);
        assertEquals("", Receipts.madeAt(dir.resolve("notes.json")), "not a receipt's name: pruning leaves it");
        assertEquals("", Receipts.madeAt(dir.resolve("check-.json")));
    }

    @Test
    void theSameClassesInTwoJarsBuiltAtOtherTimesHashTheSame() throws IOException {
        Path a = jar("a.jar", 1_000_000_000_000L, new byte[] {1, 2, 3});
        Path b = jar("b.jar", 1_700_000_000_000L, new byte[] {1, 2, 3});
        Path c = jar("c.jar", 1_000_000_000_000L, new byte[] {1, 2, 4});
        assertNotEquals(Receipts.sha256(Files.readAllBytes(a)), Receipts.sha256(Files.readAllBytes(b)), "the jars differ");
        assertEquals(Receipts.classesIn(a), Receipts.classesIn(b));
        assertNotEquals(Receipts.classesIn(a), Receipts.classesIn(c));
    }

    private Path jar(String name, long time, byte[] classBytes) throws IOException {
        Path p = dir.resolve(name);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(p))) {
            for (String entry : List.of("META-INF/MANIFEST.MF", "workbook/X.class")) {
                JarEntry e = new JarEntry(entry);
                e.setTime(time);
                out.putNextEntry(e);
                out.write(entry.endsWith(".class") ? classBytes : ("Built: " + time + "\n").getBytes());
                out.closeEntry();
            }
        }
        return p;
    }
}
