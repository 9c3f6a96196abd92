package workbook.cli;

import workbook.run.PostgresServer;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import workbook.catalogue.Catalogue;
import workbook.catalogue.Course;
import workbook.grade.Builds;
import workbook.grade.Grader;
import workbook.words.Messages;
import workbook.run.ChildRunner;
import workbook.run.Limits;
import workbook.run.NativeLibrary;
import workbook.run.Sandbox;
import workbook.workspace.Workspace;

/** Everything a command needs, built from the options: the course, the compiled builds, the grader, the workspace. */
final class Lab {
    final Options options;
    final Messages msg;
    final Path home;
    final Course course;
    /** The machine and streams of this command. */
    final workbook.run.Host host;
    /** A private set of mutants (audit --mutants): hidden from every child, like the lab's own. */
    private final List<Path> extraMutants;

    private Lab(Options options, List<Path> extraMutants) {
        this.options = options;
        this.host = options.host();
        this.extraMutants = extraMutants == null ? List.of() : List.copyOf(extraMutants);
        Messages plain = Messages.of(options.lang());
        this.home = Catalogue.home();
        List<String> labs = Catalogue.labs(home);
        if (labs.isEmpty()) {
            throw new SetupError(plain.get("setup.noHome", home));
        }
        try {
            this.course = Catalogue.load(home, choose(labs, plain), extraMutants);
        } catch (IllegalArgumentException e) {
            throw new SetupError(e.getMessage());
        }
        this.msg = plain.withLabWords(course.words()).withCommandFlags(flags(options, labs))
                .withTestWords(workbook.catalogue.TestMessages.of(course, plain.lang()));
    }

    /**
     * Which lab a command is about: {@code --lab ID}; else the only lab there is; else the one whose package folder is
     * the only one in {@code --workspace}.
     */
    private String choose(List<String> labs, Messages msg) {
        if (options.lab != null) {
            if (!labs.contains(options.lab)) {
                throw new SetupError(msg.get("setup.noSuchLab", options.lab, String.join(", ", labs)));
            }
            return options.lab;
        }
        if (labs.size() == 1) {
            return labs.get(0);
        }
        // The workspace says which lab when it holds one lab's package folder (the default workspace: the lab in progress).
        Path dir = options.workspace != null ? options.workspace : home.resolve("workspace");
        List<String> present = labs.stream()
                .filter(l -> Files.isDirectory(dir.resolve(Catalogue.packageOf(home, l).replace('.', '/')))).toList();
        if (present.size() == 1) {
            return present.get(0);
        }
        if (options.workspace != null && !Files.isDirectory(options.workspace)) {
            throw new SetupError(msg.get("setup.noWorkspaceFolder", Workspace.display(options.workspace)));
        }
        throw new SeveralLabs(msg.get("setup.chooseLab", String.join(", ", labs)), labs);
    }

    /** Several labs are installed and nothing says which one is meant; the board lists them instead. */
    static final class SeveralLabs extends SetupError {
        final List<String> labs;

        SeveralLabs(String message, List<String> labs) {
            super(message);
            this.labs = List.copyOf(labs);
        }
    }

    /** The options a suggested command must repeat to mean the same lab, workspace and language. */
    private static String flags(Options options, List<String> labs) {
        StringBuilder sb = new StringBuilder();
        if (options.lab != null && labs.size() > 1) {
            sb.append(" --lab ").append(options.lab);
        }
        if (options.workspace != null) {
            String w = Workspace.display(options.workspace);
            sb.append(" --workspace ").append(w.contains(" ") ? "'" + w + "'" : w);
        }
        if ("en".equals(options.lang())) {
            sb.append(" --lang en");
        }
        return sb.toString();
    }

    /** The labs an author's command covers: the one {@code --lab} names, else every lab installed. */
    static List<String> labsToCheck(Options options) {
        List<String> labs = Catalogue.labs(Catalogue.home());
        return options.lab != null || labs.size() <= 1 ? List.of(options.lab != null ? options.lab : labs.isEmpty() ? "" : labs.get(0)) : labs;
    }

    static Lab open(Options options) {
        return new Lab(options, List.of());
    }

    static Lab open(Options options, List<Path> extraMutants) {
        return new Lab(options, extraMutants);
    }

    Path cache() {
        return Builds.defaultCache(home);
    }

    /**
     * The sandbox children run in: on where this machine offers one (see {@link Sandbox}), with the learner's workspace
     * read-only too. {@code WORKBOOK_SANDBOX=off} turns it off. Without one, it is said once, in one line.
     */
    Sandbox sandbox() {
        return sandbox("loopback".equals(course.network()));
    }

    /** @param loopback whether the sandbox's own loopback is up (a fixture server, or JShell and its remote JVM) */
    Sandbox sandbox(boolean loopback) {
        // WORKBOOK_SANDBOX=off (or -Dworkbook.sandbox=off, for the runner's own tests) turns it off.
        boolean off = "off".equals(System.getProperty("workbook.sandbox", System.getenv("WORKBOOK_SANDBOX")));
        Sandbox s = off ? Sandbox.none("WORKBOOK_SANDBOX=off")
                : Sandbox.detect(home, loopback);
        if (s.tellNow() && s.off() != Sandbox.Off.ASKED) {
            options.err().println("workbook: " + msg.get("sandbox.off." + s.off().name().toLowerCase(java.util.Locale.ROOT), s.why()));
        }
        if (s.tellNoDropNow()) {
            options.err().println("workbook: " + msg.get("sandbox.noDrop"));
        }
        Path ws = options.workspace != null ? options.workspace : home.resolve("workspace");
        // A child needs nothing of the cache (its classes come in its plan; its runtime and jars are put back) nor
        // the receipt key.
        List<Path> hidden = new java.util.ArrayList<>(List.of(Builds.defaultCache(home),
                workbook.receipt.Sealer.keyFile(host).toAbsolutePath().getParent()));
        extraMutants.stream().map(p -> Files.isDirectory(p) ? p : p.toAbsolutePath().getParent()).forEach(hidden::add);
        return s.withReadOnly(List.of(ws)).withHidden(hidden);
    }

    private Builds builds;

    /** The lab's builds, made once per command: what they learn (schemata, test calls) serves every grader of it. */
    synchronized Builds builds() {
        if (builds == null) {
            builds = new Builds(course, Builds.defaultCache(home), msg.locale(), host);
        }
        return builds;
    }

    private workbook.receipt.Sealer sealer;

    /** Seals this command's receipts and checks theirs, with this machine's key. */
    synchronized workbook.receipt.Sealer sealer() {
        if (sealer == null) {
            sealer = workbook.receipt.Sealer.of(host);
        }
        return sealer;
    }

    Grader grader() {
        return grader(false);
    }

    /** @param serving keep the child JVM warm between checks (watch) */
    Grader grader(boolean serving) {
        return grader(serving, sandbox(), limits(), Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())));
    }

    /** The limits of the command line: the defaults, or {@code --time-budget} for each run. */
    Limits limits() {
        return options.timeBudget == null ? Limits.defaults()
                : Limits.defaults().withBudget(Math.max(1, options.timeBudget) * 1000L);
    }

    /**
     * A grader whose children run in {@code sandbox} within {@code limits}, with its own compiler and runner, and
     * {@code shards} children side by side.
     */
    Grader grader(boolean serving, Sandbox sandbox, Limits limits, int shards) {
        Path cache = Builds.defaultCache(home);
        List<String> jvm = new java.util.ArrayList<>(NativeLibrary.jvmOptions(cache));
        jvm.add("-Dworkbook.learnerClasses=" + String.join(",",
                course.learnerClasses().stream().map(c -> course.packageName() + "." + c).toList()));
        jvm.add("-Dworkbook.warmUp=" + String.join(",", course.warmUp()));
        jvm.addAll(serverOptions());
        return new Grader(builds(), runner(jvm, cache).with(limits, serving, sandbox), shards);
    }

    private ChildRunner runner;

    /** One runner per command, its graders' runners made from it: they share its launch and class bundles. */
    private synchronized ChildRunner runner(List<String> jvm, Path cache) {
        if (runner == null) {
            runner = new ChildRunner(host, Limits.defaults(), jvm, cache);
        }
        return runner;
    }

    /**
     * The PostgreSQL server of this command, started on first use (see {@link PostgresServer}) and stopped when the
     * command ends (its {@link Scope}), or by the hook when the JVM ends first.
     */
    private PostgresServer postgres() {
        return options.scope().get("postgres", PostgresServer.class, () -> {
            PostgresServer s = PostgresServer.start(cache(), host);
            Runtime.getRuntime().addShutdownHook(new Thread(s::close, "workbook-postgres-stop"));
            return s;
        });
    }

    /**
     * The command of a worker JVM of a story or a measurement: this JVM's java, small and quick to start, with SQLite's
     * library and the lab's server.
     */
    List<String> workerJava() {
        List<String> cmd = new java.util.ArrayList<>(List.of(host.java().toString(),
                "-Xmx128m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xshare:auto",
                "-Dfile.encoding=UTF-8", "-Dstdout.encoding=UTF-8"));
        cmd.addAll(workbook.run.NativeLibrary.jvmOptions(cache()));
        cmd.addAll(serverOptions());
        return cmd;
    }

    /** Where {@code c} was loaded from: its jar or class folder. */
    static String codeSource(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The options of a JShell remote JVM (trace, try): SQLite's library, and the lab's server when it has one. */
    List<String> remoteVmOptions() {
        List<String> out = new java.util.ArrayList<>(workbook.run.NativeLibrary.remoteVmOptions(cache()));
        out.addAll(serverOptions());
        return out;
    }

    /** What tells a child where the lab's server is (a relay in the child reaches it; see the child's Relay). */
    List<String> serverOptions() {
        if (!course.needsPostgres()) {
            return List.of();
        }
        if (options.pgUrl != null) {
            return givenServer(options.pgUrl);
        }
        PostgresServer s = postgres();
        return List.of("-Dworkbook.server.socket=" + s.socket(), "-Dworkbook.server.urlTemplate=" + PostgresServer.urlTemplate());
    }

    /** The relay of a server given by {@code --pg-url}: a Unix socket in a temp folder, closed with the command. */
    private record GivenServer(List<String> options, java.io.Closeable relay, Path dir) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            relay.close();
            workbook.workspace.Folders.deleteQuietly(dir);
        }
    }

    /**
     * A server given by URL ({@code jdbc:postgresql://host:port/db?…}): children reach it through a Unix socket this
     * process joins to it by TCP, and through their own relay to that socket, as they reach a started one. Made once
     * per command.
     */
    private List<String> givenServer(String url) {
        return options.scope().get("pg-url " + url, GivenServer.class, () -> relayTo(url)).options();
    }

    private GivenServer relayTo(String url) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("jdbc:postgresql://([^/:?]+)(?::(\\d+))?/([^?]*)(\\?.*)?")
                .matcher(url);
        if (!m.matches()) {
            throw new SetupError("--pg-url: not a PostgreSQL JDBC URL (jdbc:postgresql://host:port/database?user=…): " + url);
        }
        int port = m.group(2) == null ? 5432 : Integer.parseInt(m.group(2));
        String query = m.group(4) == null ? "?ApplicationName=workbook" : m.group(4);
        try {
            Path dir = Files.createTempDirectory(host.tmp(), "wbpg-url-");
            dir.toFile().setExecutable(true, false);
            dir.toFile().setReadable(true, false);
            Path socket = dir.resolve(".s.PGSQL." + port);
            java.io.Closeable relay = workbook.child.Relay.toTcp(socket, m.group(1), port);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> workbook.workspace.Folders.deleteQuietly(dir)));
            return new GivenServer(List.of("-Dworkbook.server.socket=" + socket,
                    "-Dworkbook.server.urlTemplate=jdbc:postgresql://127.0.0.1:{port}/" + m.group(3) + query), relay, dir);
        } catch (java.io.IOException e) {
            throw new SetupError("--pg-url: " + e.getMessage());
        }
    }

    /**
     * The learner's workspace. The default one is created from the skeleton on first use; a folder named with
     * {@code --workspace} must already hold the learner's file.
     */
    Workspace workspace(PrintStream notices) {
        boolean explicit = options.workspace != null;
        Path dir = explicit ? options.workspace : home.resolve("workspace");
        Workspace ws = new Workspace(dir, course);
        if (ws.exists()) {
            copyGiven(ws);
            notUtf8(ws, notices);
            return ws;
        }
        if (explicit) {
            throw new SetupError(msg.get("setup.noWorkspace", Workspace.display(ws.jobsFile())) + besides(ws));
        }
        boolean added = Files.isDirectory(ws.dir()); // a workspace of another lab: only this lab's folder is new
        try {
            Files.createDirectories(ws.jobsFile().getParent());
            for (String f : course.learnerFiles()) {
                Files.copy(course.skeleton().resolve(f), ws.dir().resolve(f));
            }
            if (!Files.exists(ws.testFile())) {
                Files.copy(course.skeletonTestSource(), ws.testFile());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        copyGiven(ws);
        notices.println(added ? msg.get("setup.labAdded", course.id(), Workspace.display(ws.jobsFile().getParent()))
                : msg.get("setup.created", Workspace.display(ws.dir())));
        return ws;
    }

    /** What the folder holds instead, when it says something: another lab's files, or the main file elsewhere. */
    private String besides(Workspace ws) {
        workbook.workspace.MissingFiles m = workbook.workspace.MissingFiles.in(ws.dir(), course, Catalogue.packages(home));
        return switch (m.kind()) {
            case OTHER_LAB -> " " + msg.get("setup.holdsOtherLab", m.lab());
            case ELSEWHERE -> " " + msg.get("setup.mainFileElsewhere", Workspace.display(ws.dir().getParent().resolve(m.found())));
            case NOWHERE -> "";
        };
    }

    /** Tells the learner, once per command, which of their files are not UTF-8 (they are still read and graded). */
    private void notUtf8(Workspace ws, PrintStream notices) {
        List<Path> files = new java.util.ArrayList<>(ws.learnerFiles());
        files.add(ws.testFile());
        for (Path f : files) {
            workbook.workspace.SourceText.notUtf8(f).ifPresent(enc -> workbook.report.Terminal.fit(
                    msg.get("setup.notUtf8", Workspace.display(f), enc.wire()), 1).forEach(notices::println));
        }
    }

    /**
     * Puts a read-only copy of each given file beside the learner's, for reading and for the learner's IDE. Grading
     * always compiles the lesson's own copy, so an edited copy changes nothing; a missing or stale one is replaced.
     */
    private void copyGiven(Workspace ws) {
        for (String f : course.givenFiles()) {
            Path copy = ws.dir().resolve(f);
            try {
                String text = Files.readString(course.given().resolve(f));
                if (Files.isRegularFile(copy) && Files.readString(copy).equals(text)) {
                    continue;
                }
                Files.createDirectories(copy.getParent());
                if (Files.exists(copy)) {
                    copy.toFile().setWritable(true);
                }
                workbook.workspace.AtomicWrite.text(copy, text);
                copy.toFile().setWritable(false);
            } catch (IOException e) {
                // a copy is a convenience: grading reads the lesson's own file
            }
        }
    }

    /** A problem with how the workbook was called or set up: exit status 2. */
    static class SetupError extends RuntimeException {
        SetupError(String message) {
            super(message);
        }
    }
}
