package workbook.report;

/**
 * Colour when a person is watching, plain text otherwise; and columns that line up with Korean, whose letters take
 * two cells of a terminal.
 */
public final class Terminal {
    private final boolean color = styled();

    /**
     * Whether text may carry ANSI styles, by the conventions terminal users expect: {@code FORCE_COLOR} set and not
     * {@code 0} forces them; else {@code NO_COLOR} set and not empty turns them off (no-color.org: an empty value is
     * as if unset); else they follow whether standard output is a terminal ({@link #outputIsTerminal()}).
     */
    public static boolean styled() {
        return styled(System.getenv("FORCE_COLOR"), System.getenv("NO_COLOR"), outputIsTerminal());
    }

    static boolean styled(String force, String noColor, boolean terminal) {
        if (force != null && !force.isEmpty() && !force.equals("0") && !force.equalsIgnoreCase("false")) {
            return true;
        }
        if (noColor != null && !noColor.isEmpty()) {
            return false;
        }
        return terminal;
    }

    /**
     * Whether standard output is a terminal. On Java 17 to 21 {@link System#console()} is non-null only when it is;
     * from Java 22 it is non-null for redirected output too, and {@code Console.isTerminal()} says.
     */
    public static boolean outputIsTerminal() {
        java.io.Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(c);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return true; // before Java 22: a console means a terminal
        }
    }

    public String bold(String s) {
        return color ? "\u001b[1m" + s + "\u001b[0m" : s;
    }

    public String red(String s) {
        return color ? "\u001b[31m" + s + "\u001b[0m" : s;
    }

    public String green(String s) {
        return color ? "\u001b[32m" + s + "\u001b[0m" : s;
    }

    public String dim(String s) {
        return color ? "\u001b[90m" + s + "\u001b[0m" : s;
    }

    private static volatile int[] measured;

    /**
     * The terminal's width in cells: {@code $COLUMNS} when the shell exports it, else what {@code stty size} says of
     * the terminal this process runs in (shells do not export COLUMNS by default), else 80; 160 when the output is
     * not a terminal.
     */
    public static int columns() {
        try {
            // -Dworkbook.columns: a fixed width whatever the terminal (golden screens are kept at 80).
            String c = System.getProperty("workbook.columns", System.getenv("COLUMNS"));
            if (c != null && !c.isBlank()) {
                return Math.max(20, Integer.parseInt(c.strip()));
            }
        } catch (NumberFormatException e) {
            return 80;
        }
        return size()[1];
    }

    /**
     * The terminal's height in lines: {@code $LINES} when set, else what {@code stty size} says, else 24; a file or a
     * pipe has no height, so {@link Integer#MAX_VALUE}.
     */
    public static int rows() {
        try {
            String l = System.getenv("LINES");
            if (l != null && !l.isBlank()) {
                return Math.max(2, Integer.parseInt(l.strip()));
            }
        } catch (NumberFormatException e) {
            return 24;
        }
        return size()[0];
    }

    private static int[] size() {
        if (measured == null) {
            measured = stty();
        }
        return measured;
    }

    /** Rows and columns of the terminal this process runs in. */
    private static int[] stty() {
        if (!outputIsTerminal()) {
            // a file or a pipe: nothing wraps it, so keep whole lines (a command stays on one line)
            return new int[] {Integer.MAX_VALUE, 160};
        }
        int[] fallback = {24, 80};
        if (!new java.io.File("/dev/tty").exists()) {
            return fallback;
        }
        try {
            Process p = new ProcessBuilder("stty", "size").redirectInput(new java.io.File("/dev/tty"))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            if (!p.waitFor(2, java.util.concurrent.TimeUnit.SECONDS) || p.exitValue() != 0) {
                return fallback;
            }
            String[] rc = out.split("\\s+");
            return rc.length == 2 ? new int[] {Math.max(2, Integer.parseInt(rc[0])), Math.max(20, Integer.parseInt(rc[1]))}
                    : fallback;
        } catch (Exception e) {
            return fallback;
        }
    }

    /**
     * {@code line} wrapped to fit this terminal after {@code indent} cells of indentation (at least 30 cells wide,
     * however narrow the terminal), for a line that goes under a heading or a test.
     */
    public static java.util.List<String> fit(String line, int indent) {
        return wrap(line, Math.max(30, columns() - indent));
    }

    /** {@code line} broken at spaces into lines of at most {@code width} cells (a longer word stays whole). */
    public static java.util.List<String> wrap(String line, int width) {
        java.util.List<String> out = new java.util.ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (String word : line.split(" ")) {
            if (cur.length() > 0 && width(cur.toString()) + 1 + width(word) > width) {
                out.add(cur.toString());
                cur.setLength(0);
            }
            if (cur.length() > 0) {
                cur.append(' ');
            }
            cur.append(word);
        }
        out.add(cur.toString());
        return out;
    }

    /** Cells padded (or cut with …) to the given display widths. */
    public String row(String[] cells, int... widths) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            sb.append(pad(cells[i] == null ? "" : cells[i], widths[Math.min(i, widths.length - 1)]));
            if (i < cells.length - 1) {
                sb.append(' ');
            }
        }
        return sb.toString().stripTrailing();
    }

    /** {@code s} in exactly {@code width} terminal cells: padded with spaces, or cut short with an ellipsis. */
    public static String pad(String s, int width) {
        if (width(s) <= width) {
            return s + " ".repeat(width - width(s));
        }
        StringBuilder out = new StringBuilder();
        int used = 0;
        for (int i = 0; i < s.length(); i += Character.charCount(s.codePointAt(i))) {
            int w = cells(s.codePointAt(i));
            if (used + w > width - 1) {
                break;
            }
            out.appendCodePoint(s.codePointAt(i));
            used += w;
        }
        return out.append('…').append(" ".repeat(Math.max(0, width - used - 1))).toString();
    }

    /** Terminal cells taken by {@code s}. */
    public static int width(String s) {
        return s.codePoints().map(Terminal::cells).sum();
    }

    /** Terminal cells of one code point: two for Hangul and other wide East Asian letters. */
    public static int cells(int cp) {
        if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3)
                || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60)
                || (cp >= 0xFFE0 && cp <= 0xFFE6)) {
            return 2;
        }
        return 1;
    }
}
