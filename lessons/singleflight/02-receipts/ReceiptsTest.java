package singleflight;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReceiptsTest {
    private static final Lease LEASE = new Lease("t1", Fx.KEY, "host-a", "run-7", 3, 0, 30);
    private static final String SECRET = FakeTenantServer.CREDENTIAL;
    private static final String CHATTY = "{\"applied\":true,\"echo\":\"POST http://127.0.0.1:41234/tenants/t1/effects"
            + " Authorization: Bearer " + SECRET + "\",\"note\":\"담당자 김하늘 <haneul.kim@example.test>\"}";

    private static String sha256(String s) throws Exception {
        return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aReceiptKeepsTheDecisionFields() throws Exception {
        Receipt r = Receipts.of(42, "SEND", LEASE, "SUCCESS", 1, Reply.of(200, "{\"applied\":true}"));
        assertEquals(new Receipt(42, "SEND", "t1", "run-7", "host-a", "SUCCESS", 3, 1, 200, 16, sha256("{\"applied\":true}")), r);
    }

    @Test
    void noSecretOfTheBodyReachesTheLine() {
        String line = Receipts.line(Receipts.of(1, "SEND", LEASE, "SUCCESS", 1, Reply.of(200, CHATTY)));
        for (String s : new String[] {SECRET, "SENTINEL", "127.0.0.1", "example.test", "김하늘", "Bearer"}) {
            assertFalse(line.contains(s), "the receipt line holds '" + s + "': " + line);
        }
        String hex = HexFormat.of().formatHex("SENTINEL".getBytes(StandardCharsets.UTF_8));
        String b64 = Base64.getEncoder().encodeToString(SECRET.getBytes(StandardCharsets.UTF_8)).substring(0, 12);
        assertFalse(line.toLowerCase().contains(hex), "the receipt line holds the secret in hex");
        assertFalse(line.contains(b64), "the receipt line holds the secret in Base64");
    }

    @Test
    void shortBodiesAreHashedToo() throws Exception {
        assertEquals(sha256("ok"), Receipts.hash("ok"), "a 2-byte body");
        assertEquals(sha256("{}"), Receipts.hash("{}"), "a tiny body");
    }

    @Test
    void theHashIsSha256OfTheUtf8Bytes() throws Exception {
        assertEquals(sha256(CHATTY), Receipts.hash(CHATTY), "hash of a body with Korean text");
        assertEquals("", Receipts.hash(""), "an empty body has no hash");
        assertEquals(sha256(" {}\n"), Receipts.hash(" {}\n"), "a body with a space before and a newline after: every byte counts");
    }

    @Test
    void theLengthIsInUtf8Bytes() {
        Receipt r = Receipts.of(1, "SEND", LEASE, "SUCCESS", 1, Reply.of(200, "김하늘"));
        assertEquals(9, r.bodyLength(), "three Korean letters are 9 bytes");
    }

    @Test
    void noReplyMeansStatusMinusOne() {
        Receipt r = Receipts.of(5, "ACQUIRE", LEASE, "ACQUIRED", 0, null);
        assertEquals(new Receipt(5, "ACQUIRE", "t1", "run-7", "host-a", "ACQUIRED", 3, 0, -1, 0, ""), r);
    }

    @Test
    void aReplyThatNeverCameIsStatusZero() {
        Receipt r = Receipts.of(5, "SEND", LEASE, "UNKNOWN_EFFECT", 1, Reply.none());
        assertEquals(new Receipt(5, "SEND", "t1", "run-7", "host-a", "UNKNOWN_EFFECT", 3, 1, 0, 0, ""), r,
                "a write that got no reply: status 0 (a request was sent), not -1 (no request)");
    }

    @Test
    void aBadFieldIsRefusedByNameNotByValue() {
        Lease leaky = new Lease("t1", Fx.KEY, "Bearer " + SECRET, "run-7", 3, 0, 30);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Receipts.of(1, "SEND", leaky, "SUCCESS", 1, null), "an owner that is not a synthetic id");
        String m = String.valueOf(e.getMessage());
        String shown = m.replace(SECRET, "«credential»");
        assertTrue(m.contains("owner"), "the message names the field: " + shown);
        assertFalse(m.contains(SECRET), "the message must not quote the value: " + shown);
    }

    @Test
    void anEmailAddressIsNoSyntheticId() {
        Lease personal = new Lease("t1", Fx.KEY, "haneul.kim@example.test", "run-7", 3, 0, 30);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Receipts.of(1, "SEND", personal, "SUCCESS", 1, null), "an owner that is an e-mail address (personal data)");
        assertFalse(String.valueOf(e.getMessage()).contains("example.test"), "the message must not quote the address");
    }

    @Test
    void verdictsKindsAndHashesAreChecked() throws Exception {
        String ok = sha256("ok");
        assertEquals("SUCCESS", Receipts.check(new Receipt(1, "SEND", "t1", "run-7", "host-a", "SUCCESS", 3, 1, 200, 2, ok)).verdict(),
                "the same receipt with a proper verdict passes");
        assertThrows(IllegalArgumentException.class, () -> Receipts.check(
                new Receipt(1, "SEND", "t1", "run-7", "host-a", "applied: " + SECRET, 3, 1, 200, 2, ok)), "a free-text verdict");
        assertThrows(IllegalArgumentException.class, () -> Receipts.check(
                new Receipt(1, "BODY", "t1", "run-7", "host-a", "SUCCESS", 3, 1, 200, 0, "")), "an unknown kind");
        assertThrows(IllegalArgumentException.class, () -> Receipts.check(
                new Receipt(1, "SEND", "t1", "run-7", "host-a", "SUCCESS", 3, 1, 200, 5, "sha256:" + "ab".repeat(10))), "a short hash");
        assertThrows(IllegalArgumentException.class, () -> Receipts.check(
                new Receipt(1, "SEND", "t1", "run-7", "host-a", "SUCCESS", 3, 1, 200, -2, ok)), "a negative length");
        assertThrows(IllegalArgumentException.class, () -> Receipts.check(
                new Receipt(1, "SEND", "t1", "run-7", "host-a", "X".repeat(33), 3, 1, 200, 2, ok)), "a verdict of 33 letters");
        assertThrows(IllegalArgumentException.class, () -> Receipts.check(
                new Receipt(1, "SEND", "t1", "run-7", "host-a", "success", 3, 1, 200, 2, ok)), "a lowercase verdict");
        assertThrows(IllegalArgumentException.class, () -> Receipts.check(
                new Receipt(1, "SEND", "t1", "run-7", "host-a", "SUCCESS", 3, 1, 200, 2, "sha256:" + ok.substring(7).toUpperCase())),
                "a hash in uppercase hex");
        String sneaky = "sha256:" + ("Bearer " + SECRET + " " + "x".repeat(64)).substring(0, 64);
        assertThrows(IllegalArgumentException.class, () -> Receipts.check(
                new Receipt(1, "SEND", "t1", "run-7", "host-a", "SUCCESS", 3, 1, 200, 2, sneaky)),
                "a hash of the right length that is not 64 hex digits (it holds the credential)");
    }

    @Test
    void whatTheContractAllowsPassesTheCheck() {
        Receipt neverLeased = new Receipt(-7_000_000_000L, "ACQUIRE", "t1", "run-7", "host-a", "NO_PERMIT", 0, 0, -1, 0, "");
        assertEquals(neverLeased, Receipts.check(neverLeased), "fence 0 (a scope never leased), attempt 0, status -1, a negative time");
        assertEquals(neverLeased, Receipts.of(-7_000_000_000L, "ACQUIRE", new Lease("t1", Fx.KEY, "host-a", "run-7", 0, 0, 0),
                "NO_PERMIT", 0, null), "of(…) makes the same receipt from a lease of fence 0");
        Receipt longest = new Receipt(1, "DECIDE", "t1", "run-7", "host-a", "X".repeat(32), 3, 1, -1, 0, "");
        assertEquals(longest, Receipts.check(longest), "a verdict of 32 letters, the longest allowed");
    }

    @Test
    void nullArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Receipts.check(null), "check(null)");
        assertThrows(IllegalArgumentException.class, () -> Receipts.of(1, "SEND", null, "SUCCESS", 1, null), "of(…) with a null lease");
        assertThrows(IllegalArgumentException.class, () -> Receipts.line(null), "line(null)");
        assertThrows(IllegalArgumentException.class, () -> Receipts.parse(null), "parse(null)");
    }

    @Test
    void aLineIsNameValuePairsInRecordOrder() {
        Receipt r = new Receipt(42, "RENEW", "t1", "run-7", "host-a", "RENEWED", 3, 0, -1, 0, "");
        assertEquals("at=42 kind=RENEW scope=t1 run=run-7 owner=host-a verdict=RENEWED fence=3 attempt=0 status=-1"
                + " bodyLength=0 bodyHash=", Receipts.line(r));
    }

    @Test
    void aLineParsesBackToTheSameReceipt() {
        Receipt r = Receipts.of(-9_000_000_000L, "SEND", LEASE, "RETRYABLE", 2, Reply.of(503, CHATTY));
        assertEquals(r, Receipts.parse(Receipts.line(r)), "parse(line(r))");
    }

    @Test
    void parseRefusesUnknownAndMissingFields() {
        String ok = Receipts.line(new Receipt(42, "RENEW", "t1", "run-7", "host-a", "RENEWED", 3, 0, -1, 0, ""));
        assertThrows(IllegalArgumentException.class, () -> Receipts.parse(ok + " body=" + SECRET), "an extra field body=");
        assertThrows(IllegalArgumentException.class, () -> Receipts.parse(ok.replace(" owner=host-a", "")), "owner missing");
        assertThrows(IllegalArgumentException.class, () -> Receipts.parse(ok.replace("fence=3", "fence=three")), "fence not a number");
        assertThrows(IllegalArgumentException.class, () -> Receipts.parse(ok.replace(" bodyHash=", "")),
                "bodyHash missing (an empty hash is written as bodyHash=, not left out)");
    }

    @Test
    void parseRefusesARepeatedField() {
        String ok = Receipts.line(new Receipt(42, "RENEW", "t1", "run-7", "host-a", "RENEWED", 3, 0, -1, 0, ""));
        assertThrows(IllegalArgumentException.class, () -> Receipts.parse(ok + " owner=host-b"), "owner twice");
        assertThrows(IllegalArgumentException.class, () -> Receipts.parse(ok.replace("fence=3", "fence=3 fence=4")), "fence twice");
    }

    @Test
    void everyFieldTheContractNamesIsChecked() throws Exception {
        String ok = sha256("ok");
        record Bad(String field, Receipt receipt, String value) {}
        List<Bad> bad = List.of(
                new Bad("scope", new Receipt(1, "SEND", "haneul.kim@example.test", "run-7", "host-a", "SUCCESS", 3, 1, 200, 2, ok), "example.test"),
                new Bad("run", new Receipt(1, "SEND", "t1", "Bearer " + SECRET, "host-a", "SUCCESS", 3, 1, 200, 2, ok), SECRET),
                new Bad("fence", new Receipt(1, "SEND", "t1", "run-7", "host-a", "SUCCESS", -3, 1, 200, 2, ok), "-3"),
                new Bad("attempt", new Receipt(1, "SEND", "t1", "run-7", "host-a", "SUCCESS", 3, -1, 200, 2, ok), "-1"),
                new Bad("scope", new Receipt(1, "SEND", "Bearer " + SECRET, "run-7", "host-a", "SUCCESS", 3, 1, 200, 2, ok), SECRET),
                new Bad("run", new Receipt(1, "SEND", "t1", "haneul.kim@example.test", "host-a", "SUCCESS", 3, 1, 200, 2, ok), "example.test"),
                new Bad("kind", new Receipt(1, SECRET, "t1", "run-7", "host-a", "SUCCESS", 3, 1, 200, 2, ok), SECRET),
                new Bad("verdict", new Receipt(1, "SEND", "t1", "run-7", "host-a", "applied: " + SECRET, 3, 1, 200, 2, ok), SECRET),
                new Bad("bodyHash", new Receipt(1, "SEND", "t1", "run-7", "host-a", "SUCCESS", 3, 1, 200, 2, "sha256:" + SECRET), SECRET),
                new Bad("bodyLength", new Receipt(1, "SEND", "t1", "run-7", "host-a", "SUCCESS", 3, 1, 200, -2, ok), "-2"));
        for (Bad b : bad) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Receipts.check(b.receipt()),
                    "a receipt whose " + b.field() + " is not allowed");
            String m = String.valueOf(e.getMessage());
            assertTrue(m.contains(b.field()), "the message names the field " + b.field() + ": " + m.replace(SECRET, "«credential»"));
            assertFalse(m.contains(b.value()), "the message does not quote the " + b.field() + "'s value");
        }
    }
}
