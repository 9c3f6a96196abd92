/**
 * Layer: core. The verdicts as facts: records and enums for what a check, a mutants run, an audit, a probe and a
 * class's grading found, and {@link workbook.verdict.Reason}, the code and arguments of every explanation. No words
 * here: {@code words} turns a reason into a sentence in the learner's language, at the report's edge, and
 * {@code --json} writes the same facts whatever the language.
 */
package workbook.verdict;
