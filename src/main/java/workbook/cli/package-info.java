/** Commands layer. The picocli commands: each reads its options, runs one flow, and prints its result through {@code report}. */
package workbook.cli;
