/** Child layer, opened to JUnit alone. The runner's own warm-up tests, run by the child that records the class-data archive. */
package workbook.child.warm;
