package workbook.catalogue;

/**
 * One official test of a step and the contract clause it holds.
 *
 * @param method the test method's name
 * @param clause the id of the step's {@link Clause} this test holds
 * @param name   what this one test checks, in the lesson's words (a case of the clause)
 * @param happy  a happy-path test: the step's worksheet mutant must still pass it (that is what makes it subtle)
 * @param race   a concurrency test, repeated in trials by the audit
 */
public record OfficialTest(Step step, String method, String clause, Text name, boolean happy, boolean race) {
    /** The key the child JVM reports, {@code StepTest#method}. */
    public String key() {
        return step.testClass() + "#" + method;
    }

    /** The id in reports, {@code slug/method}. */
    public String id() {
        return step.slug() + "/" + method;
    }
}
