/** Child layer, exported to JUnit alone. The test-method orderer that tries likely killers first. */
package workbook.child.order;
