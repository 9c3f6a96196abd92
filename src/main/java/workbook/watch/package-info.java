/** Commands layer. The watch loop: saves and keys turned into re-checks. */
package workbook.watch;
