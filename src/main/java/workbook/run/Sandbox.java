package workbook.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Where a child JVM runs learner code. On Linux with unprivileged user namespaces ({@code unshare -Urnm}) each child
 * gets a user, a mount and a network namespace of its own:
 * <ul>
 *   <li>the workbook's folder (the repo: lessons, caches, the default workspace) is mounted read-only, with the
 *       reference sources and the mutants ({@code answers/}, {@code mutants/}) hidden under an empty folder;</li>
 *   <li>its own temp folder (outside the repo) is the one place it can write;</li>
 *   <li>no network at all, loopback included, unless the lab declares a fixture server on loopback
 *       ({@code "network": "loopback"}), when only {@code lo} is brought up;</li>
 *   <li>a clean environment: a fixed {@code PATH}, {@code LANG} and {@code HOME} (its temp folder), nothing else;</li>
 *   <li>where the kernel allows it, a PID namespace of its own too ({@code --pid --fork --kill-child --mount-proc}):
 *       the child JVM is its PID 1, so every process learner code starts, a detached one ({@code setsid}, a double
 *       fork) included, is killed the moment the child ends, and killing the child from outside takes them all.</li>
 * </ul>
 * Elsewhere (macOS, Windows, a kernel without user namespaces) there is no sandbox: children run as before, and
 * the caller says so in one line ({@link #off()}, {@link #why()}).
 */
public final class Sandbox {
    /** Why there is no sandbox. */
    public enum Off { NONE, NOT_LINUX, NO_NAMESPACES, NO_LOOPBACK, ASKED }

    private final Off off;
    private final String why;
    private final Path home;
    private final boolean loopback;
    private final List<Path> readOnly;
    private final List<Path> hidden;

    private Sandbox(Off off, String why, Path home, boolean loopback, List<Path> readOnly) {
        this(off, why, home, loopback, readOnly, List.of());
    }

    private Sandbox(Off off, String why, Path home, boolean loopback, List<Path> readOnly, List<Path> hidden) {
        this.off = off;
        this.on = off == Off.NONE;
        this.why = why;
        this.home = home;
        this.loopback = loopback;
        this.readOnly = List.copyOf(readOnly);
        this.hidden = List.copyOf(hidden);
    }

    private final boolean on;

    public Off off() {
        return off;
    }

    /** The same sandbox, with {@code paths} (the learner's workspace) read-only too. */
    public Sandbox withReadOnly(List<Path> paths) {
        List<Path> all = new ArrayList<>(readOnly);
        paths.stream().filter(p -> p != null && Files.isDirectory(p)).map(p -> p.toAbsolutePath().normalize())
                .filter(p -> home == null || !p.startsWith(home)).forEach(all::add);
        return new Sandbox(off, why, home, loopback, all, hidden);
    }

    /**
     * The same sandbox, with {@code paths} out of a child's view: each is covered by an empty read-only folder (a
     * class's submissions while grading, the receipt key's folder, the runner's cache). What a child itself needs
     * under one (its runtime, its jars) is put back, read-only.
     */
    public Sandbox withHidden(List<Path> paths) {
        List<Path> all = new ArrayList<>(hidden);
        paths.stream().filter(p -> p != null).map(p -> p.toAbsolutePath().normalize()).forEach(all::add);
        return new Sandbox(off, why, home, loopback, readOnly, all);
    }

    /** No sandbox, as asked (tests of the runner itself, {@code --unsafe}). */
    public static Sandbox none(String why) {
        return new Sandbox(Off.ASKED, why, null, false, List.of());
    }

    private static volatile Boolean namespaces;
    private static volatile Boolean lo;
    private static volatile boolean pids;
    private static volatile boolean capped;
    private static volatile boolean dropped;

    /**
     * Run last, after every mount is made: no capability left (bounding, inheritable and ambient sets empty, so the
     * JVM it executes as root of the namespace holds none) and no_new_privs, so learner code cannot mount, unmount or
     * remount, and a nested user namespace only finds the mounts locked.
     */
    static final List<String> DROP = List.of("setpriv", "--no-new-privs", "--bounding-set=-all", "--inh-caps=-all",
            "--ambient-caps=-all", "--");

    /** Processes and threads a child may have at once (a JVM grading a submission uses a few dozen). */
    static final int PROCESSES = 4096;

    /** A PID namespace whose PID 1 is the child (see the class comment); {@code --mount-proc} keeps /proc its own. */
    static final List<String> PID_NAMESPACE = List.of("--pid", "--fork", "--kill-child", "--mount-proc");

    /** The sandbox this machine offers for a lab in {@code home}; {@code loopback}: the lab's tests need 127.0.0.1. */
    public static Sandbox detect(Path home, boolean loopback) {
        if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux")) {
            return new Sandbox(Off.NOT_LINUX, System.getProperty("os.name"), null, false, List.of());
        }
        if (namespaces == null) {
            probeNamespaces();
        }
        if (!namespaces) {
            return new Sandbox(Off.NO_NAMESPACES, "unshare -Urnm", null, false, List.of());
        }
        if (loopback && lo == null) {
            lo = probe("ip link set lo up");
        }
        if (loopback && !lo) {
            return new Sandbox(Off.NO_LOOPBACK, "ip link set lo up", null, false, List.of());
        }
        return new Sandbox(Off.NONE, "", home.toAbsolutePath().normalize(), loopback, List.of());
    }

    /**
     * One probe where the kernel allows everything (a PID namespace, and a cap on processes that can be set), a second
     * one only where it does not: exit 0 has both, 3 lacks the cap (a hard limit below {@link #PROCESSES}, or no
     * {@code prlimit}), anything else lacks the namespace.
     */
    private static synchronized void probeNamespaces() {
        if (namespaces != null) {
            return;
        }
        String body = "mount -t tmpfs none /tmp || exit 1; prlimit --nproc=" + PROCESSES + " true 2>/dev/null || exit 3";
        int code = probe(PID_NAMESPACE, "[ $$ = 1 ] || exit 1; " + body);
        pids = code == 0 || code == 3;
        if (!pids) {
            code = probe(List.of(), body);
        }
        capped = code == 0;
        namespaces = code == 0 || code == 3;
        dropped = namespaces && probe(List.of(), "mount -t tmpfs none /tmp || exit 1; " + String.join(" ", DROP)
                + " sh -c 'umount /tmp 2>/dev/null && exit 1; exit 0'") == 0;
    }

    /**
     * Whether the children drop every privilege once their mounts are made; false where {@code setpriv} is missing or
     * refused (then learner code is root in its namespaces and could undo its own mounts, which the workbook says).
     */
    public boolean dropsPrivileges() {
        return on && dropped;
    }

    /** Whether {@code command} succeeds inside fresh user, mount and network namespaces. */
    private static boolean probe(String command) {
        return probe(List.of(), command) == 0;
    }

    /** {@code command}'s exit status inside fresh user, mount and network namespaces, with {@code more}; -1 if none. */
    private static int probe(List<String> more, String command) {
        try {
            List<String> cmd = new ArrayList<>(List.of("unshare", "-Urnm"));
            cmd.addAll(more);
            cmd.addAll(List.of("sh", "-c", command));
            Process p = new ProcessBuilder(cmd)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(5, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (Exception e) {
            return -1;
        }
    }

    public boolean on() {
        return on;
    }

    /** Why there is no sandbox; empty when there is one. */
    public String why() {
        return why;
    }

    /** Folders that may hold other users' sockets or files: a child gets empty ones of its own. */
    static final List<Path> SHARED_FOLDERS = List.of(Path.of("/tmp"), Path.of("/var/tmp"), Path.of("/run"), Path.of("/dev/shm"));

    /** Megabytes a child may keep in its temp folder (a tmpfs of its own, in memory): {@code -Dworkbook.childTmpMegabytes}. */
    static int tmpMegabytes() {
        return Integer.getInteger("workbook.childTmpMegabytes", 256);
    }

    /**
     * The script run inside the namespaces before the JVM, {@code $1} being the repo, {@code $2} the child's folder,
     * {@code $3} the shared scratch root (or empty) and the command after {@code --}:
     * <ol>
     *   <li>the repo read-only, the reference and the mutants covered, the workspace read-only;</li>
     *   <li>the shared scratch root emptied but for the child's folder;</li>
     *   <li>the folders to hide covered by empty ones, with what the child needs under them bound back (see
     *       {@link Cover});</li>
     *   <li>every mount read-only; the child's own temp folder a fresh tmpfs of {@link #tmpMegabytes()} MB that runs
     *       nothing ({@code noexec});</li>
     *   <li>with a PID namespace, {@code /proc} covered too, so no process reads the JVM's memory through
     *       {@code /proc/<pid>/mem} (its own included);</li>
     *   <li>then every privilege dropped, and the JVM started from a process that holds none: its {@code java} is
     *       executable but not readable, so the kernel makes the JVM undumpable, and no other process of the child
     *       may {@code ptrace} it.</li>
     * </ol>
     */
    private String script(Cover cover) {
        StringBuilder s = new StringBuilder("R=\"$1\"; C=\"$2\"; H=\"$3\"; shift 3; ");
        // The shared scratch root, emptied: only this child's folder is bound back into it (through an open
        // descriptor, since its path is gone once the root is covered).
        s.append("if [ -n \"$H\" ]; then exec 3<\"$C\" && mount -t tmpfs -o size=64k,mode=0755 none \"$H\" && mkdir -p \"$C\" ");
        s.append("&& mount -c --bind /proc/self/fd/3 \"$C\" || exit 97; exec 3<&-; fi; ");
        // The view first (what is hidden, what comes back), then the protections on top of it: a path bound back
        // from a folder's old view brings none of the mounts made inside it, so the repo's covers come after.
        s.append(cover.script());
        // --rbind: the covers already made inside the repo (the cache) stay on it.
        s.append("mount --rbind \"$R\" \"$R\" && mount -o remount,bind,ro \"$R\" || exit 97; ");
        s.append("for d in answers mutants; do [ -d \"$R/$d\" ] && { mount -t tmpfs -o ro,size=16k,mode=0555 none \"$R/$d\" || exit 97; }; done; ");
        s.append("for w in \"$@\"; do [ \"$w\" = -- ] && break; [ -e \"$w\" ] || continue; mount --rbind \"$w\" \"$w\" && mount -o remount,bind,ro \"$w\" || exit 97; done; ");
        s.append("while [ \"$1\" != -- ]; do shift; done; shift; ");
        s.append("mount --bind \"$C\" \"$C\" || exit 97; ");
        // Every mount read-only, the child's folder too (the parent's plan and socket are there).
        s.append("for m in $(cut -d' ' -f2 /proc/self/mounts | sort -u); do mount -o remount,bind,ro \"$m\" 2>/dev/null; done; ");
        s.append("touch \"$R/.sandbox-probe\" 2>/dev/null && exit 97; ");
        s.append(tempAndNetwork());
        s.append(procAndExec());
        return s.toString();
    }

    /**
     * Its temp folder: the one place it writes, in memory, bounded, running nothing. (A JShell child has no tmp
     * folder: its own folder, holding its request, is its temp folder, writable but running nothing.) And loopback,
     * when the lab declares it.
     */
    private String tempAndNetwork() {
        StringBuilder s = new StringBuilder();
        s.append("if [ -d \"$C/tmp\" ]; then mount -t tmpfs -o size=").append(tmpMegabytes())
                .append("m,mode=0700,noexec,nosuid,nodev none \"$C/tmp\" && cd \"$C/tmp\" || exit 97; ")
                .append("else mount -o remount,bind,rw,noexec,nosuid,nodev \"$C\" && cd \"$C\" || exit 97; fi; ");
        if (loopback) {
            s.append("ip link set lo up 2>/dev/null || exit 97; ");
        }
        return s.toString();
    }

    /** /proc covered with a PID namespace, then the exec of the JVM with no capability and few processes. */
    private String procAndExec() {
        StringBuilder s = new StringBuilder();
        if (pids) {
            // setpriv reads the highest capability's number from /proc: it keeps that one file.
            s.append("L=$(cat /proc/sys/kernel/cap_last_cap) && mount -t tmpfs -o size=16k,mode=0555 none /proc && mkdir -p /proc/sys/kernel ");
            s.append("&& echo \"$L\" > /proc/sys/kernel/cap_last_cap && mount -o remount,ro /proc || exit 97; ");
            // Without /proc/self/exe the java launcher finds its libraries by this path (the command starts with java).
            s.append("J=$(dirname \"$(dirname \"$1\")\"); export LD_LIBRARY_PATH=\"$J/lib:$J/lib/server\"; ");
        }
        // At most PROCESSES processes and threads in this child's user namespace, the JVM's own included: a fork
        // or thread bomb then fails in its child instead of filling the machine (the kernel does not hold root
        // to it, so this guards the non-root users who grade and learn; the PID namespace still ends them all).
        // The JVM is executed by the last of these (env when nothing else), which holds no capability by then.
        s.append("exec ");
        if (dropped) {
            s.append(String.join(" ", DROP)).append(' ');
        }
        s.append(capped ? "prlimit --nproc=" + PROCESSES + " -- " : "env -- ").append("\"$@\"");
        return s.toString();
    }

    /**
     * What a child must not see, and what it needs from under it: each folder of {@code hide} is covered by an empty
     * one, outer folders first, and each path of {@code keep} under it is bound back where it was. The folder's old
     * content stays reachable while that is done through a descriptor opened before the cover (no other place is
     * needed to stage it, so nothing is left behind). A folder to hide that is already out of view is skipped.
     */
    record Cover(List<Path> hide, List<Path> keep) {
        String script() {
            List<Path> roots = hide.stream().distinct().sorted(java.util.Comparator.comparingInt(Path::getNameCount)).toList();
            List<Path> keeps = keep.stream().distinct().toList();
            List<Path> done = new ArrayList<>();
            List<Path> exposed = new ArrayList<>();
            StringBuilder s = new StringBuilder();
            for (Path r : roots) {
                if (!visible(r, done, exposed)) {
                    continue;
                }
                List<Path> under = keeps.stream().filter(k -> k.startsWith(r) && !k.equals(r)).toList();
                List<Path> bind = under.stream().filter(k -> under.stream().noneMatch(o -> !o.equals(k) && k.startsWith(o))).toList();
                String q = quote(r);
                s.append("if [ -d ").append(q).append(" ]; then ");
                if (!bind.isEmpty()) {
                    s.append("exec 3<").append(q).append(" || exit 97; ");
                }
                s.append("mount -t tmpfs -o size=64k,mode=0755 none ").append(q).append(" || exit 97; ");
                if (!bind.isEmpty()) {
                    String old = quote(r.resolve(".old"));
                    s.append("mkdir ").append(old).append(" && mount -c --bind /proc/self/fd/3 ").append(old).append(" || exit 97; exec 3<&-; ");
                    for (Path k : bind) {
                        String from = quote(r.resolve(".old").resolve(r.relativize(k)));
                        String to = quote(k);
                        s.append("if [ -d ").append(from).append(" ]; then mkdir -p ").append(to).append("; else mkdir -p ")
                                .append(quote(k.getParent())).append(" && : > ").append(to).append("; fi; ")
                                .append("mount --bind ").append(from).append(' ').append(to).append(" || exit 97; ");
                    }
                    s.append("umount -l ").append(old).append(" && rmdir ").append(old).append("; ");
                    exposed.addAll(bind);
                }
                s.append("fi; ");
                done.add(r);
            }
            return s.toString();
        }

        /** Whether {@code r} is still in view: not under a covered folder, or under a path bound back into one. */
        private static boolean visible(Path r, List<Path> done, List<Path> exposed) {
            Path cover = null;
            for (Path d : done) {
                if (r.startsWith(d) && (cover == null || d.getNameCount() > cover.getNameCount())) {
                    cover = d;
                }
            }
            if (cover == null) {
                return true;
            }
            final Path c = cover;
            return exposed.stream().anyMatch(k -> r.startsWith(k) && k.startsWith(c));
        }

        private static String quote(Path p) {
            return "'" + p.toString().replace("'", "'\\''") + "'";
        }
    }

    /**
     * {@code command} run inside the sandbox, where {@code writable} (the child's own temp folder) is the one folder it
     * may write to.
     */
    public List<String> wrap(List<String> command, Path writable) {
        return wrap(command, writable, null);
    }

    /**
     * Like {@link #wrap(List, Path)}; {@code scratch} (a scratch root shared by every child, such as /dev/shm), when
     * not null, is replaced inside the sandbox by an empty folder that holds {@code writable} alone: no child sees
     * another child's folder, plan or socket. The folders of {@link #withHidden} and {@link #SHARED_FOLDERS} are
     * covered; the paths the command names (its {@code java}, its class and module path, files given to options) are
     * kept.
     */
    public List<String> wrap(List<String> command, Path writable, Path scratch) {
        return wrap(command, writable, scratch, List.of());
    }

    /**
     * Like {@link #wrap(List, Path, Path)}, keeping {@code needs} in view too: paths the child reads that its command
     * line does not name (a JShell child's class path, given in its request file).
     */
    public List<String> wrap(List<String> command, Path writable, Path scratch, List<String> needs) {
        if (!on) {
            return command;
        }
        Path w = writable.toAbsolutePath().normalize();
        Path hiddenScratch = scratch != null && w.startsWith(scratch.toAbsolutePath().normalize()) ? scratch.toAbsolutePath().normalize() : null;
        List<Path> hide = new ArrayList<>(hidden);
        SHARED_FOLDERS.stream().filter(f -> !f.equals(hiddenScratch) && !(hiddenScratch != null && hiddenScratch.startsWith(f))).forEach(hide::add);
        List<Path> keep = new ArrayList<>(pathsIn(command));
        keep.addAll(pathsIn(needs));
        keep.add(w);
        keep.add(home);
        readOnly.forEach(keep::add);
        List<String> out = new ArrayList<>(List.of("unshare", "-Urnm"));
        if (pids) {
            out.addAll(PID_NAMESPACE);
        }
        out.addAll(List.of("sh", "-c", script(new Cover(hide, keep)), "sandbox", home.toString(), w.toString(),
                hiddenScratch != null ? hiddenScratch.toString() : ""));
        readOnly.forEach(p -> out.add(p.toString()));
        out.add("--");
        out.addAll(command);
        return out;
    }

    /** Existing absolute paths a command names: whole arguments, class-path parts, and values after {@code =}. */
    static List<Path> pathsIn(List<String> command) {
        List<Path> out = new ArrayList<>();
        for (String arg : command) {
            String value = arg.startsWith("-") && arg.contains("=") ? arg.substring(arg.indexOf('=') + 1) : arg;
            for (String part : value.split(java.io.File.pathSeparator)) {
                if (part.startsWith("/")) {
                    Path p = Path.of(part.endsWith("/*") ? part.substring(0, part.length() - 2) : part).normalize();
                    if (Files.exists(p)) {
                        out.add(p);
                        // a java binary: its whole home (lib/, conf/) comes with it
                        if (p.getFileName() != null && p.getFileName().toString().equals("java") && p.getParent() != null
                                && p.getParent().getParent() != null) {
                            out.add(p.getParent().getParent());
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Replaces the environment with the few variables a JVM needs (or leaves it, without a sandbox). */
    public void environment(Map<String, String> env, Path tmp) {
        if (!on) {
            return;
        }
        String path = env.getOrDefault("PATH", "/usr/bin:/bin");
        env.clear();
        env.put("PATH", path.contains("/usr/sbin") ? path : path + ":/usr/sbin:/sbin");
        env.put("LANG", "C.UTF-8");
        env.put("HOME", tmp.toString());
        env.put("TMPDIR", tmp.toString());
    }

    /** Whether the missing sandbox was already told in this run (it is said once). */
    private static volatile boolean told;

    private static volatile boolean toldNoDrop;

    /** True the first time it is asked while the sandbox cannot drop privileges: the caller then says so, once. */
    public boolean tellNoDropNow() {
        if (!on || dropped || toldNoDrop) {
            return false;
        }
        toldNoDrop = true;
        return true;
    }

    /** True the first time it is asked while there is no sandbox: the caller then says so, in one line. */
    public boolean tellNow() {
        if (on || told) {
            return false;
        }
        told = true;
        return true;
    }
}
