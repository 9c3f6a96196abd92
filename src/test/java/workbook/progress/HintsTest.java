package workbook.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import workbook.catalogue.Catalogue;
import workbook.catalogue.Course;
import workbook.catalogue.Step;

/** Reading graded hints from the lesson files, and the worksheet fragments the predictions are about. */
class HintsTest {
    @Test
    void everyStepHasThreeGradedHintsInBothLanguages() {
        Course course = Catalogue.load(Catalogue.home(), "lease", java.util.List.of());
        for (Step s : course.steps()) {
            for (String lang : List.of("ko", "en")) {
                Hints h = Hints.of(s, lang);
                assertEquals(3, h.total(), s.folderName() + " " + lang);
                h.levels().forEach(l -> assertFalse(l.text().isBlank()));
                h.levels().forEach(l -> assertFalse(l.text().startsWith("##")));
            }
        }
    }

    @Test
    void aHeadingInsideACodeBlockDoesNotStartALevel() {
        List<Hints.Level> levels = Hints.parse("intro\n## 1\nfirst. more\n## 2\n```\n## 3 not a heading\n```\n");
        assertEquals(2, levels.size());
        assertEquals("first. …", levels.get(0).summary());
        assertTrue(levels.get(1).text().contains("## 3 not a heading"));
    }

    @Test
    void everyStepHasOneWorksheetFragmentShownWithoutItsIndentation() {
        Course course = Catalogue.load(Catalogue.home(), "lease", java.util.List.of());
        for (Step s : course.steps()) {
            List<Fragment> f = Fragment.of(course, s.number(), "en");
            assertEquals(1, f.size(), s.folderName());
            assertFalse(f.get(0).lines().isEmpty());
            assertFalse(f.get(0).lines().get(0).startsWith(" "), f.get(0).lines().toString());
        }
        assertEquals(List.of("if (done || until >= now) {"), Fragment.of(course, 4, "en").get(0).lines());
    }
}
