package workbook.catalogue;

import java.nio.file.Path;
import java.util.List;

/**
 * A lab's measurement ({@code "probe"} in course.json): one JUnit test class, compiled from {@code dir} against the
 * reference, that publishes one JSON object per cell with {@code TestReporter.publishEntry("probe", json)}. The
 * workbook runs it on the reference, on the named mutants and on the learner's build, and lays the cells out as a
 * table and a plot. A cell that threw publishes its two dimensions and {@link #ERROR} instead of its measures: {@code rows} and {@code columns} name the two integer dimensions of a cell, {@code measures}
 * its counts.
 *
 * @param dir       sources of the probe class, below the lab's lesson folder
 * @param testClass the probe's test class, fully qualified
 * @param variants  mutant ids measured beside the reference
 * @param labels    by language, the words for the dimensions and measures ({@code "workers": "워커"})
 * @param notes     by variant id, why that variant measures as it does when the table alone would mislead (a mutant
 *                  that loses nothing here by design, and the test that exposes it instead)
 */
public record Probe(Path dir, String testClass, String rows, String columns, List<String> measures,
                    List<String> variants, java.util.Map<String, java.util.Map<String, String>> labels,
                    java.util.Map<String, Text> notes) {
    public Probe {
        measures = List.copyOf(measures);
        variants = List.copyOf(variants);
        labels = java.util.Map.copyOf(labels);
        notes = notes == null ? java.util.Map.of() : java.util.Map.copyOf(notes);
    }

    /** Why variant {@code id} measures as it does, in {@code lang}; null when the lab says nothing. */
    public String note(String id, String lang) {
        Text t = notes.get(id);
        return t == null ? null : t.in(lang);
    }

    /** What {@code name} (a dimension or a measure) is called in {@code lang}; the name itself when unlabelled. */
    public String label(String name, String lang) {
        return labels.getOrDefault(lang, java.util.Map.of()).getOrDefault(name, name);
    }

    /** The key a probe publishes each cell under. */
    public static final String ENTRY = "probe";

    /** The system property a probe reads its seed from. */
    public static final String SEED = "workbook.probe.seed";

    /** The system properties that, when set, keep the one cell a probe replays (its row and column values). */
    public static final String ROW = "workbook.probe.row";
    public static final String COLUMN = "workbook.probe.column";

    /** The key of a cell that threw: the exception on one line, published instead of the measures. */
    public static final String ERROR = "error";
}
