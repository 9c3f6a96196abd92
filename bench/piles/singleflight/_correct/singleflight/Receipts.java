package singleflight;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Step 2: receipts that keep every decision and no secret. */
public final class Receipts {
    private Receipts() {}

    private static final Set<String> KINDS = Set.of("ACQUIRE", "RENEW", "READ_BACK", "SEND", "DECIDE", "RELEASE");
    private static final Pattern VERDICT = Pattern.compile("[A-Z_]{1,32}");
    private static final Pattern HASH = Pattern.compile("sha256:[0-9a-f]{64}");
    /** The record's components, in record order. */
    private static final String[] FIELDS = {"at", "kind", "scope", "run", "owner", "verdict", "fence", "attempt",
            "status", "bodyLength", "bodyHash"};
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    public static Receipt of(long at, String kind, Lease lease, String verdict, int attempt, Reply reply) {
        if (lease == null) {
            throw new IllegalArgumentException("receipt: no lease");
        }
        int status = -1;
        String body = "";
        if (reply != null) {
            status = reply.status();
            body = reply.body() == null ? "" : reply.body();
        }
        int length = body.getBytes(StandardCharsets.UTF_8).length;
        return check(new Receipt(at, kind, lease.scope(), lease.run(), lease.owner(), verdict, lease.fence(), attempt,
                status, length, hash(body)));
    }

    public static String hash(String body) {
        if (body == null || body.isEmpty()) {
            return "";
        }
        byte[] digest;
        try {
            digest = MessageDigest.getInstance("SHA-256").digest(body.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
        StringBuilder sb = new StringBuilder("sha256:");
        for (byte b : digest) {
            sb.append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
        }
        return sb.toString();
    }

    public static Receipt check(Receipt r) {
        if (r == null) {
            throw new IllegalArgumentException("receipt: null");
        }
        refuseUnless(r.kind() != null && KINDS.contains(r.kind()), "kind");
        refuseUnless(Ids.synthetic(r.scope()), "scope");
        refuseUnless(Ids.synthetic(r.run()), "run");
        refuseUnless(Ids.synthetic(r.owner()), "owner");
        refuseUnless(r.verdict() != null && VERDICT.matcher(r.verdict()).matches(), "verdict");
        refuseUnless(r.fence() >= 0, "fence");
        refuseUnless(r.attempt() >= 0, "attempt");
        refuseUnless(r.status() >= -1 && r.status() <= 599, "status");
        refuseUnless(r.bodyLength() >= 0, "bodyLength");
        String h = r.bodyHash();
        refuseUnless(h != null && (h.isEmpty() || HASH.matcher(h).matches()), "bodyHash");
        refuseUnless(h.isEmpty() == (r.bodyLength() == 0), "bodyHash");
        return r;
    }

    private static void refuseUnless(boolean fine, String field) {
        if (!fine) {
            throw new IllegalArgumentException("receipt: bad " + field);
        }
    }

    public static String line(Receipt r) {
        check(r);
        Object[] values = {r.at(), r.kind(), r.scope(), r.run(), r.owner(), r.verdict(), r.fence(), r.attempt(),
                r.status(), r.bodyLength(), r.bodyHash()};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < FIELDS.length; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(FIELDS[i]).append('=').append(values[i]);
        }
        return sb.toString();
    }

    public static Receipt parse(String line) {
        if (line == null) {
            throw new IllegalArgumentException("receipt line: null");
        }
        Map<String, String> seen = new LinkedHashMap<>();
        Set<String> known = Set.of(FIELDS);
        for (String pair : line.split(" ", -1)) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("receipt line: a pair without a name");
            }
            String name = pair.substring(0, eq);
            if (!known.contains(name)) {
                throw new IllegalArgumentException("receipt line: an unknown field");
            }
            if (seen.putIfAbsent(name, pair.substring(eq + 1)) != null) {
                throw new IllegalArgumentException("receipt line: field '" + name + "' repeated");
            }
        }
        for (String f : FIELDS) {
            if (!seen.containsKey(f)) {
                throw new IllegalArgumentException("receipt line: field '" + f + "' missing");
            }
        }
        return check(new Receipt(longOf(seen, "at"), seen.get("kind"), seen.get("scope"), seen.get("run"),
                seen.get("owner"), seen.get("verdict"), longOf(seen, "fence"), intOf(seen, "attempt"),
                intOf(seen, "status"), intOf(seen, "bodyLength"), seen.get("bodyHash")));
    }

    private static long longOf(Map<String, String> m, String field) {
        try {
            return Long.parseLong(m.get(field));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("receipt line: field '" + field + "' is not a number");
        }
    }

    private static int intOf(Map<String, String> m, String field) {
        try {
            return Integer.parseInt(m.get(field));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("receipt line: field '" + field + "' is not a number");
        }
    }
}
