package workbook.catalogue;

/**
 * One sentence of a step's contract. Official tests hold it (each test names the clause it checks) and mutants embody
 * its breach (each mutant names the clauses it breaks); the audit insists on at least one of each.
 *
 * @param id   unique within the step, e.g. {@code boundary}
 * @param text the sentence in the lesson's words
 */
public record Clause(int step, String id, Text text) {
    /** {@code 4/boundary}: unique within the lab. */
    public String key() {
        return step + "/" + id;
    }
}
