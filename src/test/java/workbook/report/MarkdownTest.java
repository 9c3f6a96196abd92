package workbook.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The terminal layout of lesson Markdown: pure functions of the text, the width and whether styles are wanted. */
class MarkdownTest {
    private static List<String> plain(String md, int width) {
        return Markdown.render(md, width, false).lines().toList();
    }

    @Test
    void headingsStandOverARuleAsWideAsTheirTextWithoutTheirHashes() {
        List<String> lines = plain("# 임대와 fence\n\n## 계약\n\n### 작은 제목\n\n본문", 80);
        assertEquals(List.of("임대와 fence", "============", "", "계약", "----", "", "작은 제목", "", "본문"), lines);

        String styled = Markdown.render("## 계약", 80, true);
        assertTrue(styled.startsWith("\u001b[1m계약\u001b[0m\n"), "bold at a terminal: " + styled);
        assertFalse(styled.contains("#"));
    }

    @Test
    void emphasisIsBoldAndItalicAtATerminalAndPlainTextOtherwise() {
        String md = "a **strong** and *soft* word, `code` too";
        assertEquals("a strong and soft word, `code` too", Markdown.render(md, 80, false));
        String styled = Markdown.render(md, 80, true);
        assertTrue(styled.contains("\u001b[1mstrong\u001b[0m"), styled);
        assertTrue(styled.contains("\u001b[3msoft\u001b[0m"), styled);
        assertTrue(styled.contains("\u001b[36mcode\u001b[0m"), styled);
        assertFalse(styled.contains("*") || styled.contains("`"), "no Markdown marks left: " + styled);
    }

    @Test
    void plainOutputHasNoEscapeCodeAnywhere() {
        String md = String.join("\n", "# T", "", "**b** *i* `c` [link](https://example.org/x)", "", "> quoted **b**",
                "", "- item", "  - nested", "", "---", "", "| h | k |", "|---|---|", "| **x** | y |", "", "```", "code", "```");
        String out = Markdown.render(md, 60, false);
        assertFalse(out.contains("\u001b"), out);
        assertTrue(out.contains("link (https://example.org/x)"), "a link is its text, then its address: " + out);
        assertTrue(out.contains("> quoted b"), out);
        assertTrue(out.contains("- item\n  - nested"), out);
    }

    @Test
    void aFencedCodeBlockIsIndentedAndKeptVerbatimEvenWhenLongerThanTheWidth() {
        String code = "if (done || until >= now) {   // **not** emphasis, `not` code, a line far longer than the width";
        List<String> lines = plain("before\n\n```java\n" + code + "\n    nested();\n}\n```\n\nafter", 40);
        assertEquals(List.of("before", "", "  " + code, "      nested();", "  }", "", "after"), lines);

        List<String> narrow = plain("```\nx = 1\n\ny = 2\n```", 40);
        assertEquals(List.of("    x = 1", "", "    y = 2"), narrow, "four spaces when every line fits; blank lines stay");
    }

    @Test
    void koreanProseWrapsAtSpacesWithinTheWidthCountingTwoCellsALetter() {
        String md = "임대는 `until`에 만료됩니다. 그렇다면 `claim`은 `until <= now`를 \"만료되었다\"로 봐야 합니다."
                + " 어느 순간이든 옛 임대는 살아 있거나 만료되었거나, 둘 중 하나여야 합니다.";
        for (int width : new int[] {20, 31, 44, 80}) {
            List<String> lines = plain(md, width);
            for (String l : lines) {
                assertTrue(Terminal.width(l) <= width, width + ": wider than the width: " + l);
            }
            String joined = String.join(" ", lines);
            assertEquals(md.replace("\n", " "), joined, width + ": broken only at spaces, every word whole");
            assertTrue(lines.stream().anyMatch(l -> l.contains("`until <= now`를")),
                    width + ": inline code and its particle stay on one line: " + lines);
        }
        assertTrue(plain(md, 20).size() > plain(md, 44).size());
    }

    @Test
    void listItemsWrapUnderTheirTextAndNumbersLineUp() {
        String md = "1. 첫째 항목은 길어서 다음 줄로 넘어갑니다 넘어갑니다\n2. 둘째\n\n- 글머리 항목도 길면 다음 줄이 글 아래에 옵니다\n  - 안쪽 항목";
        List<String> lines = plain(md, 24);
        lines.forEach(l -> assertTrue(Terminal.width(l) <= 24, l));
        assertTrue(lines.get(0).startsWith("1. 첫째") && lines.get(1).startsWith("   ") && !lines.get(1).startsWith("    "),
                "continued three cells in, under the text: " + lines);
        assertTrue(lines.contains("2. 둘째"), lines.toString());
        int bullet = lines.indexOf(lines.stream().filter(l -> l.startsWith("- 글머리")).findFirst().orElseThrow());
        assertTrue(lines.get(bullet + 1).startsWith("  ") && !lines.get(bullet + 1).startsWith("   "), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  - 안쪽")), "a nested item two cells further in: " + lines);

        List<String> ten = plain("9. nine\n10. ten", 40);
        assertEquals(List.of("9.  nine", "10. ten"), ten, "markers padded to the widest number");
    }

    @Test
    void aTableLinesUpItsColumnsAndWrapsCellsWhenTooWide() {
        String md = "| 질문 | 답 |\n|---|---:|\n| 본문이 다른 키를 말하는가? | `UNKNOWN_EFFECT` |\n| 그 밖 | 1 |";
        List<String> wide = plain(md, 80);
        assertEquals("질문                       | " + " ".repeat("`UNKNOWN_EFFECT`".length() - 2) + "답", wide.get(0),
                "columns as wide as their widest cell; the header of a right-aligned column on the right too");
        assertTrue(wide.get(1).matches("-+\\+-+"), "a rule under the header: " + wide);
        assertTrue(wide.get(3).endsWith("| " + " ".repeat("`UNKNOWN_EFFECT`".length() - 1) + "1"), "right-aligned: " + wide);

        List<String> narrow = plain(md, 30);
        narrow.forEach(l -> assertTrue(Terminal.width(l) <= 30, "wider than 30: " + l));
        int bar = bar(narrow.get(0));
        narrow.stream().filter(l -> l.contains(" |")).forEach(l -> assertEquals(bar, bar(l), narrow.toString()));
        assertTrue(narrow.stream().filter(l -> l.contains(" |")).count() >= 4, "the long cell took several lines: " + narrow);
        assertTrue(narrow.stream().anyMatch(l -> l.contains("`UNKNOWN_EFFECT`")), "inline code is never cut: " + narrow);
    }

    @Test
    void aTableTooNarrowForItsLongestWordsBecomesOneShortListPerRow() {
        String md = "| verdict | next |\n|---|---|\n| `UNKNOWN_EFFECT` | `READ_BACK_BY_KEY` |";
        assertEquals(List.of("- verdict: `UNKNOWN_EFFECT`", "  next: `READ_BACK_BY_KEY`"), plain(md, 30));
    }

    @Test
    void softBreaksJoinALessonsSourceLinesIntoOneParagraph() {
        assertEquals(List.of("one two three four", "five"), plain("one two\nthree four\nfive", 18));
        assertEquals(List.of("one", "two"), plain("one  \ntwo", 80), "a hard break stays");
    }

    /** The cell at which a table row's column bar stands. */
    private static int bar(String row) {
        return Terminal.width(row.substring(0, row.indexOf(" |")));
    }
}
