package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.gson.JsonElement;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.run.Sandbox;

/**
 * Learner code runs in the same JVM as the harness that reports its verdicts. Every way we know for code in that JVM to
 * reach the harness (its seal key, its run, its event writer) or the bytes of the build it runs on is tried from a
 * learner file's static initialiser; each route that works is named in the step's failure, so the test says which.
 */
class ForgeryTest {
    @TempDir Path tmp;

    /** The routes tried from inside the JVM: none of them needs the sandbox to fail. */
    private static final String IN_THE_JVM = """
            Class<?> harness = null;
            try { harness = Class.forName("workbook.child.ChildMain"); } catch (Throwable e) { }
            if (harness != null) {
                for (java.lang.reflect.Field f : harness.getDeclaredFields()) {
                    try { f.setAccessible(true); got.add("setAccessible on ChildMain." + f.getName()); } catch (Throwable e) { }
                }
                try { java.lang.invoke.MethodHandles.privateLookupIn(harness, java.lang.invoke.MethodHandles.lookup()); got.add("a private lookup in ChildMain"); } catch (Throwable e) { }
                try {
                    java.lang.reflect.Field f = harness.getDeclaredField("current");
                    Object attempt = Class.forName("org.junit.platform.commons.support.ReflectionSupport")
                            .getMethod("tryToReadFieldValue", java.lang.reflect.Field.class, Object.class).invoke(null, f, null);
                    Object v = attempt.getClass().getMethod("toOptional").invoke(attempt);
                    if (((java.util.Optional<?>) v).isPresent()) { got.add("JUnit read ChildMain.current for it"); }
                } catch (Throwable e) { }
            }
            for (String name : new String[] {"workbook.child.Seal", "workbook.child.Hooks", "workbook.child.hooks.Active"}) {
                try {
                    for (java.lang.reflect.Field f : Class.forName(name).getDeclaredFields()) {
                        try { f.setAccessible(true); got.add("setAccessible on " + name + "." + f.getName()); } catch (Throwable e) { }
                    }
                } catch (Throwable e) { }
            }
            for (String name : new String[] {"sun.misc.Unsafe", "com.sun.tools.attach.VirtualMachine",
                    "com.sun.management.HotSpotDiagnosticMXBean", "jdk.incubator.foreign.CLinker", "com.sun.jdi.Bootstrap",
                    "jdk.jfr.Recording"}) {
                try { Class.forName(name); got.add("loaded " + name); } catch (Throwable e) { }
            }
            try {
                // Java 22+: the foreign-memory API reads any address of the JVM (the harness's key) unless native access is denied.
                Class<?> seg = Class.forName("java.lang.foreign.MemorySegment");
                Object zero = seg.getMethod("ofAddress", long.class).invoke(null, 0L);
                seg.getMethod("reinterpret", long.class).invoke(zero, 8L);
                got.add("native access to the JVM's memory (MemorySegment.reinterpret)");
            } catch (Throwable e) { }
            try { if (Jobs.class.getResourceAsStream("Jobs.class") != null) { got.add("read its own class file as a resource"); } } catch (Throwable e) { }
            try { if (Jobs.class.getClassLoader().getResource(Jobs.class.getName().replace('.', '/') + ".class") != null) { got.add("found its class file through its loader"); } } catch (Throwable e) { }
            try {
                java.security.CodeSource cs = Jobs.class.getProtectionDomain().getCodeSource();
                if (cs != null && cs.getLocation() != null) {
                    java.nio.file.Path p = java.nio.file.Path.of(cs.getLocation().toURI());
                    if (java.nio.file.Files.isReadable(p.resolve(Jobs.class.getName().replace('.', '/') + ".class")) || java.nio.file.Files.isRegularFile(p)) { got.add("read its build from " + p); }
                }
            } catch (Throwable e) { }
            if (Jobs.class.getClassLoader() instanceof java.net.URLClassLoader u && u.getURLs().length > 0) { got.add("its loader lists its build's folders"); }
            """;

    /** The routes that need the sandbox: the JVM's own memory, and what is on disk beside the child. */
    private static final String IN_THE_SANDBOX = """
            try (java.io.RandomAccessFile m = new java.io.RandomAccessFile("/proc/self/mem", "r")) { got.add("opened /proc/self/mem"); } catch (Throwable e) { }
            //PART
            try {
                Process p = new ProcessBuilder("sh", "-c", "for f in /proc/1/mem /proc/$PPID/mem; do head -c0 $f 2>/dev/null && exit 0; done; exit 1").start();
                if (p.waitFor() == 0) { got.add("another process opened the JVM's memory"); }
            } catch (Throwable e) { }
            //PART
            try {
                Process p = new ProcessBuilder("python3", "-c", "import ctypes,sys; l=ctypes.CDLL(None); sys.exit(0 if l.ptrace(0x4206, 1, 0, 0) == 0 else 1)").start();
                if (p.waitFor() == 0) { got.add("another process attached to the JVM with ptrace"); }
            } catch (Throwable e) { }
            //PART
            for (String p : new String[] {"%1$s/target/workbook-cache", "%2$s"}) {
                try (java.util.stream.Stream<java.nio.file.Path> all = java.nio.file.Files.walk(java.nio.file.Path.of(p))) {
                    long n = all.filter(f -> f.toString().endsWith(".class") || f.toString().endsWith(".key")).count();
                    if (n > 0) { got.add("saw " + n + " class or key files under " + p); }
                } catch (Throwable e) { }
            }
            //PART
            try {
                java.nio.file.Path t = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "run.sh");
                java.nio.file.Files.writeString(t, "#!/bin/sh\\nexit 0\\n");
                t.toFile().setExecutable(true);
                if (new ProcessBuilder(t.toString()).start().waitFor() == 0) { got.add("ran a program it wrote into its temp folder"); }
            } catch (Throwable e) { }
            //PART
            try {
                byte[] mb = new byte[1 << 20];
                java.nio.file.Path big = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "big");
                try (java.io.OutputStream o = java.nio.file.Files.newOutputStream(big)) {
                    for (int i = 0; i < 260; i++) { o.write(mb); }
                }
                got.add("wrote 260 MB into its temp folder (more than its 256 MB)");
            } catch (Throwable e) { }
            finally { try { java.nio.file.Files.deleteIfExists(java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "big")); } catch (Throwable e) { } }
            """;

    @Test
    void learnerCodeCannotReachTheHarnessNorTheBytesOfItsBuild() throws Exception {
        assertEquals(java.util.List.of(), leaks(IN_THE_JVM));
    }

    @Test
    void inTheSandboxNeitherTheJvmsMemoryNorTheCacheNorARunnableTempFolder() throws Exception {
        Sandbox sandbox = Sandbox.detect(WorkbookRun.home(), false);
        Assumptions.assumeTrue(sandbox.on(), "no sandbox on this machine: " + sandbox.off() + " " + sandbox.why());
        Path key = workbook.receipt.Sealer.keyFile(workbook.run.Host.current()).getParent();
        assertEquals(java.util.List.of(), leaks(IN_THE_JVM + IN_THE_SANDBOX.formatted(WorkbookRun.home().toAbsolutePath(), key)));
    }

    /**
     * The same routes from labs 2 and 3, from a static initialiser of a learner class (the harness is the same; the
     * lab's own code and loopback server are not): a class whose initialiser finds a way in fails every test that
     * loads it, with what it found.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"singleflight, Worker, SingleflightTest", "projection, Tally, ProjectionTest"})
    void theOtherLabsHaveTheSameHarness(String lab, String learnerClass, String testClass) throws Exception {
        Path home = WorkbookRun.home().toAbsolutePath();
        Path pkg = Files.createDirectories(tmp.resolve("ws").resolve(lab));
        try (java.util.stream.Stream<Path> files = Files.list(home.resolve("answers").resolve(lab))) {
            for (Path f : files.toList()) {
                Files.copy(f, pkg.resolve(f.getFileName().toString()));
            }
        }
        Files.copy(home.resolve("skeleton").resolve(lab).resolve(testClass + ".java"), pkg.resolve(testClass + ".java"));
        Path file = pkg.resolve(learnerClass + ".java");
        String text = Files.readString(file);
        int body = text.indexOf('{', text.indexOf("class " + learnerClass)) + 1;
        String block = "\n    static {\njava.util.List<String> got = new java.util.ArrayList<>();\n" + IN_THE_JVM.replace("Jobs.class", learnerClass + ".class")
                + "\nif (!got.isEmpty()) { throw new IllegalStateException(\"LEAKED\" + got + \"END\"); }\n    }\n";
        Files.writeString(file, text.substring(0, body) + block + text.substring(body));
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("check", "1", "--lab", lab, "--workspace", pkg.getParent().toString(),
                "--json", "--lang", "en");
        String all = r.out();
        int at = all.indexOf("LEAKED[");
        assertEquals(-1, at, lab + ": got through: " + (at < 0 ? "" : all.substring(at, Math.min(all.length(), at + 600))));
        assertEquals(0, r.exit(), lab + ": step 1 passes when nothing leaks\n" + r.describe());
    }

    /** What the attack got: step 1 of lab 1 run on the reference with {@code attack} at the start of initDb. */
    private java.util.List<String> leaks(String attack) throws Exception {
        Path home = WorkbookRun.home().toAbsolutePath();
        Path pkg = Files.createDirectories(tmp.resolve("ws").resolve("lease"));
        String jobs = Files.readString(home.resolve("answers/lease/Jobs.java"));
        int body = jobs.indexOf('{', jobs.indexOf("static void initDb(")) + 1;
        // One part of the attack per call of initDb (each test calls it once), so that no test spends more than its
        // time limit on it, even on a loaded machine; a test that finds a way in fails with what got through.
        String[] parts = attack.split("//PART");
        StringBuilder code = new StringBuilder("\nint part = Integer.getInteger(\"workbook.test.part\", 0);\n"
                + "System.setProperty(\"workbook.test.part\", String.valueOf(part + 1));\n"
                + "java.util.List<String> got = new java.util.ArrayList<>();\n");
        for (int i = 0; i < parts.length; i++) {
            code.append(i == 0 ? "if" : " else if").append(" (part == ").append(i).append(") {\n").append(parts[i]).append("\n}");
        }
        code.append("\nif (!got.isEmpty()) { throw new IllegalStateException(\"LEAKED\" + got + \"END\"); }\n");
        Files.writeString(pkg.resolve("Jobs.java"), jobs.substring(0, body) + code + jobs.substring(body));
        Files.copy(home.resolve("skeleton/lease/JobsTest.java"), pkg.resolve("JobsTest.java"));
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("check", "1", "--workspace", pkg.getParent().toString(),
                "--json", "--lang", "en");
        StringBuilder messages = new StringBuilder();
        for (JsonElement s : r.json().getAsJsonArray("steps")) {
            s.getAsJsonObject().getAsJsonArray("tests").forEach(t -> messages.append(t).append('\n'));
        }
        String all = messages.toString();
        int at = all.indexOf("LEAKED[");
        if (at >= 0) {
            return java.util.List.of(all.substring(at + 7, all.indexOf("]END", at)).split(", "));
        }
        assertEquals(0, r.exit(), "step 1 passes when nothing leaks\n" + r.describe());
        return java.util.List.of();
    }
}
