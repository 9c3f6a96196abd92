package workbook.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.catalogue.Catalogue;
import workbook.catalogue.Course;

/** What a grader can say about a submission folder that holds no workspace of the lab it grades. */
class MissingFilesTest {
    @TempDir Path classDir;

    private static final Course LEASE = Catalogue.load(Catalogue.home(), "lease", List.of());
    private static final Map<String, String> OTHERS = Map.of("singleflight", "singleflight", "projection", "projection");

    private Path student(String name, String... files) throws Exception {
        Path dir = Files.createDirectories(classDir.resolve(name));
        for (String f : files) {
            Files.createDirectories(dir.resolve(f).getParent());
            Files.writeString(dir.resolve(f), "class X {}");
        }
        return dir;
    }

    @Test
    void anotherLabsPackageFolderIsNamedWithItsLab() throws Exception {
        Path kim = student("kim", "singleflight/OutcomeTable.java");
        assertEquals(new MissingFiles(MissingFiles.Kind.OTHER_LAB, "singleflight", "kim/singleflight"),
                MissingFiles.in(kim, LEASE, OTHERS));
    }

    @Test
    void aMainFileOutOfPlaceIsNamedWhereItIsAndWhereItBelongs() throws Exception {
        Path lee = student("lee", "Jobs.java", "JobsTest.java");
        assertEquals(new MissingFiles(MissingFiles.Kind.ELSEWHERE, null, "lee/Jobs.java"), MissingFiles.in(lee, LEASE, OTHERS));
        assertEquals("lee/lease/Jobs.java", MissingFiles.expected(lee, LEASE));

        Path park = student("park", "src/main/java/lease/Jobs.java", "notes/old/Jobs.java", ".git/x/Jobs.java");
        assertEquals("park/notes/old/Jobs.java", MissingFiles.in(park, LEASE, OTHERS).found(),
                "the shallowest one, hidden folders left out");
        Path han = student("han", "src/main/java/lease/Jobs.java");
        assertEquals("han/src/main/java/lease/Jobs.java", MissingFiles.in(han, LEASE, OTHERS).found(), "a Maven layout");
    }

    @Test
    void tooDeepOrNothingAtAllSaysNothingMore() throws Exception {
        Path choi = student("choi", "a/b/c/d/e/f/Jobs.java", "README.md");
        assertEquals(new MissingFiles(MissingFiles.Kind.NOWHERE, null, null), MissingFiles.in(choi, LEASE, OTHERS));
        Path empty = student("empty");
        assertEquals(MissingFiles.Kind.NOWHERE, MissingFiles.in(empty, LEASE, OTHERS).kind());
    }

    @Test
    void aLinkedMainFileIsNotTakenForOne() throws Exception {
        Path jung = student("jung");
        Path elsewhere = Files.writeString(classDir.resolve("someone-else.java"), "class Jobs {}");
        Files.createSymbolicLink(jung.resolve("Jobs.java"), elsewhere);
        assertEquals(MissingFiles.Kind.NOWHERE, MissingFiles.in(jung, LEASE, OTHERS).kind(), "links are not followed");
    }
}
