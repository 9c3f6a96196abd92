/** Child layer, opened to Gson alone. The wire format between parent and child: plans, run specs, events, kept output. No key or secret is held in an instance learner code can reach. */
package workbook.child.wire;
