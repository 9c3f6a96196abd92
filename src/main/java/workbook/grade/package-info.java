/** Flows layer. Checking, mutant runs, audits, probes and grading a class: plans child runs and reads their results into verdicts. Still builds some sentences through {@code words} (the redesign's remaining debt). */
package workbook.grade;
