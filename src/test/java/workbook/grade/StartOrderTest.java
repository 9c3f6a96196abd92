package workbook.grade;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.catalogue.Catalogue;
import workbook.catalogue.Course;

/** Which submissions of a class start first ({@link BatchGrader#heaviestFirst}). */
class StartOrderTest {
    @TempDir
    Path dir;

    @Test
    void theLargestTestFilesStartFirstAndTiesKeepNameOrder() throws Exception {
        Course lease = Catalogue.load(Catalogue.home(), "lease", List.of());
        Path small = withTests("a-small", 10);
        Path none = Files.createDirectories(dir.resolve("b-no-tests"));
        Path large = withTests("c-large", 5000);
        Path tieOne = withTests("d-tie", 300);
        Path tieTwo = withTests("e-tie", 300);
        BatchGrader batch = new BatchGrader(() -> null, lease, 2, 1000, Map.of());

        assertEquals(List.of(large, tieOne, tieTwo, small, none),
                batch.heaviestFirst(List.of(small, none, large, tieOne, tieTwo)));
    }

    private Path withTests(String name, int bytes) throws Exception {
        Path folder = dir.resolve(name);
        Path tests = folder.resolve("lease").resolve("JobsTest.java");
        Files.createDirectories(tests.getParent());
        Files.writeString(tests, "x".repeat(bytes));
        return folder;
    }
}
