/** Child layer, exported. The two calls instrumented builds make ({@code Active.is}, {@code Reached.hit}); the runner-only half of each stays package-private. */
package workbook.child.hooks;
