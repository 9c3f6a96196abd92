package singleflight;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Replays a receipt log with nothing but the receipts and the job's {@link Config}: no server, no clock, no store.
 * For each receipt it works out again what the contract decides from the state the earlier receipts built, and
 * reports the first receipt whose recorded verdict (or fence) differs.
 *
 * <ul>
 *   <li>ACQUIRE, RENEW and RELEASE are decided from the scope's lease (holder, fence, expiry, held) and the permits
 *       in use, at the receipt's {@code at};</li>
 *   <li>READ_BACK and SEND are what the tenant said: inputs, taken as recorded (a DECIDE right after a read-back that
 *       found nothing is GIVE_UP: the run had no write left);</li>
 *   <li>DECIDE is the {@link Outcomes#TABLE} row of the run's last SEND verdict, with RETRY only while
 *       {@code attempt < attemptBudget} and the run's elapsed time ({@code at} minus its ACQUIRE's) is under the
 *       deadline, and GIVE_UP otherwise.</li>
 * </ul>
 */
public final class Replay {
    private Replay() {}

    /** The index of the first receipt whose decision the receipts before it do not lead to; empty when none. */
    public static OptionalInt firstDivergence(Config cfg, List<Receipt> receipts) {
        State s = new State(cfg);
        for (int i = 0; i < receipts.size(); i++) {
            Receipt r = receipts.get(i);
            Optional<String> expected = s.apply(r);
            if (expected.isPresent() && !expected.get().equals(r.verdict() + "/" + r.fence())) {
                return OptionalInt.of(i);
            }
        }
        return OptionalInt.empty();
    }

    /** What replay expected at the first divergence, as {@code VERDICT/fence}; empty when none diverges. */
    public static Optional<String> expectedAt(Config cfg, List<Receipt> receipts, int index) {
        State s = new State(cfg);
        Optional<String> e = Optional.empty();
        for (int i = 0; i <= index && i < receipts.size(); i++) {
            e = s.apply(receipts.get(i));
        }
        return e;
    }

    private static final class Held {
        boolean exists;
        String run;
        long fence;
        long expires;
        boolean held;
    }

    private static final class State {
        final Config cfg;
        final Map<String, Held> scopes = new HashMap<>();
        final Set<String> permits = new HashSet<>();
        final Map<String, Long> acquiredAt = new HashMap<>();
        final Map<String, String> lastSend = new HashMap<>();
        /** A run whose last receipt is a read-back that found nothing: its next DECIDE can only be GIVE_UP. */
        final Set<String> readNothing = new HashSet<>();

        State(Config cfg) {
            this.cfg = cfg;
        }

        /** The verdict/fence this receipt should carry, after which the state is as the receipt leaves it. */
        Optional<String> apply(Receipt r) {
            Held h = scopes.computeIfAbsent(r.scope(), k -> new Held());
            boolean live = h.held && h.expires > r.at();
            switch (r.kind()) {
                case "ACQUIRE": {
                    String v;
                    long fence = h.fence;
                    if (live && cfg.policy() == Policy.SKIP) {
                        v = "SKIPPED";
                    } else if (live && cfg.policy() == Policy.JOIN) {
                        v = r.verdict().equals("JOINED") && h.run != null ? "JOINED" : "SKIPPED";
                    } else if (permits.size() >= cfg.maxInFlight()) {
                        v = "NO_PERMIT";
                    } else {
                        v = live ? "REPLACED" : "ACQUIRED";
                        fence = h.fence + 1;
                        h.fence = fence;
                        h.run = r.run();
                        h.expires = r.at() + cfg.ttl().toNanos();
                        h.held = true;
                        h.exists = true;
                        permits.add(r.run());
                        acquiredAt.put(r.run(), r.at());
                    }
                    return Optional.of(v + "/" + (v.equals("ACQUIRED") || v.equals("REPLACED") ? fence : r.fence()));
                }
                case "RENEW": {
                    String v = !h.exists ? "NOT_HELD" : h.fence != r.fence() ? "FENCED_OUT" : !h.held ? "NOT_HELD"
                            : h.expires <= r.at() ? "EXPIRED" : "RENEWED";
                    if (v.equals("RENEWED")) {
                        h.expires = r.at() + cfg.ttl().toNanos();
                    }
                    return Optional.of(v + "/" + r.fence());
                }
                case "RELEASE": {
                    String v = h.fence == r.fence() && h.held ? "RELEASED" : "NOT_HELD";
                    if (v.equals("RELEASED")) {
                        h.held = false;
                    }
                    permits.remove(r.run());
                    return Optional.of(v + "/" + r.fence());
                }
                case "READ_BACK":
                    if (r.verdict().equals("ABSENT")) {
                        readNothing.add(r.run());
                    }
                    return Optional.empty();
                case "SEND":
                    lastSend.put(r.run(), r.verdict());
                    readNothing.remove(r.run());
                    return Optional.empty();
                case "DECIDE": {
                    if (readNothing.remove(r.run())) {
                        return Optional.of(NextAction.GIVE_UP + "/" + r.fence()); // no write was left after the read-back
                    }
                    String cls = lastSend.get(r.run());
                    if (cls == null) {
                        return Optional.of("(a DECIDE with no SEND before it)/" + r.fence());
                    }
                    NextAction a = Outcomes.TABLE.get(ReplyClass.valueOf(cls));
                    if (a == NextAction.RETRY) {
                        long elapsed = r.at() - acquiredAt.getOrDefault(r.run(), r.at());
                        boolean may = r.attempt() < cfg.attemptBudget() && elapsed < cfg.deadline().toNanos();
                        boolean decidedRetry = r.verdict().equals("RETRY");
                        a = may ? (decidedRetry ? NextAction.RETRY : NextAction.GIVE_UP) : NextAction.GIVE_UP;
                        if (!may && decidedRetry) {
                            a = NextAction.GIVE_UP;
                        }
                    }
                    return Optional.of(a + "/" + r.fence());
                }
                default:
                    return Optional.empty();
            }
        }
    }
}
