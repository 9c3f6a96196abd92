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

    private Sandbox(Off off, String why, Path home, boolean loopback, List<Path> readOnly) {
        this.off = off;
        this.on = off == Off.NONE;
        this.why = why;
        this.home = home;
        this.loopback = loopback;
        this.readOnly = List.copyOf(readOnly);
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
        return new Sandbox(off, why, home, loopback, all);
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

    /**
     * The script run inside the namespaces before the JVM: make the repo read-only, hide the reference and the mutants,
     * bring up loopback if the lab needs it, then become the child JVM. {@code $1} is the repo.
     */
    private String script() {
        return "R=\"$1\"; C=\"$2\"; H=\"$3\"; shift 3; "
                + "mount --bind \"$R\" \"$R\" && mount -o remount,bind,ro \"$R\" || exit 97; "
                + "for d in answers mutants; do [ -d \"$R/$d\" ] && { mount -t tmpfs -o ro,size=16k,mode=0555 none \"$R/$d\" || exit 97; }; done; "
                + "for w in \"$@\"; do [ \"$w\" = -- ] && break; mount --bind \"$w\" \"$w\" && mount -o remount,bind,ro \"$w\" || exit 97; done; "
                + "while [ \"$1\" != -- ]; do shift; done; shift; "
                // Every other mount read-only too (the root file system, /tmp, /dev/shm, the home folder), then the
                // child's own folder writable again: the one place learner code can leave anything.
                // The shared scratch root, emptied: only this child's folder is bound back into it (through an open
                // descriptor, since its path is gone once the root is covered).
                + "if [ -n \"$H\" ]; then exec 3<\"$C\" && mount -t tmpfs -o size=64k,mode=0755 none \"$H\" && mkdir -p \"$C\" "
                + "&& mount -c --bind /proc/self/fd/3 \"$C\" || exit 97; exec 3<&-; fi; "
                + "mount --bind \"$C\" \"$C\" || exit 97; "
                + "for m in $(cut -d' ' -f2 /proc/self/mounts | sort -u); do [ \"$m\" = \"$C\" ] || mount -o remount,bind,ro \"$m\" 2>/dev/null; done; "
                + "mount -o remount,bind,rw \"$C\" || exit 97; "
                + "touch \"$R/.sandbox-probe\" 2>/dev/null && exit 97; "
                + (loopback ? "ip link set lo up 2>/dev/null || exit 97; " : "")
                // At most PROCESSES processes and threads in this child's user namespace, the JVM's own included: a fork
                // or thread bomb then fails in its child instead of filling the machine (the kernel does not hold root
                // to it, so this guards the non-root users who grade and learn; the PID namespace still ends them all).
                + "exec " + (capped ? "prlimit --nproc=" + PROCESSES + " -- " : "")
                + (dropped ? String.join(" ", DROP) + " " : "") + "\"$@\"";
    }

    /** The command that runs {@code command} in the sandbox (or as it is, without one). */
    /**
     * {@code command} run inside the sandbox, where {@code writable} (the child's own temp folder) is the one folder it
     * may write to.
     */
    public List<String> wrap(List<String> command, Path writable) {
        return wrap(command, writable, null);
    }

    /**
     * Like {@link #wrap(List, Path)}; {@code hidden} (a scratch root shared by every child, such as /dev/shm), when not
     * null, is replaced inside the sandbox by an empty folder that holds {@code writable} alone: no child sees another
     * child's folder, plan or socket.
     */
    public List<String> wrap(List<String> command, Path writable, Path hidden) {
        if (!on) {
            return command;
        }
        Path w = writable.toAbsolutePath().normalize();
        List<String> out = new ArrayList<>(List.of("unshare", "-Urnm"));
        if (pids) {
            out.addAll(PID_NAMESPACE);
        }
        out.addAll(List.of("sh", "-c", script(), "sandbox", home.toString(),
                w.toString(), hidden != null && w.startsWith(hidden.toAbsolutePath().normalize()) ? hidden.toAbsolutePath().normalize().toString() : ""));
        readOnly.forEach(p -> out.add(p.toString()));
        out.add("--");
        out.addAll(command);
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
