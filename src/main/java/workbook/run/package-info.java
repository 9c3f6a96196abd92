/** Core layer. Child JVMs: the sandbox, the child module and runtime, plans, the event inbox, and reading what a child said or how it died. */
package workbook.run;
