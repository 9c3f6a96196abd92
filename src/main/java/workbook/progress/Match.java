package workbook.progress;

import com.google.gson.annotations.SerializedName;

/**
 * Whether a prediction's category agrees with how the mutant was actually caught. {@link #UNKNOWN} exists because
 * the runner cannot always tell: an assertion may have looked at a return value, at the table after a refusal, or
 * have been an {@code assertThrows}; claiming a match there would be a guess dressed up as a verdict.
 */
public enum Match {
    @SerializedName("yes") YES("yes"),
    @SerializedName("no") NO("no"),
    @SerializedName("unknown") UNKNOWN("unknown"),
    /** The mutant survived (or could not be run): nothing caught it yet, so there is nothing to compare. */
    @SerializedName("not-killed") NOT_KILLED("not-killed");

    private final String wire;

    Match(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
