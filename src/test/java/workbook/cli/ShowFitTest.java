package workbook.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import workbook.report.Terminal;

class ShowFitTest {
    @Test
    void proseWrapsAtSpacesCodeStaysAsItIsTablesWrapInTheirColumns() {
        String code = "long fence = live ? row.get().fence() : row.map(Lease::fence).orElse(0L) + 1; // a long line of code";
        String md = String.join("\n",
                "살아 있는 임대란 행이 있고, 반납되지 않았고, expires > now인 임대입니다. 만료된 범위는 빈 범위와 같습니다.",
                "",
                "- 목록의 항목은 다음 줄도 항목의 글 아래에서 이어집니다: 허가는 실행이 떠날 때 돌아오고 시간이 지나서는 돌아오지 않습니다.",
                "",
                "```java", code, "```",
                "",
                "| 분류 | 다음 행동 |",
                "|---|---|",
                "| 알 수 없는 효과 | 이 칸은 길어서 칸 안에서 줄을 바꿉니다 줄을 바꿉니다 줄을 바꿉니다 |");
        List<String> lines = ShowCommand.fit(md, 40, false).lines().toList();
        for (String l : lines) {
            if (!l.strip().equals(code)) {
                assertTrue(Terminal.width(l) <= 40, "wider than 40 cells: " + l);
            }
        }
        assertTrue(lines.contains("  " + code), "a code line is never wrapped, only indented: " + lines);
        List<String> rows = lines.stream().filter(l -> l.contains(" |")).toList();
        assertTrue(rows.size() > 2 && rows.get(0).startsWith("분류") && rows.stream().allMatch(
                r -> bar(r) == bar(rows.get(0))), "the table's cells line up in columns: " + rows);
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("알 수 없는 효과 |")), "a short cell keeps its line: " + rows);
        int item = lines.indexOf(lines.stream().filter(l -> l.startsWith("- ")).findFirst().orElseThrow());
        assertTrue(lines.get(item + 1).startsWith("  ") && !lines.get(item + 1).startsWith("   "), "continued under the item's text");
    }

    /** The cell at which a row's column bar stands. */
    private static int bar(String row) {
        return Terminal.width(row.substring(0, row.indexOf(" |")));
    }
}
