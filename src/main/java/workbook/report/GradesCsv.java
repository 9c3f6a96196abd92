package workbook.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import workbook.verdict.Verdicts;

/**
 * {@code grades.csv}: one row per student (RFC 4180: comma separated, CRLF line ends, fields quoted where they need
 * it). The header is English and stable, for spreadsheets and scripts; one column per step holds that step's status.
 * The file starts with a UTF-8 byte order mark, Excel's sign for UTF-8: without it Excel (on a double-click) reads
 * Korean names as Latin-1 ({@code ê¹€ë¯¼ì¤€}). Python reads it with {@code encoding="utf-8-sig"}. LibreOffice's import
 * without options ignores the mark: {@link GradesOds} is the same table for it.
 */
public final class GradesCsv {
    private GradesCsv() {}

    /** Excel's mark for a UTF-8 file. */
    public static final char BOM = '\uFEFF';

    public static String of(Verdicts.ClassGrade grade, workbook.words.Messages msg) {
        StringBuilder out = new StringBuilder().append(BOM);
        rows(grade, msg).forEach(r -> row(out, r));
        return out.toString();
    }

    /** The header, then one row per student: the cells of the CSV and of {@link GradesOds}. */
    static List<List<String>> rows(Verdicts.ClassGrade grade, workbook.words.Messages msg) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("student", "verdict", "steps_passed", "steps", "tests_valid",
                "tests", "mutants_killed", "mutants", "seconds"));
        grade.steps().forEach(s -> header.add("step_" + s.step()));
        header.add("message");
        rows.add(header);
        for (Verdicts.Submission s : grade.submissions()) {
            List<String> cells = new ArrayList<>(List.of(s.student(), s.verdict().wire(), num(s.stepsPassed()),
                    num(s.steps()), num(s.testsValid()), num(s.tests()), num(s.killed()), num(s.mutantsTotal()),
                    String.format(Locale.ROOT, "%.1f", s.millis() / 1000.0)));
            for (Verdicts.StepInfo step : grade.steps()) {
                cells.add(s.check() == null ? "" : s.check().steps().stream().filter(v -> v.step() == step.step())
                        .map(v -> v.status().wire()).findFirst().orElse(""));
            }
            cells.add(s.reason() == null ? "" : Notes.of(msg, s.reason()));
            rows.add(cells);
        }
        return rows;
    }

    private static String num(int n) {
        return Integer.toString(n);
    }

    private static void row(StringBuilder out, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            out.append(i == 0 ? "" : ",").append(field(cells.get(i)));
        }
        out.append("\r\n");
    }

    /**
     * A field, quoted when it holds a comma, a quote or a line break; a field a spreadsheet would run as a formula
     * (a student's folder or message starting with {@code = + - @}) gets a leading apostrophe.
     */
    static String field(String s) {
        String v = s.isEmpty() || "=+-@".indexOf(s.charAt(0)) < 0 || s.matches("-?\\d+(\\.\\d+)?") ? s : "'" + s;
        return v.matches(".*[,\"\r\n].*") || v.contains("\n") ? "\"" + v.replace("\"", "\"\"") + "\"" : v;
    }
}
