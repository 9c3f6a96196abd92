package workbook.workspace;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workbook.catalogue.Mutant;

/**
 * The worksheet's "flip it on purpose": puts a mutant's bug into the learner's own method, found by the mutant's
 * flip patterns. Works on text only; the learner's file is never written.
 */
public final class Flipper {
    private Flipper() {}

    /** The flipped source, with the line as it was and as it became. */
    public record Flipped(String source, String before, String after) {}

    /** The first flip whose pattern occurs exactly once inside {@code method}; empty when none does. */
    public static Optional<Flipped> flip(String source, String method, Mutant mutant) {
        JavaMethods.Span span = JavaMethods.find(source, method).orElse(null);
        if (span == null) {
            return Optional.empty();
        }
        String body = span.of(source);
        for (Mutant.Flip f : mutant.flips()) {
            Matcher m = Pattern.compile(f.pattern()).matcher(body);
            if (!m.find()) {
                continue;
            }
            int start = m.start();
            int end = m.end();
            if (m.find()) {
                continue;
            }
            Matcher again = Pattern.compile(f.pattern()).matcher(body);
            String flippedBody = again.replaceFirst(f.replacement().replace("\\n", "\n"));
            String flipped = source.substring(0, span.start()) + flippedBody + source.substring(span.end());
            return Optional.of(new Flipped(flipped, lineAround(body, start, end), lineAround(flippedBody, start,
                    start + (end - start) + (flippedBody.length() - body.length()))));
        }
        return Optional.empty();
    }

    private static String lineAround(String text, int start, int end) {
        int from = text.lastIndexOf('\n', Math.max(0, start - 1)) + 1;
        int to = text.indexOf('\n', Math.max(from, Math.min(text.length(), end)));
        return text.substring(from, to < 0 ? text.length() : to).strip();
    }
}
