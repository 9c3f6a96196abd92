package workbook.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import workbook.WorkbookRun;

/** What a terminal user expects of a command-line tool: completion, a manual page, help that fits and reads whole. */
class ShellConventionsTest {
    private static WorkbookRun.Result at80(String... args) {
        String saved = System.getProperty("workbook.columns");
        System.setProperty("workbook.columns", "80");
        try {
            return WorkbookRun.run(args);
        } finally {
            if (saved == null) {
                System.clearProperty("workbook.columns");
            } else {
                System.setProperty("workbook.columns", saved);
            }
        }
    }

    @Test
    void completionCoversTheCommandsAndTheProjectLauncher() {
        WorkbookRun.Result r = at80("completion");
        assertEquals(0, r.exit(), r.describe());
        for (String command : List.of("check", "mutants", "audit", "trace", "completion", "man")) {
            assertTrue(r.out().contains(command), command + " is completed:\n" + r.describe());
        }
        assertTrue(r.out().contains("complete -F _complete_workbook -o default ./workbook"), r.describe());
        assertTrue(r.out().lines().noneMatch(l -> l.length() > 80 && l.startsWith("                ")
                && !r.out().contains(l.strip() + "\n")), "the script is printed as it is, never re-wrapped");
    }

    @Test
    void theManualPageIsRoffWithEveryCommand() {
        WorkbookRun.Result r = at80("man", "--lang", "en");
        assertEquals(0, r.exit(), r.describe());
        assertTrue(r.out().startsWith(".TH WORKBOOK 1 "), r.describe());
        for (String section : List.of(".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH COMMANDS", ".SH EXIT STATUS")) {
            assertTrue(r.out().contains(section), section + ":\n" + r.out());
        }
        for (String command : List.of("check", "mutants", "audit", "grade", "completion")) {
            assertTrue(r.out().contains(".B " + command), command + ":\n" + r.out());
        }
        assertTrue(r.out().contains("\\-\\-json"), "dashes are escaped for roff");
    }

    @Test
    void koreanHelpIsKoreanAndBreaksBetweenWords() {
        WorkbookRun.Result r = at80("--help");
        assertEquals(0, r.exit(), r.describe());
        assertTrue(r.out().contains("help") && r.out().contains("명령의 도움말을 보여 줍니다"),
                "the help entry too is in Korean:\n" + r.out());
        assertEquals(List.of(), WorkbookRun.wider(r.out(), 80), "lines over 80 columns");
        // picocli would break "실행하면" after 실: every line ends at a word's end.
        assertTrue(r.out().contains("\n실행하면 현황판") || r.out().contains(" 실행하면 현황판"), r.out());
        WorkbookRun.Result check = at80("check", "--help");
        assertEquals(List.of(), WorkbookRun.wider(check.out(), 80), check.out());
        assertTrue(check.out().contains("FILE에 씁니다"), check.out());
    }
}
