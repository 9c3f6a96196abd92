package workbook.report;

import java.util.ArrayList;
import java.util.List;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.BulletList;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.LinkReferenceDefinition;
import org.commonmark.node.ListBlock;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.Text;
import org.commonmark.node.ThematicBreak;
import org.commonmark.parser.Parser;

/**
 * Lesson Markdown laid out for a terminal. A CommonMark parser (with GFM tables) reads the text; this class only lays
 * the parsed blocks out: headings in bold over a rule, paragraphs and list items wrapped at spaces to the width (a
 * list item's next lines under its text), code blocks indented and verbatim, tables in aligned columns, block quotes
 * behind a bar, links as their text and then their address.
 *
 * <p>Widths are terminal cells ({@link Terminal#width}: a Korean letter takes two). A line breaks only at a space of
 * the text: never inside a word, inside inline code or inside an address, and never between inline code and the
 * Korean particle written right after it ({@code `until`은}). Styled output uses ANSI bold, italic and colour; plain
 * output (a file, a pipe, {@code NO_COLOR}) has no escape codes at all and keeps inline code in backticks. Prose is
 * wrapped at no more than {@link #MEASURE} cells even on a wider terminal, so a line stays readable; code and tables
 * may use the whole width.
 */
public final class Markdown {
    /** The longest line of prose, in cells, however wide the terminal is. */
    public static final int MEASURE = 100;

    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();

    private static final int BOLD = 1;
    private static final int ITALIC = 2;
    private static final int CODE = 4;
    private static final int QUIET = 8;

    private final boolean styled;
    private final int columns;

    private Markdown(int columns, boolean styled) {
        this.columns = Math.max(20, columns);
        this.styled = styled;
    }

    /** {@code markdown} as lines of at most {@code columns} cells (long code lines and words excepted). */
    public static String render(String markdown, int columns, boolean styled) {
        Markdown m = new Markdown(columns, styled);
        return String.join("\n", m.blocks(PARSER.parse(markdown), m.columns, 0, false));
    }

    // ---- blocks: each becomes a list of finished lines of at most the given width ----

    private List<String> blocks(Node parent, int width, int depth, boolean tight) {
        List<String> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof LinkReferenceDefinition) {
                continue;
            }
            List<String> lines = block(n, width, depth);
            if (!out.isEmpty() && !tight) {
                out.add("");
            }
            out.addAll(lines);
        }
        return out;
    }

    private List<String> block(Node n, int width, int depth) {
        if (n instanceof Heading h) {
            return heading(h, width);
        } else if (n instanceof Paragraph) {
            return Wrap.lines(inlines(n), prose(width), this);
        } else if (n instanceof ListBlock list) {
            return list(list, width, depth);
        } else if (n instanceof BlockQuote) {
            return prefixed(blocks(n, width - 2, depth, false), style("│ ", QUIET, "> "));
        } else if (n instanceof FencedCodeBlock code) {
            return code(code.getLiteral(), width);
        } else if (n instanceof IndentedCodeBlock code) {
            return code(code.getLiteral(), width);
        } else if (n instanceof HtmlBlock html) {
            return html.getLiteral().stripTrailing().lines().toList();
        } else if (n instanceof ThematicBreak) {
            return List.of(style((styled ? "─" : "-").repeat(prose(width)), QUIET, null));
        } else if (n instanceof TableBlock table) {
            return Table.of(table, this).lines(width);
        }
        return blocks(n, width, depth, false); // an unknown container: its children
    }

    private List<String> heading(Heading h, int width) {
        List<Wrap.Word> words = inlines(h);
        words.forEach(w -> w.addStyle(BOLD));
        List<String> lines = new ArrayList<>(Wrap.lines(words, prose(width), this));
        if (h.getLevel() <= 2) {
            int wide = Math.min(prose(width), words.stream().mapToInt(w -> w.width()).sum() + words.size() - 1);
            String rule = h.getLevel() == 1 ? (styled ? "━" : "=") : (styled ? "─" : "-");
            lines.add(style(rule.repeat(Math.max(1, wide)), styled ? QUIET : 0, null));
        }
        return lines;
    }

    private List<String> list(ListBlock list, int width, int depth) {
        List<String> out = new ArrayList<>();
        int number = list instanceof OrderedList o && o.getMarkerStartNumber() != null ? o.getMarkerStartNumber() : 1;
        int items = 0;
        for (Node i = list.getFirstChild(); i != null; i = i.getNext()) {
            items++;
        }
        String delimiter = list instanceof OrderedList o && o.getMarkerDelimiter() != null ? o.getMarkerDelimiter() : ".";
        int markerWidth = list instanceof OrderedList ? String.valueOf(number + items - 1).length() + delimiter.length() + 1 : 2;
        for (Node item = list.getFirstChild(); item != null; item = item.getNext(), number++) {
            if (!(item instanceof ListItem)) {
                continue;
            }
            String marker = list instanceof OrderedList ? Terminal.pad(number + delimiter, markerWidth)
                    : style(bullet(depth), QUIET, null) + " ";
            List<String> body = blocks(item, width - markerWidth, depth + 1, list.isTight());
            if (!out.isEmpty() && !list.isTight()) {
                out.add("");
            }
            if (body.isEmpty()) {
                out.add(marker.stripTrailing());
                continue;
            }
            String pad = " ".repeat(markerWidth);
            for (int k = 0; k < body.size(); k++) {
                String line = body.get(k);
                out.add(k == 0 ? marker + line : line.isEmpty() ? "" : pad + line);
            }
        }
        return out;
    }

    private String bullet(int depth) {
        if (!styled) {
            return "-";
        }
        return switch (depth % 3) {
            case 0 -> "•";
            case 1 -> "◦";
            default -> "▪";
        };
    }

    /**
     * A code block: every line as written (never wrapped, never styled), indented by four spaces, or by less when a
     * line would not fit the width with four.
     */
    private static List<String> code(String literal, int width) {
        List<String> lines = literal.stripTrailing().replace("\t", "    ").lines().toList();
        int longest = lines.stream().mapToInt(Terminal::width).max().orElse(0);
        String indent = longest + 4 <= width ? "    " : longest + 2 <= width ? "  " : longest + 1 <= width ? " " : "  ";
        return lines.stream().map(l -> l.isEmpty() ? "" : indent + l).toList();
    }

    private static List<String> prefixed(List<String> lines, String prefix) {
        return lines.stream().map(l -> l.isEmpty() ? prefix.stripTrailing() : prefix + l).toList();
    }

    /** The width prose may take: the space left, but never more than {@link #MEASURE}. */
    private static int prose(int width) {
        return Math.max(10, Math.min(width, MEASURE));
    }

    // ---- inlines: a paragraph becomes words, each a run of styled pieces with no place to break inside ----

    List<Wrap.Word> inlines(Node parent) {
        Wrap.Builder b = new Wrap.Builder();
        inlines(parent, 0, b);
        return b.words();
    }

    private void inlines(Node parent, int style, Wrap.Builder b) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof Text t) {
                b.text(t.getLiteral(), style);
            } else if (n instanceof Code c) {
                b.glued(styled ? c.getLiteral() : "`" + c.getLiteral() + "`", style | CODE);
            } else if (n instanceof Emphasis) {
                inlines(n, style | ITALIC, b);
            } else if (n instanceof StrongEmphasis) {
                inlines(n, style | BOLD, b);
            } else if (n instanceof SoftLineBreak) {
                b.space();
            } else if (n instanceof HardLineBreak) {
                b.lineBreak();
            } else if (n instanceof Link link) {
                inlines(n, style, b);
                address(link.getDestination(), plainText(n), style, b);
            } else if (n instanceof Image image) {
                inlines(n, style, b);
                address(image.getDestination(), plainText(n), style, b);
            } else if (n instanceof HtmlInline html) {
                b.glued(html.getLiteral(), style);
            } else {
                inlines(n, style, b);
            }
        }
    }

    /** A link's address after its text, in parentheses; once only, when the text is the address itself. */
    private static void address(String destination, String text, int style, Wrap.Builder b) {
        if (destination == null || destination.isBlank() || destination.equals(text)
                || destination.equals("mailto:" + text)) {
            return;
        }
        b.space();
        b.glued("(" + destination + ")", style | QUIET);
    }

    private static String plainText(Node parent) {
        StringBuilder s = new StringBuilder();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof Text t) {
                s.append(t.getLiteral());
            } else if (n instanceof Code c) {
                s.append(c.getLiteral());
            } else {
                s.append(plainText(n));
            }
        }
        return s.toString();
    }

    // ---- styles ----

    /** {@code text} in {@code style}; when not styled, {@code plain} (or the text itself when that is null). */
    String style(String text, int style, String plain) {
        if (!styled) {
            return plain == null ? text : plain;
        }
        if (style == 0 || text.isEmpty()) {
            return text;
        }
        List<String> codes = new ArrayList<>();
        if ((style & BOLD) != 0) {
            codes.add("1");
        }
        if ((style & ITALIC) != 0) {
            codes.add("3");
        }
        if ((style & CODE) != 0) {
            codes.add("36");
        }
        if ((style & QUIET) != 0) {
            codes.add("90");
        }
        return "\u001b[" + String.join(";", codes) + "m" + text + "\u001b[0m";
    }

    int bold() {
        return BOLD;
    }

    boolean styled() {
        return styled;
    }

    /** Words and how they fill lines. */
    static final class Wrap {
        private Wrap() {}

        /** One piece of a word: its text and style. */
        record Piece(String text, int style) {}

        /** A run of pieces with no place to break between them; {@code breakAfter} ends the line after it. */
        static final class Word {
            final List<Piece> pieces = new ArrayList<>();
            boolean breakAfter;

            int width() {
                return pieces.stream().mapToInt(p -> Terminal.width(p.text())).sum();
            }

            void addStyle(int s) {
                pieces.replaceAll(p -> new Piece(p.text(), p.style() | s));
            }

            String render(Markdown m) {
                StringBuilder s = new StringBuilder();
                pieces.forEach(p -> s.append(m.style(p.text(), p.style(), p.text())));
                return s.toString();
            }

            String plain() {
                StringBuilder s = new StringBuilder();
                pieces.forEach(p -> s.append(p.text()));
                return s.toString();
            }
        }

        /** Collects words: a space in text ends one; inline code and addresses never break. */
        static final class Builder {
            private final List<Word> words = new ArrayList<>();
            private Word current;

            void text(String text, int style) {
                int from = 0;
                for (int i = 0; i <= text.length(); i++) {
                    if (i == text.length() || text.charAt(i) == ' ') {
                        if (i > from) {
                            glued(text.substring(from, i), style);
                        }
                        if (i < text.length()) {
                            space();
                        }
                        from = i + 1;
                    }
                }
            }

            void glued(String text, int style) {
                if (text.isEmpty()) {
                    return;
                }
                if (current == null) {
                    current = new Word();
                    words.add(current);
                }
                current.pieces.add(new Piece(text, style));
            }

            void space() {
                current = null;
            }

            void lineBreak() {
                if (!words.isEmpty()) {
                    words.get(words.size() - 1).breakAfter = true;
                }
                current = null;
            }

            List<Word> words() {
                return words;
            }
        }

        /** Words filled greedily into lines of at most {@code width} cells; a longer word has a line of its own. */
        static List<String> lines(List<Word> words, int width, Markdown m) {
            List<String> out = new ArrayList<>();
            StringBuilder line = new StringBuilder();
            int used = 0;
            for (Word w : words) {
                int ww = w.width();
                if (used > 0 && used + 1 + ww > width) {
                    out.add(line.toString());
                    line.setLength(0);
                    used = 0;
                }
                if (used > 0) {
                    line.append(' ');
                    used++;
                }
                line.append(w.render(m));
                used += ww;
                if (w.breakAfter) {
                    out.add(line.toString());
                    line.setLength(0);
                    used = 0;
                }
            }
            if (used > 0 || out.isEmpty()) {
                out.add(line.toString());
            }
            return out;
        }
    }

    /**
     * A GFM table: columns as wide as their widest cell when that fits; otherwise the wide columns give way and
     * their cells wrap at spaces (a rule then parts the rows). When even the longest words do not fit side by side,
     * each row is printed as a short list of "header: cell" lines.
     */
    static final class Table {
        private final Markdown m;
        private final List<List<List<Wrap.Word>>> rows = new ArrayList<>();
        private final List<TableCell.Alignment> align = new ArrayList<>();
        private int headerRows;

        private Table(Markdown m) {
            this.m = m;
        }

        static Table of(TableBlock block, Markdown m) {
            Table t = new Table(m);
            for (Node section = block.getFirstChild(); section != null; section = section.getNext()) {
                for (Node row = section.getFirstChild(); row != null; row = row.getNext()) {
                    if (!(row instanceof TableRow)) {
                        continue;
                    }
                    List<List<Wrap.Word>> cells = new ArrayList<>();
                    boolean header = false;
                    int c = 0;
                    for (Node cell = row.getFirstChild(); cell != null; cell = cell.getNext(), c++) {
                        List<Wrap.Word> words = m.inlines(cell);
                        if (cell instanceof TableCell tc) {
                            header |= tc.isHeader();
                            if (tc.isHeader()) {
                                words.forEach(w -> w.addStyle(m.bold()));
                            }
                            if (t.align.size() <= c) {
                                t.align.add(tc.getAlignment());
                            }
                        }
                        cells.add(words);
                    }
                    t.rows.add(cells);
                    if (header) {
                        t.headerRows++;
                    }
                }
            }
            return t;
        }

        List<String> lines(int width) {
            int n = rows.stream().mapToInt(List::size).max().orElse(0);
            if (n == 0) {
                return List.of();
            }
            int[] natural = new int[n];
            int[] least = new int[n];
            for (List<List<Wrap.Word>> row : rows) {
                for (int c = 0; c < row.size(); c++) {
                    List<Wrap.Word> words = row.get(c);
                    int sum = words.stream().mapToInt(w -> w.width()).sum() + Math.max(0, words.size() - 1);
                    natural[c] = Math.max(natural[c], sum);
                    for (Wrap.Word w : words) {
                        least[c] = Math.max(least[c], w.width());
                    }
                }
            }
            int room = width - 3 * (n - 1);
            int[] widths = natural.clone();
            if (java.util.Arrays.stream(natural).sum() > room) {
                if (java.util.Arrays.stream(least).sum() > room) {
                    return records(width);
                }
                widths = share(natural, least, room);
            }
            String bar = m.style(m.styled() ? " │ " : " | ", QUIET, null);
            String rule = rule(widths);
            List<List<List<String>>> laid = new ArrayList<>();
            boolean wrapped = false;
            for (List<List<Wrap.Word>> row : rows) {
                List<List<String>> cells = new ArrayList<>();
                for (int c = 0; c < n; c++) {
                    List<Wrap.Word> words = c < row.size() ? row.get(c) : List.of();
                    List<String> lines = Wrap.lines(words, widths[c], m);
                    wrapped |= lines.size() > 1;
                    cells.add(lines);
                }
                laid.add(cells);
            }
            List<String> out = new ArrayList<>();
            for (int r = 0; r < laid.size(); r++) {
                List<List<String>> cells = laid.get(r);
                int height = cells.stream().mapToInt(List::size).max().orElse(1);
                for (int k = 0; k < height; k++) {
                    StringBuilder line = new StringBuilder();
                    for (int c = 0; c < n; c++) {
                        String text = k < cells.get(c).size() ? cells.get(c).get(k) : "";
                        line.append(c == 0 ? "" : bar).append(align(text, widths[c], c));
                    }
                    out.add(line.toString().stripTrailing());
                }
                boolean header = r == headerRows - 1;
                if (header || (wrapped && r < laid.size() - 1)) {
                    out.add(rule);
                }
            }
            return out;
        }

        /**
         * Room shared fairly: a column that needs no more than an equal share gets what it needs, and the columns left
         * share the rest equally, none below its longest word.
         */
        private static int[] share(int[] natural, int[] least, int room) {
            int n = natural.length;
            int[] widths = new int[n];
            boolean[] fixed = new boolean[n];
            int left = room;
            int open = n;
            for (boolean changed = true; changed && open > 0; ) {
                changed = false;
                int fair = left / open;
                for (int c = 0; c < n; c++) {
                    if (!fixed[c] && (natural[c] <= fair || least[c] >= fair)) {
                        widths[c] = natural[c] <= fair ? natural[c] : least[c];
                        fixed[c] = true;
                        left -= widths[c];
                        open--;
                        changed = true;
                    }
                }
            }
            for (int c = 0, k = 0; c < n; c++) {
                if (!fixed[c]) {
                    widths[c] = left / open + (k++ < left % open ? 1 : 0);
                }
            }
            return widths;
        }

        private String rule(int[] widths) {
            StringBuilder s = new StringBuilder();
            for (int c = 0; c < widths.length; c++) {
                s.append(c == 0 ? "" : m.styled() ? "─┼─" : "-+-").append((m.styled() ? "─" : "-").repeat(widths[c]));
            }
            return m.style(s.toString(), QUIET, null);
        }

        private String align(String rendered, int width, int column) {
            int visible = Terminal.width(rendered.replaceAll("\u001b\\[[0-9;]*m", ""));
            int gap = Math.max(0, width - visible);
            TableCell.Alignment a = column < align.size() ? align.get(column) : null;
            if (a == TableCell.Alignment.RIGHT) {
                return " ".repeat(gap) + rendered;
            } else if (a == TableCell.Alignment.CENTER) {
                return " ".repeat(gap / 2) + rendered + " ".repeat(gap - gap / 2);
            }
            return rendered + " ".repeat(gap);
        }

        /** Too narrow for columns: each body row as "header: cell" lines, the later lines of a cell under its text. */
        private List<String> records(int width) {
            List<String> out = new ArrayList<>();
            List<List<Wrap.Word>> header = headerRows > 0 ? rows.get(0) : List.of();
            for (int r = headerRows; r < rows.size(); r++) {
                if (!out.isEmpty()) {
                    out.add("");
                }
                List<List<Wrap.Word>> row = rows.get(r);
                for (int c = 0; c < row.size(); c++) {
                    String name = c < header.size() ? header.get(c).stream().map(w -> w.render(m))
                            .collect(java.util.stream.Collectors.joining(" ")) : "";
                    int nameWidth = c < header.size() ? header.get(c).stream().mapToInt(w -> w.width()).sum()
                            + Math.max(0, header.get(c).size() - 1) : 0;
                    String lead = name.isEmpty() ? (c == 0 ? "- " : "  ") : (c == 0 ? "- " : "  ") + name + ": ";
                    int leadWidth = name.isEmpty() ? 2 : 2 + nameWidth + 2;
                    List<String> lines = Wrap.lines(row.get(c), Math.max(10, width - 4), m);
                    if (leadWidth + Terminal.width(lines.get(0).replaceAll("\u001b\\[[0-9;]*m", "")) <= width) {
                        out.add(lead + lines.get(0));
                        lines.subList(1, lines.size()).forEach(l -> out.add("    " + l));
                    } else {
                        out.add(lead.stripTrailing());
                        lines.forEach(l -> out.add("    " + l));
                    }
                }
            }
            return out;
        }
    }
}
