package workbook.verdict;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Why a verdict is what it is, as a fact: a message code and its arguments, no words. The code names a sentence in
 * {@code workbook/messages_<lang>.properties} (or a lab's own words); {@code words.Words} writes it in the learner's
 * language at the report's edge, and {@code --json} writes the code and arguments as they are.
 *
 * <p>An argument is a number, a string shown as it is (a method's name, a value), a {@link workbook.catalogue.Text}
 * (a lab's sentence in several languages), or another {@code Reason}. Three codes are not in any bundle:
 * {@link #SAID}, words an official test said (in English; the lab's translations apply), {@link #TEXT}, a lab's
 * sentence, and {@link #AS_IS}, text shown as it is in every language.
 */
public record Reason(String code, List<Object> args) {
    /** The words of an official test's assertion or of an exception, translated where the lab lists them. */
    public static final String SAID = "said";
    /** Text shown as it is in every language (an exception's message, a signature). */
    public static final String AS_IS = "as-is";
    /** A lab's own sentence ({@link workbook.catalogue.Text}) in the learner's language. */
    public static final String TEXT = "text";

    public Reason {
        Objects.requireNonNull(code, "code");
        args = args == null ? List.of() : List.copyOf(args.stream().map(a -> a == null ? "null" : a).toList());
    }

    /** The sentence {@code code} with {@code args} in its holes. */
    public static Reason of(String code, Object... args) {
        return new Reason(code, Arrays.asList(args));
    }

    /** Words an official test or the runtime said, in English, to be translated where the lab lists them. */
    public static Reason said(String english) {
        return new Reason(SAID, List.of(String.valueOf(english)));
    }

    /** A lab's own sentence, in the learner's language. */
    public static Reason text(workbook.catalogue.Text text) {
        return new Reason(TEXT, List.of(text));
    }

    /** Text shown as it is in every language. */
    public static Reason asIs(String text) {
        return new Reason(AS_IS, List.of(String.valueOf(text)));
    }

    /** {@link #asIs}, or no reason when there is no text. */
    public static Reason asIsOrNone(String text) {
        return text == null ? null : asIs(text);
    }
}
