/** Flows layer. Signed receipts of a grading and their verification. */
package workbook.receipt;
