/**
 * Commands layer. The picocli commands: each reads its options, runs one flow, and prints its result through
 * {@code report}. {@code Main} reads the {@link workbook.run.Host} once and binds it, with the command's
 * {@code Scope}, to every command's options.
 */
package workbook.cli;
