/** Child layer. The runner inside the child JVM, packaged at run time as the named module {@code workbook.child}: runs a plan's suites with the JUnit launcher and sends sealed events to the parent. Depends on nothing else of ours; learner code cannot reflect into it. */
package workbook.child;
