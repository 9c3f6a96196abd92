package workbook.catalogue;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.WorkbookRun;

/** Verdicts are keyed by mutant id, so a private set that repeats an id is refused, naming both files. */
class MutantIdsTest {
    @TempDir Path tmp;

    @Test
    void aPrivateMutantWithTheIdOfTheLabsOwnIsRefusedWithBothFileNames() throws IOException {
        Path home = WorkbookRun.fixtures("labs");
        Path own = home.resolve("mutants/beta/01-empty-becomes-null.mutant");
        Path extra = Files.createDirectories(tmp.resolve("private"));
        Files.copy(own, extra.resolve(own.getFileName()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Catalogue.load(home, "beta", List.of(extra)));
        assertTrue(e.getMessage().contains("01-empty-becomes-null"), e.getMessage());
        assertTrue(e.getMessage().contains(extra.resolve(own.getFileName()).toString()), e.getMessage());
        assertTrue(e.getMessage().contains("mutants/beta/01-empty-becomes-null.mutant"), e.getMessage());
    }

    @Test
    void twoPrivateFoldersMayNotRepeatAnIdEither() throws IOException {
        Path home = WorkbookRun.fixtures("labs");
        Path one = Files.createDirectories(tmp.resolve("one"));
        Path two = Files.createDirectories(tmp.resolve("two"));
        String text = Files.readString(home.resolve("mutants/beta/01-empty-becomes-null.mutant"));
        Files.writeString(one.resolve("01-mine.mutant"), text);
        Files.writeString(two.resolve("01-mine.mutant"), text);
        assertThrows(IllegalArgumentException.class, () -> Catalogue.load(home, "beta", List.of(one, two)));
    }
}
