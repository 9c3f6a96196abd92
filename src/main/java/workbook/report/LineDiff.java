package workbook.report;

import java.util.ArrayList;
import java.util.List;

/** A line diff (longest common subsequence): small inputs only, such as two versions of one method. */
public final class LineDiff {
    private LineDiff() {}

    /** One line of the diff: {@code ' '} in both, {@code '-'} only in the first, {@code '+'} only in the second. */
    public record Line(char mark, String text) {}

    public static List<Line> of(String first, String second) {
        String[] a = first.split("\n", -1);
        String[] b = second.split("\n", -1);
        int[][] lcs = new int[a.length + 1][b.length + 1];
        for (int i = a.length - 1; i >= 0; i--) {
            for (int j = b.length - 1; j >= 0; j--) {
                lcs[i][j] = same(a[i], b[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<Line> out = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            if (same(a[i], b[j])) {
                out.add(new Line(' ', a[i]));
                i++;
                j++;
            } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
                out.add(new Line('-', a[i++]));
            } else {
                out.add(new Line('+', b[j++]));
            }
        }
        while (i < a.length) {
            out.add(new Line('-', a[i++]));
        }
        while (j < b.length) {
            out.add(new Line('+', b[j++]));
        }
        return out;
    }

    /** Lines match when they differ only in indentation. */
    private static boolean same(String x, String y) {
        return x.strip().equals(y.strip());
    }
}
