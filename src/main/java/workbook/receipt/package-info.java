/** Flows layer. Sealed receipts of a grading ({@code Sealer}: the runner's hash and this machine's key) and their verification. */
package workbook.receipt;
