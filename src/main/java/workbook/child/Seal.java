package workbook.child;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals each line of a child's event log (AES-GCM under a key that only the parent and the child's own memory hold:
 * it arrives in the plan, and the child deletes the plan file before any learner code runs). Learner code in the
 * child can then neither read the log (which runs came before it, and how they went) nor add a line to it (a forged
 * "this test failed" to fake a kill): a line that does not open is not an event.
 */
public final class Seal {
    private static final int NONCE = 12;
    private static final int TAG_BITS = 128;
    private final SecretKeySpec key;
    private final SecureRandom random = new SecureRandom();
    /** One cipher per thread, set up again for each line (a cipher's lookup costs about as much as sealing the line). */
    private static final ThreadLocal<Cipher> CIPHER = ThreadLocal.withInitial(() -> {
        try {
            return Cipher.getInstance("AES/GCM/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is part of every JDK", e);
        }
    });

    public Seal(String base64Key) {
        this.key = new SecretKeySpec(Base64.getDecoder().decode(base64Key), "AES");
    }

    /** A fresh 256-bit key, base64. */
    public static String newKey() {
        byte[] k = new byte[32];
        new SecureRandom().nextBytes(k);
        return Base64.getEncoder().encodeToString(k);
    }

    /** {@code text} sealed as one line of base64 (nonce, then ciphertext and tag). */
    public String close(String text) {
        try {
            byte[] nonce = new byte[NONCE];
            random.nextBytes(nonce);
            Cipher c = CIPHER.get();
            c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            byte[] sealed = c.doFinal(text.getBytes(StandardCharsets.UTF_8));
            byte[] out = new byte[NONCE + sealed.length];
            System.arraycopy(nonce, 0, out, 0, NONCE);
            System.arraycopy(sealed, 0, out, NONCE, sealed.length);
            return Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is part of every JDK", e);
        }
    }

    /** The text of a line this key sealed; empty for anything else (forged, torn, or garbage). */
    public Optional<String> open(String line) {
        try {
            byte[] in = Base64.getDecoder().decode(line.strip());
            if (in.length <= NONCE) {
                return Optional.empty();
            }
            Cipher c = CIPHER.get();
            c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, NONCE));
            return Optional.of(new String(c.doFinal(in, NONCE, in.length - NONCE), StandardCharsets.UTF_8));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
