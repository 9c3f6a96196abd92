package projection;

/** A refused take: another lease on the mark is still live ({@code lease_until > now}). */
public class MarkHeld extends RuntimeException {
    public MarkHeld(String message) {
        super(message);
    }
}
