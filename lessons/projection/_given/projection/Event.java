package projection;

/**
 * One event of the stream: its position (1, 2, 3, …, no gaps), the balance it moves ({@code kind}) and by how much.
 */
public record Event(long position, String kind, long amount) {}
