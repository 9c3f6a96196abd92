package workbook.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

/**
 * Verdicts as JSON: the record field names are the format, every status enum is written as its wire name. Nulls are
 * kept so every documented field is present.
 */
public final class Json {
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping()
            .registerTypeHierarchyAdapter(workbook.grade.Wire.class,
                    (com.google.gson.JsonSerializer<workbook.grade.Wire>) (w, type, ctx) -> new com.google.gson.JsonPrimitive(w.wire()))
            .create();

    private Json() {}

    public static String of(Object verdict) {
        return GSON.toJson(verdict);
    }
}
