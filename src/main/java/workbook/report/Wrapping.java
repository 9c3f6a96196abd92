package workbook.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The last word wrap every screen goes through: a line wider than the terminal is broken at spaces, never inside a
 * word, and its continuation lines are indented under its text (past its indentation and its mark: {@code ✗ },
 * {@code - }, {@code → }, {@code 3. }). A line that fits is left exactly as it is. Whole lines are wrapped as they
 * come; a partial line (a prompt) is written as it is when the stream is flushed.
 */
public final class Wrapping extends OutputStream {
    /** Indentation, then at most one mark a list or a verdict line starts with. */
    private static final Pattern LEAD = Pattern.compile(
            "^( *)((?:[✓✗·•▶→│~+*-]|\\d+\\.|\\(\\d+\\)|[-+~] ) ?)?");
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*m");
    /** The first column of a table row: indentation, one cell without a double space, then two or more spaces. */
    private static final Pattern COLUMN = Pattern.compile("^ *\\S(?:\\S| (?! ))*  +(?=\\S)");

    private final OutputStream out;
    private final int width;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    public Wrapping(OutputStream out, int width) {
        this.out = out;
        this.width = width;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        if (b == '\n') {
            String text = line.toString(StandardCharsets.UTF_8);
            line.reset();
            for (String l : wrap(text, width)) {
                out.write(l.getBytes(StandardCharsets.UTF_8));
                out.write('\n');
            }
        } else {
            line.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        if (line.size() > 0) {
            out.write(line.toByteArray());
            line.reset();
        }
        out.flush();
    }

    @Override
    public void close() throws IOException {
        flush();
    }

    /** {@code text} (one line) broken at spaces into lines of at most {@code width} cells where it can be. */
    public static List<String> wrap(String text, int width) {
        if (visible(text) <= width) {
            return List.of(text);
        }
        String plain = ANSI.matcher(text).replaceAll("");
        Matcher m = LEAD.matcher(plain);
        int hang = m.find() ? Terminal.width(m.group()) : 0;
        // A table row (a name, two or more spaces, its description: help's options and commands) goes on under its
        // description.
        Matcher column = COLUMN.matcher(plain);
        if (column.find() && Terminal.width(column.group()) <= width / 2) {
            hang = Terminal.width(column.group());
        }
        if (hang > width / 2) {
            hang = 0;
        }
        int lead = leadLength(text, hang);
        String first = text.substring(0, lead);
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder(first);
        int used = visible(first);
        boolean empty = true;
        for (String word : text.substring(lead).split(" ", -1)) {
            int w = visible(word);
            if (!empty && used + 1 + w > width) {
                out.add(cur.toString());
                cur.setLength(0);
                cur.append(" ".repeat(hang));
                used = hang;
                empty = true;
            }
            if (!empty) {
                cur.append(' ');
                used++;
            }
            cur.append(word);
            used += w;
            empty = false;
        }
        out.add(cur.toString());
        return out;
    }

    /** How many chars of {@code text} make its first {@code cells} visible cells (escape codes count for none). */
    private static int leadLength(String text, int cells) {
        int i = 0;
        int seen = 0;
        while (i < text.length() && seen < cells) {
            Matcher esc = ANSI.matcher(text).region(i, text.length());
            if (esc.lookingAt()) {
                i = esc.end();
                continue;
            }
            int cp = text.codePointAt(i);
            seen += Terminal.cells(cp);
            i += Character.charCount(cp);
        }
        return i;
    }

    /** Cells {@code s} takes on the screen: its escape codes take none. */
    static int visible(String s) {
        return Terminal.width(ANSI.matcher(s).replaceAll(""));
    }
}
