package workbook.catalogue;

import java.nio.file.Path;
import java.util.List;

/**
 * A deliberate bug, written as find/replace edits against the reference source. Each {@code find} must occur
 * exactly once in the reference; otherwise the mutant no longer applies and the audit says so.
 *
 * @param source  {@code doc} (the worksheet's own fragment) or {@code extra}
 * @param trials  how often the audit repeats the race tests on it (0: not a concurrency mutant)
 * @param detect  the share of those trials that must catch it (a timing-dependent bug may slip through some)
 * @param target  the learner class whose reference source it edits ({@code target = Name} in the file); null: the main one
 * @param clauses the ids of the step's clauses this mutant breaks ({@code clause = a, b} in the file)
 * @param flips   the same bug described for the learner's own code: regular expressions tried in order inside the
 *                step's method, for the "flip it on purpose" exercise after reveal
 */
public record Mutant(String id, int step, String source, String target, int trials, double detect, Text description,
                     List<String> clauses,
                     List<Edit> edits, List<Flip> flips, Path file) {
    public record Edit(String find, String replace) {}

    /** {@code pattern} (a Java regular expression) and its replacement ({@code $1} refers to groups). */
    public record Flip(String pattern, String replacement) {}

    public boolean fromWorksheet() {
        return "doc".equals(source);
    }

    /** The reference with every edit applied. */
    public String applyTo(String reference) {
        String out = reference;
        for (Edit e : edits) {
            int at = out.indexOf(e.find());
            int count = occurrences(out, e.find());
            if (count != 1) {
                throw new NotApplicable(id, e.find(), count);
            }
            out = out.substring(0, at) + e.replace() + out.substring(at + e.find().length());
        }
        return out;
    }

    private static int occurrences(String text, String part) {
        if (part.isEmpty()) {
            return 0;
        }
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    /** The reference changed under this mutant: its text to find occurs zero or several times. */
    public static final class NotApplicable extends RuntimeException {
        private final int count;

        NotApplicable(String id, String find, int count) {
            super("mutant " + id + ": the text to find occurs " + count + " times in the reference (expected once): "
                    + find.lines().findFirst().orElse("").strip());
            this.count = count;
        }

        public int count() {
            return count;
        }
    }
}
