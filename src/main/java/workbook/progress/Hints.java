package workbook.progress;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import workbook.catalogue.Step;

/**
 * A step's graded hints, read from {@code lessons/NN-slug/hints.<lang>.md}: each level starts with a line
 * {@code ## 1}, {@code ## 2}, … and runs to the next one. Levels are counted in the order they appear, so a typo in
 * a heading's number cannot hide a hint. Graded means each level gives away more than the one before; the learner
 * asks for the next only when the last did not help.
 */
public record Hints(Path file, List<Level> levels) {
    private static final Pattern HEADING = Pattern.compile("^##\\s+\\d+\\b.*$");

    public Hints {
        levels = List.copyOf(levels);
    }

    /** One level: its number (1-based) and its text, without the heading. */
    public record Level(int number, String text) {
        /**
         * The first sentence of the first line of prose, for listing a level already seen without repeating it
         * whole.
         */
        public String summary() {
            StringBuilder paragraph = new StringBuilder();
            boolean fenced = false;
            for (String line : text.lines().toList()) {
                String l = line.strip();
                if (l.startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                if (fenced || (l.isEmpty() && paragraph.length() == 0)) {
                    continue;
                }
                if (l.isEmpty() || (paragraph.length() > 0 && l.matches("^[-*]\\s.*"))) {
                    break;
                }
                paragraph.append(paragraph.length() == 0 ? "" : " ").append(l.replaceFirst("^[-*]\\s+", ""));
            }
            String p = paragraph.toString();
            if (p.isEmpty()) {
                return "…";
            }
            int end = sentenceEnd(p);
            String s = end > 0 ? p.substring(0, end) : p;
            boolean cut = end > 0 && end < p.length();
            return s.length() > 120 ? s.substring(0, 119) + "…" : cut ? s + " …" : s;
        }

        private static int sentenceEnd(String l) {
            for (int i = 0; i < l.length() - 1; i++) {
                char c = l.charAt(i);
                if ((c == '.' || c == '?' || c == '!') && l.charAt(i + 1) == ' ') {
                    return i + 1;
                }
            }
            return -1;
        }
    }

    /** The step's hints in {@code lang} (Korean when that translation is missing); none when there is no file. */
    public static Hints of(Step step, String lang) {
        Path file = step.localized("hints.", lang, ".md");
        return Files.isRegularFile(file) ? read(file) : new Hints(file, List.of());
    }

    public static Hints read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Hints(file, parse(text));
    }

    static List<Level> parse(String text) {
        List<Level> levels = new ArrayList<>();
        StringBuilder current = null;
        boolean fenced = false;
        for (String line : text.lines().toList()) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
            }
            if (!fenced && HEADING.matcher(line).matches()) {
                if (current != null) {
                    levels.add(new Level(levels.size() + 1, current.toString().strip()));
                }
                current = new StringBuilder();
            } else if (current != null) {
                current.append(line).append('\n');
            }
        }
        if (current != null) {
            levels.add(new Level(levels.size() + 1, current.toString().strip()));
        }
        return levels;
    }

    public int total() {
        return levels.size();
    }

    public Optional<Level> level(int n) {
        return n >= 1 && n <= levels.size() ? Optional.of(levels.get(n - 1)) : Optional.empty();
    }
}
