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
    }

    @Test
    void everyFieldTheContractNamesIsChecked() throws Exception {
        String ok = sha256("ok");
        record Bad(String field, Receipt receipt, String value) {}
        List<Bad> bad = List.of(
                new Bad("scope", new Receipt(1, "SEND", "haneul.kim@example.test", "run-7", "host-a", "SUCCESS", 3, 1, 200, 2, ok), "example.test"),
                new Bad("run", new Receipt(1, "SEND", "t1", "Bearer " + SECRET, "host-a", "SUCCESS", 3, 1, 200, 2, ok), SECRET),
                new Bad("fence", new Receipt(1, "SEND", "t1", "run-7", "host-a", "SUCCESS", -3, 1, 200, 2, ok), "-3"),
                new Bad("attempt", new Receipt(1, "SEND", "t1", "run-7", "host-a", "SUCCESS", 3, -1, 200, 2, ok), "-1"));
        for (Bad b : bad) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Receipts.check(b.receipt()),
                    "a receipt whose " + b.field() + " is not allowed");
            String m = String.valueOf(e.getMessage());
            assertTrue(m.contains(b.field()), "the message names the field " + b.field() + ": " + m.replace(SECRET, "«credential»"));
            assertFalse(m.contains(b.value()), "the message does not quote the " + b.field() + "'s value");
        }
    }
}
