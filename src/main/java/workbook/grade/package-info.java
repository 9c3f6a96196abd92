/** Flows layer. Checking, mutant runs, audits, probes and grading a class: plans child runs and reads their results into verdicts ({@code verdict}): facts and reason codes, no words ({@code LayersTest.gradingHasNoWords}). */
package workbook.grade;
