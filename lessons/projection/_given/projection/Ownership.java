package projection;

/**
 * What a successful {@code Marks.take} hands the new owner: who it is, the revision it must present with every
 * change of the mark, and where to resume.
 *
 * @param revision    the mark's revision right after this take: the fence of this ownership
 * @param resumeAfter the projected mark at the take: the new owner reads from {@code resumeAfter + 1}
 */
public record Ownership(String projector, String owner, long revision, long resumeAfter) {}
