package workbook.progress;

import com.google.gson.annotations.SerializedName;
import java.util.Locale;
import java.util.Optional;

/**
 * The three kinds of observation a learner can predict will expose a worksheet fragment. They are the three things
 * the skeleton's learner test class tells learners to look at, because a single happy path shows none of them.
 */
public enum Choice {
    /** A call whose return value is wrong. */
    @SerializedName("input") INPUT("input", "입력"),
    /** An exception that should be thrown and is not, or is thrown and should not be. */
    @SerializedName("exception") EXCEPTION("exception", "예외"),
    /** What the table holds after a refused or failed call. */
    @SerializedName("state") STATE("state", "상태");

    private final String wire;
    private final String korean;

    Choice(String wire, String korean) {
        this.wire = wire;
        this.korean = korean;
    }

    /** The name used on the command line, in the progress file and in JSON. */
    public String wire() {
        return wire;
    }

    /** The number shown in the interactive menu (1–3). */
    public int number() {
        return ordinal() + 1;
    }

    /**
     * Reads an answer as a person or a script would give it: the number from the menu, the English name, or the
     * Korean word (so a learner answering in Korean is not refused). Empty when it is none of these.
     */
    public static Optional<Choice> parse(String answer) {
        if (answer == null) {
            return Optional.empty();
        }
        String a = answer.strip().toLowerCase(Locale.ROOT);
        for (Choice c : values()) {
            if (a.equals(String.valueOf(c.number())) || a.equals(c.wire) || a.startsWith(c.korean)
                    || (a.length() > 1 && a.endsWith(c.korean))) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
