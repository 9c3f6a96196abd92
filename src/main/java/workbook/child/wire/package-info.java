/** Child layer, opened to Gson alone. The wire format between parent and child: plans, run specs, events (a sealed record per kind, as JSON lines through {@link workbook.child.wire.EventCodec}) and the test statuses they carry, kept output. No key or secret is held in an instance learner code can reach. */
package workbook.child.wire;
