package workbook.report;

import workbook.grade.BatchGrader;
import workbook.verdict.Reason;
import workbook.words.Messages;

/**
 * A graded submission's note on one line for the instructor's table, the CSV and Classroom: at most about
 * {@link #CHARS} characters, cut between words, and a place in the learner's code at its end kept whole.
 */
public final class Notes {
    /** About how long a note may be. */
    public static final int CHARS = 300;

    private Notes() {}

    /** {@code reason} as one line, or null for none. */
    public static String of(Messages msg, Reason reason) {
        if (reason == null) {
            return null;
        }
        if (BatchGrader.NOTE_AT.equals(reason.code()) && reason.args().size() == 2) {
            String where = " @ " + reason.args().get(1);
            return clipped(msg.text((Reason) reason.args().get(0)), CHARS - where.length()) + where;
        }
        return clipped(msg.text(reason), CHARS);
    }

    /** One line of at most about {@code max} characters, cut between words. */
    static String clipped(String s, int max) {
        String line = s.replaceAll("\\s+", " ").strip();
        if (line.length() <= max) {
            return line;
        }
        int cut = line.lastIndexOf(' ', max - 2);
        return line.substring(0, cut > max / 2 ? cut : max - 2) + " …";
    }
}
