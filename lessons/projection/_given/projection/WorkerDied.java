package projection;

/**
 * The worker's process is gone: thrown by a connection from {@link Crashes} at the statement it died at, and by every
 * later call on it. An {@link Error}, so that a {@code catch (Exception e)} in a worker cannot survive its own death.
 */
public class WorkerDied extends Error {
    public WorkerDied(String message) {
        super(message);
    }
}
