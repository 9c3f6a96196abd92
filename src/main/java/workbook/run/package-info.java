/**
 * Core layer. Child JVMs: the sandbox, the child module and runtime, plans, the event inbox, and reading what a child
 * said or how it died; the {@link workbook.run.Host} they are started on (class path, Java, folders, streams) and a
 * lab's server.
 */
package workbook.run;
