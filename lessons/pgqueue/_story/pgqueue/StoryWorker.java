package pgqueue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * One process of the story, running the learner's {@code Leases}. It says what it sees as lines
 * {@code @story {"event": …}}; the workbook times them as they arrive and draws the timeline.
 *
 * <pre>
 *   setup SCHEMA JOB                          the schema, the jobs table (Leases.initDb) and one job
 *   work SCHEMA JOB OWNER TTL WORK_MS RESULT  claim, work in slices of 100 ms, ask what is left, complete
 *   look SCHEMA JOB                           the row as the server holds it
 * </pre>
 */
public final class StoryWorker {
    private StoryWorker() {}

    public static void main(String[] args) throws Exception {
        DataSource db = Server.freshSchemaNamed(args[1]);
        switch (args[0]) {
            case "setup" -> {
                Leases.initDb(db);
                new Leases(db, Clock.systemUTC()).enqueue(args[2]);
                say("ready");
            }
            case "work" -> work(db, args[2], args[3], Double.parseDouble(args[4]), Long.parseLong(args[5]), args[6]);
            case "look" -> look(db, args[2]);
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void work(DataSource db, String job, String owner, double ttl, long workMillis, String result)
            throws InterruptedException {
        Leases me = new Leases(db, Clock.systemUTC());
        say("claiming", "ttl", fmt(ttl));
        OptionalLong fence;
        try {
            fence = me.claim(job, owner, ttl);
        } catch (RuntimeException e) {
            say("error", "call", "claim", "message", String.valueOf(e.getMessage()));
            return;
        }
        if (fence.isEmpty()) {
            say("refused");
            return;
        }
        say("claimed", "fence", String.valueOf(fence.getAsLong()), "ttl", fmt(ttl));
        // The work: slices of 100 ms. A slice that took far longer than it should means this process was stopped.
        long last = System.nanoTime();
        for (long done = 0; done < workMillis; done += 100) {
            Thread.sleep(100);
            long now = System.nanoTime();
            long slice = (now - last) / 1_000_000;
            if (slice > 500) {
                say("gap", "gap", fmt(slice / 1000.0));
            }
            last = now;
        }
        try {
            OptionalDouble left = me.remaining(job, owner, fence.getAsLong());
            say(left.isPresent() ? "left" : "nothing-left", "left", left.isPresent() ? fmt(left.getAsDouble()) : "");
        } catch (RuntimeException e) {
            say("error", "call", "remaining", "message", String.valueOf(e.getMessage()));
        }
        try {
            boolean ok = me.complete(job, owner, fence.getAsLong(), result);
            say(ok ? "completed" : "complete-refused", "fence", String.valueOf(fence.getAsLong()), "result", result);
        } catch (RuntimeException e) {
            say("error", "call", "complete", "message", String.valueOf(e.getMessage()));
        }
    }

    private static void look(DataSource db, String job) throws SQLException {
        try (Connection c = db.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT owner, fence, result, done FROM jobs WHERE id = ?")) {
            s.setString(1, job);
            try (ResultSet r = s.executeQuery()) {
                if (r.next()) {
                    say("row", "owner", String.valueOf(r.getString(1)), "fence", String.valueOf(r.getLong(2)),
                            "result", String.valueOf(r.getString(3)), "done", String.valueOf(r.getBoolean(4)));
                }
            }
        }
    }

    private static String fmt(double seconds) {
        return String.format(java.util.Locale.ROOT, "%.1f", seconds);
    }

    /** One report line: the event and its fields, as a JSON object of strings. */
    private static void say(String event, String... fields) {
        StringBuilder sb = new StringBuilder("@story {\"event\": ").append(quote(event));
        for (int i = 0; i + 1 < fields.length; i += 2) {
            sb.append(", ").append(quote(fields[i])).append(": ").append(quote(fields[i + 1]));
        }
        System.out.println(sb.append('}'));
        System.out.flush();
    }

    private static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
