/** Core layer. The learner's folder: finding, reading (bounded) and writing files atomically. */
package workbook.workspace;
