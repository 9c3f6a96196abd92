/** Flows layer. Checking, mutant runs, audits, probes and grading a class: each verdict a flow ({@code CheckFlow}, {@code MutantsFlow}, {@code AuditFlow}, composed by {@code Grader}) that plans child runs and reads their results into verdicts ({@code verdict}): facts and reason codes, no words ({@code LayersTest.gradingHasNoWords}). */
package workbook.grade;
