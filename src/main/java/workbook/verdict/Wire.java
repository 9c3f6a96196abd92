package workbook.verdict;

import java.util.Locale;

/**
 * A status set of the verdicts. Verdicts carry these enums; only the report edge turns one into its wire name — the
 * lower-case, hyphenated constant ({@code NOT_STARTED} → {@code not-started}) that the JSON carries and the message
 * keys use.
 */
public interface Wire {
    String name();

    default String wire() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
