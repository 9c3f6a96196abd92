package workbook.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TerminalTest {
    @Test
    void wrapBreaksAtSpacesWithinTheWidthCountingKoreanAsTwoCells() {
        List<String> lines = Terminal.wrap("가나다 라마 bc de", 8);
        assertEquals(List.of("가나다", "라마 bc", "de"), lines);
        lines.forEach(l -> assertTrue(Terminal.width(l) <= 8, l));
    }

    @Test
    void aWordLongerThanTheWidthStaysWhole() {
        assertEquals(List.of("a", "abcdefghij", "b"), Terminal.wrap("a abcdefghij b", 4));
    }

    @Test
    void aShortLineIsLeftAlone() {
        assertEquals(List.of("one line"), Terminal.wrap("one line", 80));
    }

    /** no-color.org and force-color.org: an empty NO_COLOR is as if unset; FORCE_COLOR wins unless empty or 0. */
    @Test
    void colourFollowsTheTerminalNoColorAndForceColor() {
        org.junit.jupiter.api.Assertions.assertTrue(Terminal.styled(null, null, true));
        org.junit.jupiter.api.Assertions.assertFalse(Terminal.styled(null, null, false), "a file or a pipe: plain");
        org.junit.jupiter.api.Assertions.assertFalse(Terminal.styled(null, "1", true));
        org.junit.jupiter.api.Assertions.assertTrue(Terminal.styled(null, "", true), "an empty NO_COLOR is unset");
        org.junit.jupiter.api.Assertions.assertTrue(Terminal.styled("1", null, false), "FORCE_COLOR into a pipe");
        org.junit.jupiter.api.Assertions.assertTrue(Terminal.styled("1", "1", false), "FORCE_COLOR over NO_COLOR");
        org.junit.jupiter.api.Assertions.assertFalse(Terminal.styled("0", null, false));
        org.junit.jupiter.api.Assertions.assertFalse(Terminal.styled("", null, false));
    }
}
