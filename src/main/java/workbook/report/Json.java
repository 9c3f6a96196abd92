package workbook.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

/** Verdicts as JSON: the record field names are the format. Nulls are kept so every documented field is present. */
public final class Json {
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create();

    private Json() {}

    public static String of(Object verdict) {
        return GSON.toJson(verdict);
    }
}
