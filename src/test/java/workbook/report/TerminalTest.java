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
}
