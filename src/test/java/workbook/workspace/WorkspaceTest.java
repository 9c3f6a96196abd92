package workbook.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.catalogue.Catalogue;
import workbook.catalogue.Course;

class WorkspaceTest {
    @TempDir Path dir;

    @Test
    void eachLabKeepsItsOwnProgressFile() {
        Course course = Catalogue.load(Catalogue.home(), "lease", java.util.List.of());
        Workspace ws = new Workspace(dir, course);
        assertEquals(dir.resolve(".workbook").resolve(course.id()).resolve("progress.json"), ws.progressFile());
    }

    @Test
    void aProgressFileFromBeforeLabFoldersMovesIntoItsLabsFolder() throws Exception {
        Course course = Catalogue.load(Catalogue.home(), "lease", java.util.List.of());
        Files.createDirectories(dir.resolve(".workbook"));
        Files.writeString(dir.resolve(".workbook/progress.json"), "{\"steps\": []}");
        Path moved = new Workspace(dir, course).progressFile();
        assertEquals("{\"steps\": []}", Files.readString(moved), "the learner's progress is kept, not lost");
        assertFalse(Files.exists(dir.resolve(".workbook/progress.json")), "and it is not left behind to be read twice");
    }
}
