/** Flows layer. The learner's progress file: passes, hints taken, predictions, words; read and written atomically. */
package workbook.progress;
