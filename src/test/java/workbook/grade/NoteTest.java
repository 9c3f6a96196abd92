package workbook.grade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The one-line note of grades.csv and report.html ({@link BatchGrader#clipped}). */
class NoteTest {
    @Test
    void aShortNoteIsOneLineAsItIs() {
        assertEquals("step 2: a b", BatchGrader.clipped("step 2:\n  a\tb "));
    }

    @Test
    void aLongNoteIsCutBetweenWords() {
        String words = "word ".repeat(200);
        String note = BatchGrader.clipped(words, 40);
        assertTrue(note.length() <= 40, note);
        assertTrue(note.endsWith("word …"), "cut after a whole word: " + note);
    }
}
