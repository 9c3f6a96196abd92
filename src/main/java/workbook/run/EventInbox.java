package workbook.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import workbook.child.wire.Event;
import workbook.child.wire.EventCodec;
import workbook.child.Seal;

/**
 * Where one plan's events arrive: a Unix-domain socket the child connects to before it runs any learner code. Only
 * that first connection is accepted, then the socket stops listening. Unlike a log file, what the child has reported so
 * far cannot be read back from inside the child (which runs came before, how many lines), and a line learner code
 * writes into the connection does not open under the plan's {@link Seal}, so it is dropped. A line that opens but holds
 * no event this side can read ({@link EventCodec.Unreadable}: an unknown kind or status) can only come from a child of
 * another version: the run stops and says so ({@link #events}), rather than read it as something else.
 */
final class EventInbox implements AutoCloseable {
    private final Path socket;
    private final Seal seal;
    private final ServerSocketChannel server;
    private final List<Event> events = new ArrayList<>();
    private final Thread reader;
    private volatile boolean done;
    private volatile boolean connected;
    /** The first sealed line that held no event this side can read, or null. */
    private volatile EventCodec.Unreadable unreadable;
    /** Down once the plan is done or the connection is over (the child died, or never came): see {@link #awaitEnd}. */
    private final java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);

    private final Path plan;

    /** @param plan the plan file, deleted as soon as the child has connected (it has read the plan by then) */
    EventInbox(Path socket, Seal seal, Path plan) {
        this.socket = socket;
        this.plan = plan;
        this.seal = seal;
        try {
            this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            throw new UncheckedIOException("could not open the events socket " + socket, e);
        }
        this.reader = new Thread(this::read, "child-events");
        reader.setDaemon(true);
        reader.start();
    }

    Path socket() {
        return socket;
    }

    /** The first line a child sends: it shows the plan's key, so a stranger's connection is told apart and dropped. */
    static final String HELLO = "hello";

    private void read() {
        try {
            while (true) {
                SocketChannel c = server.accept();
                BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(c), StandardCharsets.UTF_8));
                String first = in.readLine();
                if (first == null || seal.open(first).filter(HELLO::equals).isEmpty()) {
                    c.close(); // not our child: it cannot seal a hello without the plan's key
                    continue;
                }
                try (c) {
                    connected = true;
                    server.close(); // one child per plan: nobody else gets in
                    java.nio.file.Files.deleteIfExists(plan);
                    c.write(java.nio.ByteBuffer.wrap(new byte[] {1})); // the child goes on to learner code only after this
                    for (String line = boundedLine(in); line != null; line = boundedLine(in)) {
                        if (!line.isBlank()) {
                            seal.open(line).ifPresent(this::event);
                        }
                    }
                }
                return;
            }
        } catch (IOException e) {
            // the child died mid-line or never connected: what arrived is what there is
        } finally {
            ended.countDown();
        }
    }

    /** The longest event line read; a longer one (only learner code makes one: huge names) is skipped whole. */
    static final int MAX_LINE = 1 << 20;
    /** The next line, or null at the end; a line over {@link #MAX_LINE} characters is read past and given as blank. */
    static String boundedLine(java.io.Reader in) throws IOException {
        StringBuilder b = new StringBuilder();
        boolean over = false;
        for (int ch = in.read(); ; ch = in.read()) {
            if (ch < 0) {
                return b.length() == 0 && !over ? null : over ? "" : b.toString();
            }
            if (ch == '\n') {
                return over ? "" : b.toString();
            }
            if (!over) {
                if (b.length() >= MAX_LINE) {
                    over = true;
                    b.setLength(0);
                } else {
                    b.append((char) ch);
                }
            }
        }
    }

    private void event(String text) {
        Event e;
        try {
            e = EventCodec.read(text).bounded();
        } catch (EventCodec.Unreadable wrong) {
            if (unreadable == null) {
                unreadable = wrong;
            }
            ended.countDown(); // the runner stops this child at once (see #broken)
            return;
        }
        synchronized (events) {
            events.add(e);
        }
        if (e instanceof Event.AllDone) {
            done = true;
            ended.countDown();
        }
    }

    /** Whether the child sent a sealed line that holds no event this side can read (see {@link #events}). */
    boolean broken() {
        return unreadable != null;
    }

    /**
     * Waits up to {@code millis} for the plan to be done or the connection to end, whichever comes first: the parent
     * then learns at once, instead of looking every few milliseconds. True when one of them has happened.
     */
    boolean awaitEnd(long millis) throws InterruptedException {
        return ended.await(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** Whether the child has said the plan is done. */
    boolean finished() {
        return done;
    }

    /**
     * Everything that arrived, after waiting (up to {@code millis}) for the connection to end.
     *
     * @throws IllegalStateException when the child sent a sealed line that holds no event this side can read: parent
     *                               and child disagree about the protocol, and no verdict is read from such a child
     */
    List<Event> events(long millis) throws InterruptedException {
        reader.join(connected ? millis : Math.min(millis, 100));
        if (unreadable != null) {
            throw new IllegalStateException("the test JVM sent an event this workbook cannot read ("
                    + unreadable.getMessage() + "): the child harness and the runner are not the same version", unreadable);
        }
        synchronized (events) {
            return new ArrayList<>(events);
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // closing is best effort
        }
        reader.interrupt();
    }
}
