package workbook.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real PostgreSQL server for one workbook command, for a lab that declares {@code "server": "postgres"}: started on
 * loopback on a free port, in a temp data folder, and stopped with the command, leaving nothing behind.
 *
 * <ul>
 *   <li>The binaries are PostgreSQL 14 for Linux x86-64 as zonky packs them (a {@code .txz} in a jar on the class
 *       path), unpacked once into a cache folder; the cluster {@code initdb} makes is kept there too, as a template
 *       copied for each start (a copy takes a tenth of what {@code initdb} takes).</li>
 *   <li>PostgreSQL refuses to run as root. Run as root (CI, containers), the server runs as the unprivileged user
 *       {@link #NOBODY} through {@code setpriv}, with no capability; its files are that user's.</li>
 *   <li>The server runs under a small shell that holds a pipe from this JVM: whenever this JVM ends (a normal exit,
 *       Ctrl-C, or a kill that runs no hook at all), the pipe closes, and the shell stops the server and deletes its
 *       folder.</li>
 *   <li>Children in the sandbox have a network of their own: they reach the server through its Unix socket
 *       ({@link #socket()}), which crosses namespaces as a file does; see the child's relay.</li>
 * </ul>
 */
public final class PostgresServer implements AutoCloseable {
    /** The resource in zonky's binaries jar. */
    static final String ARCHIVE = "postgres-linux-x86_64.txz";
    /** The unprivileged user and group the server runs as when the workbook runs as root. */
    static final int NOBODY = 65534;
    /**
     * The superuser {@code initdb} makes. Nobody can log in as it once the template is made: a superuser can run
     * programs on the server's machine ({@code COPY … FROM PROGRAM}), outside the sandbox.
     */
    static final String SUPERUSER = "workbook";
    /** The one role that may log in (trusted, from loopback and the socket): no superuser, no role or database maker. */
    public static final String USER = "learner";
    /** The database {@link #USER} owns, where tests make a schema each. */
    public static final String DATABASE = "lab";

    private final Process watchdog;
    private final OutputStream lifeline;
    private final Path folder;
    private final int port;
    private final long startMillis;

    private PostgresServer(Process watchdog, Path folder, int port, long startMillis) {
        this.watchdog = watchdog;
        this.lifeline = watchdog.getOutputStream();
        this.folder = folder;
        this.port = port;
        this.startMillis = startMillis;
    }

    /** Starts a server, says how long its start took in milliseconds, and stops it (the benchmark times it so). */
    public static void main(String[] args) {
        Host host = Host.current(); // a process of its own
        Path cache = args.length > 0 ? Path.of(args[0]) : host.tmp();
        try (PostgresServer s = start(cache, host)) {
            System.out.println(s.startMillis());
        }
    }

    /** Whether this machine can run the bundled server (Linux on x86-64 with the binaries on the class path). */
    public static boolean available() {
        return System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux")
                && List.of("amd64", "x86_64").contains(System.getProperty("os.arch"))
                && PostgresServer.class.getClassLoader().getResource(ARCHIVE) != null;
    }

    /**
     * A server started and ready to accept connections, with its binaries and template under {@code cache}, its
     * socket in a folder of {@code host}'s temp folder and its data on the fast one ({@link Host#fastTmp}).
     */
    public static PostgresServer start(Path cache, Host host) {
        long t0 = System.nanoTime();
        try {
            Path bin = Binaries.unpacked(cache);
            Path template = Binaries.template(bin);
            Path folder = Files.createTempDirectory(host.tmp(), "wbpg-" + ProcessHandle.current().pid() + "-");
            int port = freePort();
            Process p = watchdog(bin, template, folder, host.fastTmp(), port);
            PostgresServer server = new PostgresServer(p, folder, port, 0);
            server.awaitReady(t0);
            return new PostgresServer(p, folder, port, (System.nanoTime() - t0) / 1_000_000);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start PostgreSQL: " + e.getMessage(), e);
        }
    }

    /** The JDBC URL of the server over TCP on loopback (for this JVM and processes outside the sandbox). */
    public String url() {
        return url(port);
    }

    /** The JDBC URL of a server on {@code port} of 127.0.0.1 (a child's relay listens on a port of its own). */
    public static String url(int port) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE + "?user=" + USER;
    }

    /** {@link #url(int)} with {@code {port}} for the port: what a child's relay fills in. */
    public static String urlTemplate() {
        return url(0).replace("127.0.0.1:0/", "127.0.0.1:{port}/");
    }

    /** The server's Unix socket: what a child in the sandbox connects its relay to. */
    public Path socket() {
        return folder.resolve("s").resolve(".s.PGSQL." + port);
    }

    public int port() {
        return port;
    }

    /** How long the start took, in milliseconds: the copy of the template, the server's start, the first connection. */
    public long startMillis() {
        return startMillis;
    }

    /** Stops the server (a fast shutdown) and waits until its folder is gone. */
    @Override
    public void close() {
        try {
            lifeline.close();
        } catch (IOException ignored) {
            // the shell sees the pipe closed either way
        }
        try {
            if (!watchdog.waitFor(15, TimeUnit.SECONDS)) {
                watchdog.descendants().forEach(ProcessHandle::destroyForcibly);
                watchdog.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean root() {
        return "root".equals(System.getProperty("user.name")) || new com.sun.security.auth.module.UnixSystem().getUid() == 0;
    }

    /** The command prefix that runs what follows as {@link #NOBODY} when this JVM is root; empty otherwise. */
    static List<String> unprivileged() {
        return root() ? List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", "--inh-caps=-all")
                : List.of();
    }

    /**
     * The shell the server runs under: it copies the template into the folder, starts the server in the background,
     * then reads its standard input (this JVM's pipe) until it closes, stops the server and deletes the folder.
     */
    private static Process watchdog(Path bin, Path template, Path folder, Path fast, int port) throws IOException {
        // Open to look through (a child in the sandbox reaches the socket in it), but the data folder stays 0700.
        Files.setPosixFilePermissions(folder, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        if (root()) {
            chown(folder);
        }
        // The data folder goes to memory where there is some (/dev/shm): copying the template there is quicker.
        Path data = fast.resolve(folder.getFileName().toString() + "-data");
        String script = "set -u; D=\"$1\"; B=\"$2\"; T=\"$3\"; P=\"$4\"; W=\"$5\"; "
                + "cp -a \"$T\" \"$W\" && mkdir -m 0755 \"$D/s\" || { rm -rf \"$D\" \"$W\"; exit 3; }; "
                + "\"$B/bin/postgres\" -D \"$W\" -p \"$P\" -k \"$D/s\" -h 127.0.0.1 -c fsync=off "
                + "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c shared_buffers=32MB "
                + "-c unix_socket_permissions=0777 -c logging_collector=off -c log_min_messages=fatal "
                + "> \"$D/log\" 2>&1 & S=$!; "
                + "trap 'kill -INT $S 2>/dev/null' TERM INT HUP; "
                + "while read -r _; do :; done; "
                + "kill -INT $S 2>/dev/null; wait $S; rm -rf \"$D\" \"$W\"";
        List<String> cmd = new ArrayList<>(unprivileged());
        cmd.addAll(List.of("sh", "-c", script, "wbpg", folder.toString(), bin.toString(), template.toString(),
                String.valueOf(port), data.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().keySet().removeIf(k -> k.startsWith("PG"));
        return pb.start();
    }

    private void awaitReady(long t0) throws IOException {
        long deadline = t0 + TimeUnit.SECONDS.toNanos(30);
        SQLException last = null;
        while (System.nanoTime() < deadline) {
            if (!watchdog.isAlive()) {
                throw new IOException("the server ended at start: " + log());
            }
            if (Files.exists(socket())) {
                try (Connection c = DriverManager.getConnection(url())) {
                    return;
                } catch (SQLException e) {
                    last = e;
                }
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        close();
        throw new IOException("the server was not ready within 30 s" + (last == null ? "" : ": " + last.getMessage())
                + " " + log());
    }

    private String log() {
        try {
            String s = Files.readString(folder.resolve("log"), StandardCharsets.UTF_8);
            return s.length() > 2000 ? s.substring(s.length() - 2000) : s;
        } catch (IOException e) {
            return "(no log)";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    static void chown(Path p) throws IOException {
        run(List.of("chown", "-R", NOBODY + ":" + NOBODY, p.toString()));
    }

    static void run(List<String> cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (p.waitFor() != 0) {
                throw new IOException(String.join(" ", cmd) + " failed: " + out.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** The unpacked binaries and the template cluster, each made once per cache and version. */
    static final class Binaries {
        private Binaries() {}

        /**
         * The folder the binaries are unpacked in: under the user's cache, or, for root, under {@code /var/tmp} (the
         * server's user must read and run them, and root's home is closed to it).
         */
        static Path folder(Path cache) {
            return root() ? Path.of("/var/tmp/workbook-postgres") : cache.resolve("postgres");
        }

        static synchronized Path unpacked(Path cache) throws IOException {
            Path dir = folder(cache).resolve("14");
            if (Files.isExecutable(dir.resolve("bin/postgres"))) {
                return dir;
            }
            Files.createDirectories(dir.getParent());
            dir.getParent().toFile().setReadable(true, false);
            dir.getParent().toFile().setExecutable(true, false);
            Path tmp = Files.createTempDirectory(dir.getParent(), "unpacking-");
            try (InputStream in = PostgresServer.class.getClassLoader().getResourceAsStream(ARCHIVE)) {
                if (in == null) {
                    throw new IOException(ARCHIVE + " is not on the class path");
                }
                untar(new org.tukaani.xz.XZInputStream(new java.io.BufferedInputStream(in)), tmp);
            }
            run(List.of("chmod", "-R", "a+rX", tmp.toString()));
            try {
                Files.move(tmp, dir, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) { // another command unpacked it meanwhile
                run(List.of("rm", "-rf", tmp.toString()));
            }
            return dir;
        }

        /** {@code tar -x} fed from this JVM: the archive has symbolic links and modes, which tar keeps. */
        private static void untar(InputStream tar, Path into) throws IOException {
            Process p = new ProcessBuilder("tar", "-x", "-C", into.toString(), "-f", "-").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try (OutputStream out = p.getOutputStream()) {
                tar.transferTo(out);
            }
            try {
                if (p.waitFor() != 0) {
                    throw new IOException("tar could not unpack " + ARCHIVE);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }

        /**
         * The cluster made once, owned by the server's user: {@code initdb} (UTF-8, the C locale), then, in
         * single-user mode, the role {@link #USER} and its database {@link #DATABASE}; {@code pg_hba.conf} lets that
         * role alone in.
         */
        static synchronized Path template(Path bin) throws IOException {
            Path dir = bin.getParent().resolve("template-14");
            if (Files.exists(dir.resolve("PG_VERSION"))) {
                return dir;
            }
            Path tmp = Files.createTempDirectory(bin.getParent(), "initdb-");
            if (root()) {
                chown(tmp);
            }
            List<String> cmd = new ArrayList<>(unprivileged());
            cmd.addAll(List.of(bin.resolve("bin/initdb").toString(), "-D", tmp.resolve("data").toString(), "-U", SUPERUSER,
                    "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions", "--wal-segsize=1"));
            run(cmd);
            Path data = tmp.resolve("data");
            List<String> single = new ArrayList<>(unprivileged());
            single.addAll(List.of("sh", "-c", "printf '%s\\n' \"CREATE ROLE " + USER + " LOGIN NOSUPERUSER NOCREATEDB "
                    + "NOCREATEROLE CONNECTION LIMIT 200\" \"CREATE DATABASE " + DATABASE + " OWNER " + USER
                    + "\" \"DROP DATABASE postgres\" | \"$0\" --single -D \"$1\" template1 && printf '%s\\n' 'local all " + USER + " trust' 'host all "
                    + USER + " 127.0.0.1/32 trust' > \"$1/pg_hba.conf\"", bin.resolve("bin/postgres").toString(),
                    data.toString()));
            run(single);
            try {
                Files.move(tmp.resolve("data"), dir, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } finally {
                run(List.of("rm", "-rf", tmp.toString()));
            }
            return dir;
        }
    }
}
