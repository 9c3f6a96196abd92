package workbook.child.wire;

import java.util.List;

/**
 * What the parent asks one child JVM to do.
 *
 * @param runs             suites in order
 * @param skip             {@code run|trial|key} entries already settled by an earlier child; not run again
 * @param events           the Unix socket the child connects to and sends its sealed JSON-lines events over
 * @param testTimeoutMillis default per-test timeout (a test may declare a longer {@code @Timeout})
 * @param key              the key every event line is sealed with (the plan file is deleted once read)
 * @param classes          the class folders of the runs, by their class-path entry: each file's bytes in base64 by its
 *                         path in the folder ({@code lease/Jobs.class}). The child defines them from memory, so the
 *                         folders themselves need not be, and are not, in its view.
 */
public record ChildPlan(List<RunSpec> runs, List<String> skip, String events, long testTimeoutMillis, String key,
                        java.util.Map<String, java.util.Map<String, String>> classes) {
    public ChildPlan {
        classes = classes == null ? java.util.Map.of() : classes;
    }
}
