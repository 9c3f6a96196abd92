/** Reports layer. Screens, tables, HTML, JUnit XML, Stryker and Classroom output: where verdicts become words and formats. */
package workbook.report;
