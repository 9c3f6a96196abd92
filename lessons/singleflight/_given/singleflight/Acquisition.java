package singleflight;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * What a trigger got.
 *
 * @param lease     present for ACQUIRED and REPLACED
 * @param leaderRun present for JOINED: the run whose outcome this trigger shares
 * @param outcome   completes with the run's outcome when the run is released (for JOINED, the leader's); already
 *                  complete with NOT_RUN for SKIPPED and NO_PERMIT
 */
public record Acquisition(AcquireVerdict verdict, Optional<Lease> lease, Optional<String> leaderRun,
                          CompletableFuture<RunOutcome> outcome) {}
