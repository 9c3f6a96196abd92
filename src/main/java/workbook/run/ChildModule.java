package workbook.run;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The child runner as a named module, {@code workbook.child}, so that learner code in the same JVM cannot reach it.
 *
 * <p>Learner code and the tests run in unnamed modules (their class loaders'); the harness that seals the events, holds
 * the run's key and writes to the parent is in a named module that opens nothing to them. Deep reflection into it
 * ({@code setAccessible}, {@code privateLookupIn}) then fails with {@code InaccessibleObjectException} whatever the
 * learner tries: Java's strong encapsulation, not a check of ours. What it exports: {@code workbook.child.hooks}
 * (the calls instrumented builds make); to JUnit alone, the test-method orderer; to Gson alone, the plain records of
 * the wire format (no key in them). The modules a JVM could use to read another object's memory are not in the child
 * ({@link #MODULES}): no {@code sun.misc.Unsafe}, no attach API, no heap dump bean, no debugger agent.
 *
 * <p>The runner is one Maven module, so the child module is put together at run time: the runner's own
 * {@code workbook/child/**} classes and a {@code module-info} compiled beside them, as a jar in the cache (made once
 * per runner build, keyed by the bytes of those classes).
 */
final class ChildModule {
    static final String NAME = "workbook.child";

    /** The harness's main class, as {@code -m} takes it. */
    static final String MAIN = NAME + "/workbook.child.ChildMain";

    private static final String MODULE_INFO = """
            module workbook.child {
                requires org.junit.platform.launcher;
                requires org.junit.jupiter.api;
                requires com.google.gson;
                requires java.management;
                exports workbook.child.hooks;
                exports workbook.child.order to org.junit.platform.commons, org.junit.jupiter.engine;
                opens workbook.child.wire to com.google.gson;
                opens workbook.child.warm to org.junit.platform.commons;
            }
            """;

    /**
     * The platform modules a child resolves besides what the module path needs: Java SE, and the few JDK modules
     * learner code and lesson fixtures may use (an HTTP server on loopback, charsets, locale data, zip file systems,
     * elliptic-curve keys). Missing on purpose: {@code jdk.unsupported} (sun.misc.Unsafe reads any field),
     * {@code jdk.attach}, {@code jdk.management} (its bean dumps the heap to a file), {@code jdk.jdi},
     * {@code jdk.jdwp.agent}, {@code jdk.hotspot.agent}, {@code jdk.jfr}, {@code jdk.incubator.*} (foreign memory).
     */
    static final List<String> MODULES = List.of("java.se", "jdk.httpserver", "jdk.charsets", "jdk.localedata",
            "jdk.zipfs", "jdk.crypto.ec", "jdk.net");

    /** Module-path jars the harness needs: JUnit and what it needs, and Gson. Everything else stays on the class path. */
    private static final List<String> ON_MODULE_PATH = List.of("org.junit.", "org.opentest4j", "org.apiguardian",
            "org.jspecify", "com.google.gson", "com.google.errorprone", "org.xerial.sqlitejdbc");

    /**
     * sqlite-jdbc, a named module of its own: the one module allowed native access. From Java 22 the foreign-memory
     * API is in java.base, and {@code MemorySegment.ofAddress(…).reinterpret(…)} would read any byte of the JVM, the
     * harness's key included; learner code is in unnamed modules, which get no native access.
     */
    static final String SQLITE = "org.xerial.sqlitejdbc";

    /**
     * How a child JVM starts: its {@code java}, its module path, its class path and the modules it resolves.
     * {@code limited} when {@code java} is the full JDK's and {@code --limit-modules} must keep the rest out (a JVM
     * started so maps no class-data archive, so it starts slower: only where no runtime image could be made).
     */
    record Launch(Path java, List<String> modulePath, List<String> classPath, List<String> modules, boolean limited) {
        List<String> options() {
            List<String> out = new ArrayList<>();
            if (limited) {
                out.add("--limit-modules");
                out.add(String.join(",", modules));
            }
            out.addAll(nativeAccess(Runtime.version().feature(), modules.contains(SQLITE)));
            out.add("--module-path");
            out.add(String.join(File.pathSeparator, modulePath));
            out.add("--add-modules");
            out.add(String.join(",", modules));
            if (!classPath.isEmpty()) {
                out.add("-cp");
                out.add(String.join(File.pathSeparator, classPath));
            }
            out.add("-m");
            out.add(MAIN);
            return out;
        }
    }

    /**
     * Native access for SQLite's driver alone: from Java 22 any other module calling a restricted method (the
     * foreign-memory API, and from Java 24 JNI too) gets {@code IllegalCallerException}; before Java 22 the API is
     * not usable (an incubator module not in the child, or a preview).
     */
    static List<String> nativeAccess(int feature, boolean sqliteIsAModule) {
        if (feature < 22) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        out.add("--enable-native-access=" + (sqliteIsAModule ? SQLITE : NAME));
        if (feature >= 24) {
            out.add("--illegal-native-access=deny");
        }
        return out;
    }

    private ChildModule() {}

    /**
     * The launch of a child on {@code host}, making the module jar and the runtime the first time. They depend only on
     * this runner and this JDK, never on a lab, so they are kept per user ({@link Host#cacheHome()}), not in a
     * workbook's cache: every workbook home on the machine shares them. Each runner asks once and keeps the answer.
     */
    static Launch launch(Host host) throws IOException {
        return make(host);
    }

    private static Launch make(Host host) throws IOException {
        Path cacheRoot = host.cacheHome();
        List<Path> runner = host.classPath();
        Path own = ownLocation();
        List<String> modulePath = new ArrayList<>();
        List<String> classPath = new ArrayList<>();
        List<String> modules = new ArrayList<>(MODULES);
        modules.add(NAME);
        List<Path> deps = new ArrayList<>();
        for (Path p : runner) {
            Optional<String> name = explicitModule(p);
            // SQLite's driver goes on the module path only where native access needs a module to name (Java 22+,
            // see nativeAccess); before that it stays on the class path, as it always was.
            boolean wanted = name.isPresent() && ON_MODULE_PATH.stream().anyMatch(name.get()::startsWith)
                    && (!name.get().equals(SQLITE) || Runtime.version().feature() >= 22);
            if (wanted) {
                deps.add(p);
                modulePath.add(p.toString());
                modules.add(name.get());
            } else if (!p.equals(own)) {
                classPath.add(p.toString());
            }
        }
        Map<String, byte[]> classes = childClasses(own);
        Path jar = cacheRoot.resolve("child-module").resolve(hash(classes) + ".jar");
        if (!Files.isRegularFile(jar)) {
            build(jar, classes, deps);
        }
        modulePath.add(0, jar.toString());
        Optional<Path> image = ChildRuntime.image(cacheRoot, host.javaHome());
        Path java = image.map(i -> i.resolve("bin").resolve("java")).orElse(host.java());
        return new Launch(java, List.copyOf(modulePath), List.copyOf(classPath), List.copyOf(modules), image.isEmpty());
    }

    /** Where this runner's classes are: its jar, or its class folder under Maven and in an IDE. */
    private static Path ownLocation() throws IOException {
        try {
            return Path.of(ChildModule.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toAbsolutePath().normalize();
        } catch (URISyntaxException | RuntimeException e) {
            throw new IOException("cannot find the runner's own classes", e);
        }
    }

    private static Optional<String> explicitModule(Path p) {
        if (!p.toString().endsWith(".jar") || !Files.isRegularFile(p)) {
            return Optional.empty();
        }
        try {
            return ModuleFinder.of(p).findAll().stream().map(ModuleReference::descriptor)
                    .filter(d -> !d.isAutomatic()).map(ModuleDescriptor::name).findFirst();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The runner's {@code workbook/child/} classes, by entry name. */
    private static Map<String, byte[]> childClasses(Path own) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        String prefix = "workbook/child/";
        if (Files.isDirectory(own)) {
            Path root = own.resolve(prefix);
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path f : walk.filter(Files::isRegularFile).toList()) {
                    out.put(prefix + root.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
                }
            }
        } else {
            try (JarFile jar = new JarFile(own.toFile())) {
                for (JarEntry e : java.util.Collections.list(jar.entries())) {
                    if (!e.isDirectory() && e.getName().startsWith(prefix)) {
                        try (InputStream in = jar.getInputStream(e)) {
                            out.put(e.getName(), in.readAllBytes());
                        }
                    }
                }
            }
        }
        return out;
    }

    private static String hash(Map<String, byte[]> classes) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(MODULE_INFO.getBytes(StandardCharsets.UTF_8));
            md.update(Runtime.version().toString().getBytes(StandardCharsets.UTF_8));
            classes.forEach((name, bytes) -> {
                md.update(name.getBytes(StandardCharsets.UTF_8));
                md.update(bytes);
            });
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes the module jar: the classes, and their {@code module-info} compiled against the module path. */
    private static void build(Path jar, Map<String, byte[]> classes, List<Path> deps) throws IOException {
        Path work = Files.createTempDirectory("workbook-child-module");
        try {
            Path classDir = Files.createDirectories(work.resolve("classes"));
            for (Map.Entry<String, byte[]> e : classes.entrySet()) {
                Path f = classDir.resolve(e.getKey());
                Files.createDirectories(f.getParent());
                Files.write(f, e.getValue());
            }
            Path src = work.resolve("module-info.java");
            Files.writeString(src, MODULE_INFO);
            Path out = Files.createDirectories(work.resolve("out"));
            javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
            java.io.StringWriter log = new java.io.StringWriter();
            List<String> args = List.of("--module-path", deps.stream().map(Path::toString)
                            .collect(java.util.stream.Collectors.joining(File.pathSeparator)),
                    "--patch-module", NAME + "=" + classDir, "-d", out.toString(), "-nowarn");
            try (javax.tools.StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
                boolean ok = javac.getTask(log, files, null, args, null, files.getJavaFileObjects(src.toFile())).call();
                if (!ok) {
                    throw new IOException("the child module did not compile: " + log);
                }
            }
            write(jar, Files.readAllBytes(out.resolve("module-info.class")), classes);
        } finally {
            workbook.workspace.Folders.deleteQuietly(work);
        }
    }

    /** The module's jar, written whole beside its place and moved there in one step. */
    private static void write(Path jar, byte[] moduleInfo, Map<String, byte[]> classes) throws IOException {
        Files.createDirectories(jar.getParent());
        Path part = jar.resolveSibling(jar.getFileName() + "." + ProcessHandle.current().pid() + ".part");
        try (OutputStream os = Files.newOutputStream(part); JarOutputStream jo = new JarOutputStream(os)) {
            jo.putNextEntry(new JarEntry("module-info.class"));
            jo.write(moduleInfo);
            jo.closeEntry();
            for (Map.Entry<String, byte[]> e : classes.entrySet()) {
                jo.putNextEntry(new JarEntry(e.getKey()));
                jo.write(e.getValue());
                jo.closeEntry();
            }
        }
        try {
            Files.move(part, jar, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException raced) {
            Files.deleteIfExists(part); // another workbook made the same jar
        }
    }
}
