package workbook.child;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * A relay from this child's own loopback to the lab's server. In the sandbox a child has a network of its own, where
 * only {@code lo} is up: the server, which runs beside the workbook, is out of reach by TCP. Its Unix socket is a file,
 * and a file crosses namespaces: the relay listens on 127.0.0.1 of the child's network and joins each connection to
 * that socket. So the child reaches the server and nothing else.
 *
 * <p>Asked for by two system properties the parent sets on the child's command line: {@code workbook.server.socket}
 * (the server's socket) and {@code workbook.server.urlTemplate} (its JDBC URL with {@code {port}} where the relay's
 * port goes). The relay then sets {@code workbook.server.url}, which lab code reads.
 */
public final class Relay {
    private Relay() {}

    /**
     * A process of a lab's story: the relay (when asked for), then {@code args[0]}'s {@code main} with the rest of the
     * arguments.
     */
    public static void main(String[] args) throws Throwable {
        startIfAsked();
        Class<?> main = Class.forName(args[0]);
        try {
            main.getMethod("main", String[].class).invoke(null, (Object) java.util.Arrays.copyOfRange(args, 1, args.length));
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }

    static void startIfAsked() throws IOException {
        String socket = System.getProperty(SOCKET);
        String template = System.getProperty(TEMPLATE);
        if (socket == null || template == null) {
            return;
        }
        System.setProperty(URL, start(socket, template));
    }

    /** The properties that ask for a relay, and the one it sets. */
    public static final String SOCKET = "workbook.server.socket";
    public static final String TEMPLATE = "workbook.server.urlTemplate";
    public static final String URL = "workbook.server.url";

    /**
     * JVM options where a relay's request ({@link #SOCKET}, {@link #TEMPLATE}) is replaced by the URL of a relay started
     * here, in this process's network (the options of a JVM this process starts, such as JShell's remote one).
     */
    public static java.util.List<String> resolve(java.util.List<String> options) throws IOException {
        String socket = value(options, SOCKET);
        String template = value(options, TEMPLATE);
        if (socket == null || template == null) {
            return options;
        }
        java.util.List<String> out = new java.util.ArrayList<>(options.stream()
                .filter(o -> !o.startsWith("-D" + SOCKET + "=") && !o.startsWith("-D" + TEMPLATE + "=")).toList());
        out.add("-D" + URL + "=" + start(socket, template));
        return out;
    }

    private static String value(java.util.List<String> options, String property) {
        return options.stream().filter(o -> o.startsWith("-D" + property + "=")).map(o -> o.substring(property.length() + 3))
                .findFirst().orElse(null);
    }

    /** Starts a relay to {@code socket}; the server's URL through it ({@code template} with the relay's port). */
    public static String start(String socket, String template) throws IOException {
        ServerSocketChannel listening = ServerSocketChannel.open();
        listening.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        int port = ((InetSocketAddress) listening.getLocalAddress()).getPort();
        UnixDomainSocketAddress server = UnixDomainSocketAddress.of(socket);
        Thread accepting = new Thread(() -> accept(listening, server), "workbook-server-relay");
        accepting.setDaemon(true);
        accepting.start();
        return template.replace("{port}", String.valueOf(port));
    }

    /**
     * The other way round, for the parent: a Unix socket {@code socket} that joins each connection to a TCP server at
     * {@code host}:{@code port} (a server given by URL, which a child in the sandbox cannot reach by TCP).
     */
    public static java.io.Closeable toTcp(java.nio.file.Path socket, String host, int port) throws IOException {
        ServerSocketChannel listening = ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX);
        listening.bind(UnixDomainSocketAddress.of(socket), 64);
        socket.toFile().setWritable(true, false);
        socket.toFile().setReadable(true, false);
        Thread accepting = new Thread(() -> {
            while (true) {
                SocketChannel client;
                try {
                    client = listening.accept();
                } catch (IOException e) {
                    return;
                }
                try {
                    SocketChannel upstream = SocketChannel.open(new InetSocketAddress(host, port));
                    pump(client, upstream, "up");
                    pump(upstream, client, "down");
                } catch (IOException e) {
                    closeQuietly(client);
                }
            }
        }, "workbook-server-relay-tcp");
        accepting.setDaemon(true);
        accepting.start();
        return listening; // closing it ends the accepting thread
    }

    private static void accept(ServerSocketChannel listening, UnixDomainSocketAddress server) {
        while (true) {
            SocketChannel client;
            try {
                client = listening.accept();
            } catch (IOException e) {
                return;
            }
            try {
                SocketChannel upstream = SocketChannel.open(server);
                pump(client, upstream, "up");
                pump(upstream, client, "down");
            } catch (IOException e) {
                closeQuietly(client);
            }
        }
    }

    /** Copies {@code from} to {@code to} on a thread of its own until {@code from} ends, then ends {@code to}'s output. */
    private static void pump(SocketChannel from, SocketChannel to, String way) {
        Thread t = new Thread(() -> {
            ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
            try {
                while (from.read(buffer) >= 0) {
                    buffer.flip();
                    while (buffer.hasRemaining()) {
                        to.write(buffer);
                    }
                    buffer.clear();
                }
                to.shutdownOutput();
            } catch (IOException e) {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "workbook-server-relay-" + way);
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(SocketChannel c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
