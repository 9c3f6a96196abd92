package workbook.receipt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret this machine seals its receipts with (HMAC-SHA256), so that a receipt edited and sealed again by someone
 * without it no longer passes as this machine's. It lives outside every workspace and repository, readable by its
 * owner alone: {@code -Dworkbook.receiptKey=FILE}, else {@code $XDG_CONFIG_HOME/workbook/receipt.key}, else
 * {@code ~/.config/workbook/receipt.key}; it is made on first use. Where it cannot be read or made, receipts get the
 * plain SHA-256 seal, which catches an edit but not a forger.
 */
public final class ReceiptKey {
    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");

    private final byte[] secret;

    private ReceiptKey(byte[] secret) {
        this.secret = secret;
    }

    /** A short public name of the key, written with each seal, so a receipt says which machine's key sealed it. */
    String id() {
        return Receipts.sha256(secret).substring(0, 12);
    }

    String mac(byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(data));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Where the key is kept (its folder is hidden from every child). */
    static Path file(workbook.run.Host host) {
        String asked = System.getProperty("workbook.receiptKey");
        if (asked != null && !asked.isBlank()) {
            return Path.of(asked);
        }
        return host.configHome().resolve("workbook").resolve("receipt.key");
    }

    static Optional<ReceiptKey> load(Path file) {
        try {
            if (!Files.exists(file)) {
                make(file);
            }
            String text = Files.readString(file, StandardCharsets.US_ASCII).strip();
            return HEX.matcher(text).matches() ? Optional.of(new ReceiptKey(HexFormat.of().parseHex(text))) : Optional.empty();
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** A new key, written so that only its owner can read it, and never over a key another process made meanwhile. */
    private static void make(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        Path tmp = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + ".part");
        try {
            try {
                Files.createFile(tmp, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        Set.of(java.nio.file.attribute.PosixFilePermission.OWNER_READ,
                                java.nio.file.attribute.PosixFilePermission.OWNER_WRITE)));
            } catch (UnsupportedOperationException e) {
                Files.createFile(tmp); // not POSIX: the folder's own protection
            }
            Files.writeString(tmp, HexFormat.of().formatHex(secret) + "\n", StandardCharsets.US_ASCII);
            try {
                Files.createLink(file, tmp); // fails if another process made the key first: theirs stands
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // another run made it meanwhile
            } catch (UnsupportedOperationException e) {
                Files.move(tmp, file);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
