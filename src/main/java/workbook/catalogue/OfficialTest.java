package workbook.catalogue;

/**
 * One official test of a step and the contract clause it checks.
 *
 * @param method the test method's name
 * @param happy  a happy-path test: the step's worksheet mutant must still pass it (that is what makes it subtle)
 * @param race   a concurrency test, repeated in trials by the audit
 */
public record OfficialTest(Step step, String method, Text clause, boolean happy, boolean race) {
    /** The key the child JVM reports, {@code ClaimTest#method}. */
    public String key() {
        return step.testClass() + "#" + method;
    }

    /** The id in reports, {@code claim/method}. */
    public String id() {
        return step.slug() + "/" + method;
    }
}
