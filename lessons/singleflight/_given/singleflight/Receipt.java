package singleflight;

/**
 * One decision, as evidence. Only these fields exist, so nothing else can be kept: no credential, no URL, no body.
 *
 * @param at         the monotonic reading when it was decided
 * @param kind       ACQUIRE, RENEW, READ_BACK, SEND, DECIDE or RELEASE
 * @param scope      the effect scope
 * @param run        the synthetic run id
 * @param owner      the worker
 * @param verdict    the enum value decided (an AcquireVerdict, RenewVerdict, ReplyClass, NextAction, or FOUND/ABSENT/
 *                   UNREADABLE for a read-back, RELEASED/NOT_HELD for a release)
 * @param fence      the run's fence
 * @param attempt    the number of writes the run has sent so far
 * @param status     the reply's HTTP status, 0 for no reply, -1 when no request was involved
 * @param bodyLength the reply body's length in UTF-8 bytes, 0 when none
 * @param bodyHash   {@code sha256:} and 64 lowercase hex digits, or empty for an empty or absent body
 */
public record Receipt(long at, String kind, String scope, String run, String owner, String verdict, long fence,
                      int attempt, int status, int bodyLength, String bodyHash) {}
