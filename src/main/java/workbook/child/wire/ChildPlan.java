package workbook.child.wire;

import java.util.List;

/**
 * What the parent asks one child JVM to do.
 *
 * @param runs             suites in order
 * @param skip             {@code run|trial|key} entries already settled by an earlier child; not run again
 * @param events           file the child appends its JSON-lines events to
 * @param testTimeoutMillis default per-test timeout (a test may declare a longer {@code @Timeout})
 * @param key              the {@link Seal} key every event line is sealed with (the plan file is deleted once read)
 */
public record ChildPlan(List<RunSpec> runs, List<String> skip, String events, long testTimeoutMillis, String key) {}
