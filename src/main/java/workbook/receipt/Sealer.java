package workbook.receipt;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Optional;
import workbook.run.Host;

/**
 * Seals receipts on this machine and tells how a receipt's seal stands here. It knows the runner a receipt names
 * ({@link #runner}) and this machine's key ({@link ReceiptKey}); both are read once, when it is made for a host.
 */
public final class Sealer {
    private static final String KEYED = "hmac-sha256:";

    private final String runner;
    private final Optional<ReceiptKey> key;

    Sealer(String runner, Optional<ReceiptKey> key) {
        this.runner = runner;
        this.key = key;
    }

    /** The sealer of the runner {@code host} runs, with the key kept in {@code host}'s config folder. */
    public static Sealer of(Host host) {
        return new Sealer(runnerOf(host), ReceiptKey.load(ReceiptKey.file(host)));
    }

    /** Where {@code host}'s receipt key is (its folder is hidden from every child). */
    public static Path keyFile(Host host) {
        return ReceiptKey.file(host);
    }

    /** The runner's version and the SHA-256 of its code (see {@link #runnerOf}). */
    public String runner() {
        return runner;
    }

    /** {@code r} with its seal: this machine's HMAC when it has a key, else the plain SHA-256. */
    public Receipt seal(Receipt r) {
        byte[] body = Receipts.body(r);
        return r.withSeal(key.map(k -> KEYED + k.id() + ":" + k.mac(body)).orElseGet(() -> Receipts.sha256(body)));
    }

    /** Whether {@code r}'s seal still matches the rest, as far as this machine can tell. */
    public Receipts.SealCheck check(Receipt r) {
        String seal = r.seal();
        if (seal == null) {
            return Receipts.SealCheck.EDITED;
        }
        byte[] body = Receipts.body(r);
        if (!seal.startsWith(KEYED)) {
            return seal.equals(Receipts.sha256(body)) ? Receipts.SealCheck.UNKEYED : Receipts.SealCheck.EDITED;
        }
        String[] parts = seal.substring(KEYED.length()).split(":", 2);
        if (parts.length != 2 || key.isEmpty() || !key.get().id().equals(parts[0])) {
            return Receipts.SealCheck.ELSEWHERE;
        }
        return MessageDigest.isEqual(key.get().mac(body).getBytes(StandardCharsets.US_ASCII),
                parts[1].getBytes(StandardCharsets.US_ASCII)) ? Receipts.SealCheck.HERE : Receipts.SealCheck.EDITED;
    }

    /**
     * The runner's version and the SHA-256 of its code: its classes (from the jar it runs from, or its class folder
     * in a build), each by name and bytes, and the file names of the libraries beside it on {@code host}'s class path,
     * which carry their versions. Not the jar's own bytes: those hold the time it was built, so the same code built
     * again would be "another runner".
     */
    static String runnerOf(Host host) {
        try {
            Path code = Path.of(Receipts.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toAbsolutePath().normalize();
            MessageDigest md = Receipts.digest();
            md.update((Files.isRegularFile(code) ? Receipts.classesIn(code)
                    : Receipts.tree(code, p -> p.toString().endsWith(".class"))).getBytes(StandardCharsets.UTF_8));
            for (Path e : host.classPath()) {
                Path name = e.getFileName();
                if (name != null && name.toString().endsWith(".jar") && !e.equals(code)) {
                    md.update((byte) 0);
                    md.update(name.toString().getBytes(StandardCharsets.UTF_8));
                }
            }
            return "workbook 0.1.0 " + HexFormat.of().formatHex(md.digest());
        } catch (Exception e) {
            return "workbook 0.1.0";
        }
    }
}
