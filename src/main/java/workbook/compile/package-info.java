/** Core layer. javac in process, the content-addressed class cache, signature checks and the source rewrites that make mutants and schemata builds. */
package workbook.compile;
