package singleflight;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Step 2: receipts that are enough to replay every decision and hold no secret. */
public final class Receipts {
    private Receipts() {}

    private static final List<String> FIELDS = List.of("at", "kind", "scope", "run", "owner", "verdict", "fence",
            "attempt", "status", "bodyLength", "bodyHash");
    private static final Pattern VERDICT = Pattern.compile("[A-Z_]{1,32}");
    private static final Pattern HASH = Pattern.compile("sha256:[0-9a-f]{64}");
    private static final List<String> KINDS = List.of("ACQUIRE", "RENEW", "READ_BACK", "SEND", "DECIDE", "RELEASE");

    /**
     * The receipt of one decision about {@code lease}. From the reply it keeps only the status, the body's length and
     * its hash; {@code reply} is null when no request was involved (status -1).
     */
    public static Receipt of(long at, String kind, Lease lease, String verdict, int attempt, Reply reply) {
        if (lease == null) {
            throw new IllegalArgumentException("receipt: no lease");
        }
        String body = reply == null ? "" : reply.body();
        return check(new Receipt(at, kind, lease.scope(), lease.run(), lease.owner(), verdict, lease.fence(), attempt,
                reply == null ? -1 : reply.status(), body.getBytes(StandardCharsets.UTF_8).length, hash(body)));
    }

    /** {@code sha256:} and the lowercase hex SHA-256 of the body's UTF-8 bytes; empty for an empty body. */
    public static String hash(String body) {
        if (body == null || body.isEmpty()) {
            return "";
        }
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(body.getBytes(StandardCharsets.UTF_8));
            StringBuilder sb = new StringBuilder("sha256:");
            for (byte b : d) {
                sb.append(String.format("%02x", b));
            }
            return sb.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Returns {@code r} when every field is one a receipt may hold: known kind, synthetic ids, an enum-like verdict,
     * a well-formed hash, no negative length or attempt. Otherwise IllegalArgumentException naming the field only,
     * never its value (the value may be the secret).
     */
    public static Receipt check(Receipt r) {
        if (r == null) {
            throw new IllegalArgumentException("receipt: null");
        }
        require(KINDS.contains(r.kind()), "kind");
        require(Ids.synthetic(r.scope()), "scope");
        require(Ids.synthetic(r.run()), "run");
        require(Ids.synthetic(r.owner()), "owner");
        require(r.verdict() != null && VERDICT.matcher(r.verdict()).matches(), "verdict");
        require(r.fence() >= 0, "fence");
        require(r.attempt() >= 0, "attempt");
        require(r.status() >= -1 && r.status() <= 599, "status");
        require(r.bodyLength() >= 0, "bodyLength");
        require(r.bodyHash() != null && (r.bodyHash().isEmpty() || HASH.matcher(r.bodyHash()).matches()), "bodyHash " + r.bodyHash());
        require(r.bodyHash().isEmpty() == (r.bodyLength() == 0), "bodyHash");
        return r;
    }

    private static void require(boolean ok, String field) {
        if (!ok) {
            throw new IllegalArgumentException("receipt: field " + field + " is not allowed as given");
        }
    }

    /** One line of {@code name=value} pairs in the record's order, separated by single spaces. */
    public static String line(Receipt r) {
        check(r);
        Object[] v = {r.at(), r.kind(), r.scope(), r.run(), r.owner(), r.verdict(), r.fence(), r.attempt(), r.status(),
                r.bodyLength(), r.bodyHash()};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < FIELDS.size(); i++) {
            sb.append(i == 0 ? "" : " ").append(FIELDS.get(i)).append('=').append(v[i]);
        }
        return sb.toString();
    }

    /** The receipt a {@link #line} wrote. An unknown, repeated or missing field, or a bad value, is refused. */
    public static Receipt parse(String line) {
        if (line == null) {
            throw new IllegalArgumentException("receipt line: null");
        }
        Map<String, String> f = new LinkedHashMap<>();
        for (String pair : line.strip().split(" ")) {
            int eq = pair.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("receipt line: a pair without a name");
            }
            String name = pair.substring(0, eq);
            if (!FIELDS.contains(name) || f.put(name, pair.substring(eq + 1)) != null) {
                throw new IllegalArgumentException("receipt line: unknown or repeated field " + (FIELDS.contains(name) ? name : "(unknown)"));
            }
        }
        if (f.size() != FIELDS.size()) {
            throw new IllegalArgumentException("receipt line: a field is missing");
        }
        try {
            return check(new Receipt(Long.parseLong(f.get("at")), f.get("kind"), f.get("scope"), f.get("run"),
                    f.get("owner"), f.get("verdict"), Long.parseLong(f.get("fence")), Integer.parseInt(f.get("attempt")),
                    Integer.parseInt(f.get("status")), Integer.parseInt(f.get("bodyLength")), f.get("bodyHash")));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("receipt line: a number field is not a number");
        }
    }
}
