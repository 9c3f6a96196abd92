/** Flows layer. trace and try: a step's scene played on learner code and the reference in JShell, in the sandbox. */
package workbook.jshell;
