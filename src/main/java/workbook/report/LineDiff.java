package workbook.report;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.Patch;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two versions of a method, line by line (java-diff-utils' Myers diff), and word by word inside the lines that changed.
 * Lines that differ only in whitespace are the same line. Within a changed block, each old line is paired with the
 * new line it most resembles (in order); a pair becomes one {@link Mark#CHANGED} line whose words say what went and
 * what came, so a renamed variable marks only its own words. Lines that resemble nothing on the other side stay
 * whole {@code -} and {@code +} lines.
 */
public final class LineDiff {
    private LineDiff() {}

    /** How much of two lines must be shared (of their non-blank characters) for them to be shown as one changed line. */
    static final double PAIRED = 0.4;

    /** What a line of the diff is. */
    public enum Mark {
        SAME(' '), OLD('-'), NEW('+'), CHANGED('~');

        private final char symbol;

        Mark(char symbol) {
            this.symbol = symbol;
        }

        public char symbol() {
            return symbol;
        }
    }

    /** A run of text inside a line: in both versions, only in the old one, or only in the new one. */
    public enum Kind { SAME, OLD, NEW }

    public record Piece(Kind kind, String text) {}

    /** One line of the diff. A SAME, OLD or NEW line is one piece of its kind; a CHANGED line mixes all three. */
    public record Line(Mark mark, List<Piece> pieces) {
        public Line {
            pieces = List.copyOf(pieces);
        }

        static Line whole(Mark mark, String text) {
            return new Line(mark, List.of(new Piece(mark == Mark.OLD ? Kind.OLD : mark == Mark.NEW ? Kind.NEW : Kind.SAME, text)));
        }

        /** The line as it reads in the old version ({@code old = true}) or the new one. */
        public String text(boolean old) {
            StringBuilder s = new StringBuilder();
            for (Piece p : pieces) {
                if (p.kind() == Kind.SAME || (p.kind() == Kind.OLD) == old) {
                    s.append(p.text());
                }
            }
            return s.toString();
        }

        /** Without colours: its mark, a space, and the changed words as {@code [-old-]} and {@code {+new+}}. */
        public String plain() {
            StringBuilder s = new StringBuilder().append(mark.symbol()).append(' ');
            for (Piece p : pieces) {
                if (mark == Mark.CHANGED && p.kind() != Kind.SAME) {
                    s.append(p.kind() == Kind.OLD ? "[-" : "{+").append(p.text()).append(p.kind() == Kind.OLD ? "-]" : "+}");
                } else {
                    s.append(p.text());
                }
            }
            return s.toString();
        }
    }

    /**
     * Where a line stands in its method: how many blocks deep (braces, whatever the indentation style) and the header
     * of the block it is in ({@code if (s == 409) {}), null at the top. Two lines are one statement changed only when
     * they stand in the same place: a {@code return} in the 409 branch is not the same statement as a {@code return}
     * after the 2xx checks, however alike their words.
     */
    record Place(int depth, String guard) {
        static List<Place> of(List<String> lines) {
            List<Place> out = new ArrayList<>();
            List<String> open = new ArrayList<>(); // the header of each block open before the line
            for (String line : lines) {
                String code = code(line);
                int closing = 0;
                while (closing < code.length() && code.charAt(closing) == '}') {
                    closing++;
                }
                for (int k = 0; k < closing && !open.isEmpty(); k++) {
                    open.remove(open.size() - 1);
                }
                out.add(new Place(open.size(), open.isEmpty() ? null : open.get(open.size() - 1)));
                for (int k = closing; k < code.length(); k++) {
                    if (code.charAt(k) == '{') {
                        open.add(squeezed(line));
                    } else if (code.charAt(k) == '}' && !open.isEmpty()) {
                        open.remove(open.size() - 1);
                    }
                }
            }
            return out;
        }

        /** The line without its string and char literals and its line comment, stripped. */
        private static String code(String line) {
            return line.replaceAll("\"(\\\\.|[^\"\\\\])*\"|'(\\\\.|[^'\\\\])*'", "\"\"")
                    .replaceAll("//.*$", "").strip();
        }

        boolean sameAs(Place other) {
            if (depth != other.depth) {
                return false;
            }
            if (guard == null || other.guard == null) {
                return guard == null && other.guard == null;
            }
            return guard.equals(other.guard) || similarity(words(guard, other.guard)) >= PAIRED;
        }
    }

    /** The diff from {@code first} (old) to {@code second} (new). */
    public static List<Line> of(String first, String second) {
        List<String> a = first.lines().toList();
        List<String> b = second.lines().toList();
        List<Place> pa = Place.of(a);
        List<Place> pb = Place.of(b);
        Patch<String> patch = DiffUtils.diff(a, b, (x, y) -> squeezed(x).equals(squeezed(y)));
        List<Line> out = new ArrayList<>();
        int i = 0;
        for (AbstractDelta<String> d : patch.getDeltas()) {
            for (; i < d.getSource().getPosition(); i++) {
                out.add(Line.whole(Mark.SAME, a.get(i)));
            }
            int from = d.getSource().getPosition();
            int to = d.getTarget().getPosition();
            out.addAll(block(d.getSource().getLines(), d.getTarget().getLines(),
                    pa.subList(from, from + d.getSource().size()), pb.subList(to, to + d.getTarget().size())));
            i += d.getSource().size();
        }
        for (; i < a.size(); i++) {
            out.add(Line.whole(Mark.SAME, a.get(i)));
        }
        return out;
    }

    /**
     * A changed block: old and new lines paired, in order, so that the pairs resemble each other most (a small
     * alignment over the block; a method's blocks are a few lines).
     */
    static List<Line> block(List<String> olds, List<String> news) {
        return block(olds, news, Place.of(olds), Place.of(news));
    }

    /**
     * A changed block whose lines stand at {@code oldPlaces} and {@code newPlaces}: only lines in the same place pair,
     * and a pair whose words changed in more than {@link #SITES} places reads better as two whole lines.
     */
    static List<Line> block(List<String> olds, List<String> news, List<Place> oldPlaces, List<Place> newPlaces) {
        int n = olds.size();
        int m = news.size();
        double[][] best = new double[n + 1][m + 1];
        List<List<Line>> words = new ArrayList<>();
        double[][] alike = new double[n][m];
        for (int x = 0; x < n; x++) {
            List<Line> row = new ArrayList<>();
            for (int y = 0; y < m; y++) {
                Line w = words(olds.get(x), news.get(y));
                row.add(w);
                alike[x][y] = oldPlaces.get(x).sameAs(newPlaces.get(y)) ? similarity(w) : 0;
            }
            words.add(row);
        }
        for (int x = n - 1; x >= 0; x--) {
            for (int y = m - 1; y >= 0; y--) {
                double pair = alike[x][y] >= PAIRED ? alike[x][y] + best[x + 1][y + 1] : -1;
                best[x][y] = Math.max(pair, Math.max(best[x + 1][y], best[x][y + 1]));
            }
        }
        List<Line> out = new ArrayList<>();
        List<Line> added = new ArrayList<>();
        int x = 0;
        int y = 0;
        while (x < n && y < m) {
            if (alike[x][y] >= PAIRED && best[x][y] == alike[x][y] + best[x + 1][y + 1]) {
                out.addAll(added);
                added.clear();
                Line pair = words.get(x).get(y);
                if (sites(pair) > SITES) {
                    out.add(Line.whole(Mark.OLD, olds.get(x)));
                    out.add(Line.whole(Mark.NEW, news.get(y)));
                } else {
                    out.add(pair);
                }
                x++;
                y++;
            } else if (best[x + 1][y] >= best[x][y + 1]) {
                out.add(Line.whole(Mark.OLD, olds.get(x++)));
            } else {
                added.add(Line.whole(Mark.NEW, news.get(y++))); // after the old lines it stands beside
            }
        }
        for (; x < n; x++) {
            out.add(Line.whole(Mark.OLD, olds.get(x)));
        }
        out.addAll(added);
        for (; y < m; y++) {
            out.add(Line.whole(Mark.NEW, news.get(y)));
        }
        return out;
    }

    private static final Pattern TOKEN = Pattern.compile("\\s+|[\\p{L}\\p{N}_$]+|[<>=!]=|&&|\\|\\||\\+\\+|--|->|::|.");

    /** Two lines as one CHANGED line: the old line's indentation, then their words diffed (spaces are all alike). */
    static Line words(String old, String nu) {
        String indent = old.substring(0, old.length() - old.stripLeading().length());
        List<Piece> pieces = new ArrayList<>();
        if (!indent.isEmpty()) {
            pieces.add(new Piece(Kind.SAME, indent));
        }
        pieces.addAll(compacted(tokenPieces(tokens(old.strip()), tokens(nu.strip()))));
        return new Line(Mark.CHANGED, merged(pieces));
    }

    /** One piece per token: the tokens both lines share, and each delta's old tokens, then its new ones. */
    private static List<Piece> tokenPieces(List<String> a, List<String> b) {
        Patch<String> patch = DiffUtils.diff(a, b, (x, y) -> x.equals(y) || (x.isBlank() && y.isBlank()));
        List<Piece> raw = new ArrayList<>();
        int i = 0;
        for (AbstractDelta<String> d : patch.getDeltas()) {
            for (; i < d.getSource().getPosition(); i++) {
                raw.add(new Piece(Kind.SAME, a.get(i)));
            }
            d.getSource().getLines().forEach(t -> raw.add(new Piece(Kind.OLD, t)));
            d.getTarget().getLines().forEach(t -> raw.add(new Piece(Kind.NEW, t)));
            i += d.getSource().size();
        }
        for (; i < a.size(); i++) {
            raw.add(new Piece(Kind.SAME, a.get(i)));
        }
        return raw;
    }

    /**
     * Fewer places of change, as diff tools do it: a run of only inserted (or only deleted) tokens may slide over an
     * equal token beside it without changing either line, and it does when that brings it next to another change.
     * {@code e{+.getMessage(+}){+, e)+}} becomes {@code {+e.getMessage(), +}e)}.
     */
    private static List<Piece> compacted(List<Piece> tokens) {
        List<Piece> p = new ArrayList<>(tokens);
        for (boolean moved = true; moved; ) {
            moved = false;
            for (int start = 0; start < p.size() && !moved; ) {
                if (p.get(start).kind() == Kind.SAME) {
                    start++;
                    continue;
                }
                int end = start;
                while (end < p.size() && p.get(end).kind() != Kind.SAME) {
                    end++;
                }
                Kind kind = p.get(start).kind();
                final int s0 = start;
                final int e0 = end;
                boolean pure = p.subList(start, end).stream().allMatch(x -> x.kind() == kind);
                if (pure) {
                    List<Piece> slid = slide(p, s0, e0, kind, -1);
                    if (slid == null) {
                        slid = slide(p, s0, e0, kind, +1);
                    }
                    if (slid != null) {
                        p = slid;
                        moved = true;
                    }
                }
                start = end;
            }
        }
        return p;
    }

    /** The run [start, end) slid one token at a time towards {@code step} until it touches another change; or null. */
    private static List<Piece> slide(List<Piece> p, int start, int end, Kind kind, int step) {
        List<Piece> q = new ArrayList<>(p);
        int s = start;
        int e = end;
        while (true) {
            int from = step < 0 ? s - 1 : e;          // the equal token the run slides over
            int to = step < 0 ? e - 1 : s;            // the run's token that takes its place as a shared one
            if (from < 0 || from >= q.size() || q.get(from).kind() != Kind.SAME || !q.get(from).text().equals(q.get(to).text())) {
                return null;
            }
            q.set(from, new Piece(kind, q.get(from).text()));
            q.set(to, new Piece(Kind.SAME, q.get(to).text()));
            s += step;
            e += step;
            int beside = step < 0 ? s - 1 : e;
            if (beside >= 0 && beside < q.size() && q.get(beside).kind() != Kind.SAME) {
                return q;
            }
        }
    }

    /**
     * Neighbouring pieces of a kind joined, and a lone space between two changes folded into both sides, so a change
     * of several words reads {@code [-a b-]{+c d+}} rather than {@code [-a-]{+c+} [-b-]{+d+}}.
     */
    private static List<Piece> merged(List<Piece> raw) {
        List<Piece> pieces = raw.stream().filter(p -> !p.text().isEmpty()).toList();
        List<Piece> out = new ArrayList<>();
        StringBuilder old = new StringBuilder();
        StringBuilder nu = new StringBuilder();
        for (int k = 0; k < pieces.size(); k++) {
            Piece p = pieces.get(k);
            boolean between = p.kind() == Kind.SAME && p.text().isBlank() && (old.length() > 0 || nu.length() > 0)
                    && k + 1 < pieces.size() && pieces.get(k + 1).kind() != Kind.SAME;
            if (p.kind() == Kind.OLD) {
                old.append(p.text());
            } else if (p.kind() == Kind.NEW) {
                nu.append(p.text());
            } else if (between) {
                old.append(p.text());
                nu.append(p.text());
            } else {
                flush(out, old, nu);
                if (!out.isEmpty() && out.get(out.size() - 1).kind() == Kind.SAME) {
                    out.set(out.size() - 1, new Piece(Kind.SAME, out.get(out.size() - 1).text() + p.text()));
                } else {
                    out.add(p);
                }
            }
        }
        flush(out, old, nu);
        return out;
    }

    private static void flush(List<Piece> out, StringBuilder old, StringBuilder nu) {
        if (old.length() > 0) {
            out.add(new Piece(Kind.OLD, old.toString()));
        }
        if (nu.length() > 0) {
            out.add(new Piece(Kind.NEW, nu.toString()));
        }
        old.setLength(0);
        nu.setLength(0);
    }

    /** How many places of change a changed line may show as one line; more read as a puzzle, not a change. */
    static final int SITES = 2;

    /** The places where a changed line's words differ: runs of changed pieces between shared words. */
    static int sites(Line changed) {
        int count = 0;
        boolean inChange = false;
        for (Piece p : changed.pieces()) {
            if (p.kind() == Kind.SAME && !p.text().isBlank()) {
                inChange = false;
            } else if (p.kind() != Kind.SAME && !inChange) {
                inChange = true;
                count++;
            }
        }
        return count;
    }

    /** The share of the two lines' non-blank characters that the changed line keeps in common. */
    static double similarity(Line changed) {
        int same = 0;
        int total = 0;
        for (Piece p : changed.pieces()) {
            int chars = p.text().replaceAll("\\s", "").length();
            same += p.kind() == Kind.SAME ? 2 * chars : 0;
            total += p.kind() == Kind.SAME ? 2 * chars : chars;
        }
        return total == 0 ? 1 : (double) same / total;
    }

    private static List<String> tokens(String line) {
        List<String> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(line);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    private static String squeezed(String line) {
        return line.strip().replaceAll("\\s+", " ");
    }
}
