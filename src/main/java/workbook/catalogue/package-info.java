/** Core layer. The lab content as data: courses, steps, clauses, official tests, mutants, hints and texts read from {@code lessons/}; no lab is named in code. */
package workbook.catalogue;
