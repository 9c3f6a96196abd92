package workbook.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PagerTest {
    @TempDir Path dir;

    private static final String LONG = String.join("\n", java.util.Collections.nCopies(30, "한 줄"));

    private static String printed(Pager pager, String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        pager.show(text, out);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void textLongerThanTheScreenGoesToThePagerWithLessSetToFrxUnlessSet() throws Exception {
        Path got = dir.resolve("paged.txt");
        String pager = "printf '%s\\n' \"$LESS\" > '" + got + "'; cat >> '" + got + "'";
        assertEquals("", printed(new Pager(true, 80, 24, Map.of("PAGER", pager)), LONG), "nothing printed beside the pager");
        assertEquals("FRX\n" + LONG + "\n", Files.readString(got, StandardCharsets.UTF_8));

        printed(new Pager(true, 80, 24, Map.of("PAGER", pager, "LESS", "-S")), LONG);
        assertTrue(Files.readString(got, StandardCharsets.UTF_8).startsWith("-S\n"), "the reader's own LESS is kept");
    }

    @Test
    void textThatFitsAFileOrAPipeAndAPagerThatCannotStartPrintDirectly() {
        String shortText = "두 줄\n짧다";
        Map<String, String> failing = Map.of("PAGER", "exit 99");  // would swallow the text if it were used
        assertEquals(shortText + "\n", printed(new Pager(true, 80, 24, failing), shortText), "fits the screen");
        assertEquals(LONG + "\n", printed(new Pager(false, 80, 24, failing), LONG), "not a terminal, or --no-pager");
        assertEquals(LONG + "\n", printed(new Pager(true, 80, 24, Map.of("PAGER", "no-such-pager-here")), LONG),
                "the shell could not find the pager");
        assertEquals(LONG + "\n", printed(new Pager(true, 80, 24, Map.of("PAGER", "cat")), LONG));
        assertEquals(LONG + "\n", printed(new Pager(true, 80, 24, Map.of("PAGER", "")), LONG));
    }

    @Test
    void linesAreCountedAsTheScreenShowsThemAndThePagerDefaultsToLess() {
        Pager pager = new Pager(true, 10, 4, Map.of());
        assertTrue(pager.fits("a\nb\nc"));
        assertFalse(pager.fits("a\nb\nc\nd"), "a line is kept for the prompt");
        assertTrue(pager.fits("가나다라마바\nb"));
        assertFalse(pager.fits("가나다라마바\nb\nc"), "twelve cells take two lines of ten");
        assertTrue(pager.fits("\u001b[1m0123456789\u001b[0m\nb"), "escape codes take no room");
        assertEquals(Optional.of(List.of("sh", "-c", "less -R")), pager.command());
    }
}
