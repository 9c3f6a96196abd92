package workbook.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.child.Seal;
import workbook.child.wire.Event;
import workbook.child.wire.EventCodec;
import workbook.child.wire.TestStatus;

/** What the parent makes of the sealed lines a child sends, over a real socket and without a child JVM. */
class EventInboxTest {
    @TempDir
    Path dir;

    /** Connects as a child would (a sealed hello, then the parent's confirmation) and sends {@code lines}, sealed. */
    private static void send(Path socket, Seal seal, List<String> lines) throws IOException {
        try (SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            c.connect(UnixDomainSocketAddress.of(socket));
            c.write(ByteBuffer.wrap((seal.close(EventInbox.HELLO) + "\n").getBytes(StandardCharsets.UTF_8)));
            assertEquals(1, c.read(ByteBuffer.allocate(1)), "the parent confirms the hello");
            for (String line : lines) {
                c.write(ByteBuffer.wrap((seal.close(line) + "\n").getBytes(StandardCharsets.UTF_8)));
            }
        }
    }

    private EventInbox inbox(Seal seal) throws IOException {
        return new EventInbox(dir.resolve("events.sock"), seal, Files.writeString(dir.resolve("plan.json"), "{}"));
    }

    @Test
    void sealedEventsArriveAsTheirKinds() throws Exception {
        Seal seal = new Seal(Seal.newKey());
        Event end = new Event.End("learner", 0, "QueueTest#offers", "offers", TestStatus.PASSED, null, null, null,
                List.of(), 3L, null);
        try (EventInbox inbox = inbox(seal)) {
            send(inbox.socket(), seal, List.of(EventCodec.write(end), EventCodec.write(new Event.AllDone())));
            assertEquals(List.of(end, new Event.AllDone()), inbox.events(2000));
            assertTrue(inbox.finished());
            assertFalse(inbox.broken());
        }
    }

    @Test
    void aSealedLineWithAnUnknownStatusStopsTheRunAndSaysWhy() throws Exception {
        Seal seal = new Seal(Seal.newKey());
        try (EventInbox inbox = inbox(seal)) {
            send(inbox.socket(), seal, List.of(
                    "{\"type\":\"end\",\"run\":\"learner\",\"trial\":0,\"test\":\"QueueTest#offers\",\"status\":\"passd\"}"));
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> inbox.events(2000));
            assertTrue(e.getMessage().contains("unknown test status 'passd'"), e.getMessage());
            assertTrue(inbox.broken());
        }
    }
}
