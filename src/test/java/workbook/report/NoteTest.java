package workbook.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The one-line note of grades.csv and report.html ({@link Notes}). */
class NoteTest {
    @Test
    void aShortNoteIsOneLineAsItIs() {
        assertEquals("step 2: a b", Notes.clipped("step 2:\n  a\tb ", Notes.CHARS));
    }

    @Test
    void aLongNoteIsCutBetweenWords() {
        String words = "word ".repeat(200);
        String note = Notes.clipped(words, 40);
        assertTrue(note.length() <= 40, note);
        assertTrue(note.endsWith("word …"), "cut after a whole word: " + note);
    }
}
