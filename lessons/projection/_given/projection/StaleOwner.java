package projection;

/** A refused compare-and-set on the mark: no row had this projector, owner and revision (the update count was 0). */
public class StaleOwner extends RuntimeException {
    public StaleOwner(String message) {
        super(message);
    }
}
