package workbook.receipt;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;
import workbook.verdict.Verdicts;
import workbook.workspace.AtomicWrite;
import workbook.workspace.Workspace;

/** Makes, writes and reads {@link Receipt}s; hashes what a run was about. */
public final class Receipts {
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    /** How many receipts a workspace keeps per lab (the oldest go). */
    static final int KEEP = 50;

    private Receipts() {}

    private static Work work(String command) {
        return Work.of(command).orElseThrow(() -> new IllegalArgumentException("no receipt for " + command));
    }

    /** The receipt of a run: {@code check} and {@code mutants} may each be null when that part did not run. */
    public static Receipt of(Sealer sealer, String command, Course course, Workspace ws, List<Integer> steps,
                             boolean firstKiller, Verdicts.Check check, Verdicts.Mutants mutants) {
        return sealer.seal(new Receipt(Receipt.FORMAT, sealer.runner(), command, course.id(), List.copyOf(steps), firstKiller,
                learnerFiles(course, ws, work(command)), content(course, work(command)), verdicts(check, mutants),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), null));
    }

    /** Every verdict of the two, flat and sorted. */
    public static Map<String, String> verdicts(Verdicts.Check check, Verdicts.Mutants mutants) {
        Map<String, String> out = new TreeMap<>();
        if (check != null) {
            out.put("compile", check.compile().ok() ? "ok" : "error");
            for (Verdicts.StepVerdict s : check.steps()) {
                out.put("step " + s.step(), s.status().wire());
                s.tests().forEach(t -> out.put("test " + t.id(), t.status().wire()));
            }
        }
        if (mutants != null) {
            out.put("own tests compile", mutants.compile().ok() ? "ok" : "error");
            mutants.tests().forEach(t -> out.put("own " + t.id(), t.valid() ? "valid" : "invalid"));
            mutants.mutants().forEach(m -> out.put("mutant " + m.id(), m.status().wire()));
        }
        return out;
    }

    /**
     * The learner's files that {@code command} grades, by workspace-relative path, and their SHA-256: the code for
     * {@code check}, the own tests for {@code mutants} (they run on the reference and the mutants, never on the
     * learner's code), both for {@code grade}.
     */
    public static Map<String, String> learnerFiles(Course course, Workspace ws, Work work) {
        Map<String, String> out = new TreeMap<>();
        List<Path> files = new ArrayList<>();
        if (work.gradesCode()) {
            files.addAll(ws.learnerFiles());
        }
        if (work.gradesOwnTests()) {
            files.add(ws.testFile());
        }
        for (Path f : files) {
            String name = ws.dir().relativize(f).toString().replace('\\', '/');
            out.put(name, Files.isRegularFile(f) ? sha256(f) : "absent");
        }
        return out;
    }

    /**
     * The official content's SHA-256 by part (see {@link Receipt#content()}), the parts {@code command} uses: the
     * official tests for {@code check} and {@code grade}, the mutants for {@code mutants} and {@code grade}, the
     * reference and the lesson text for all.
     */
    public static Map<String, String> content(Course course, Work work) {
        Map<String, String> out = new TreeMap<>();
        if (work.gradesCode()) {
            out.put("tests", tree(course.lessons(), p -> !p.toString().endsWith(".md")));
        }
        out.put("lessons", tree(course.lessons(), p -> p.toString().endsWith(".md")));
        out.put("reference", tree(course.reference(), p -> true));
        if (!work.gradesOwnTests()) {
            return out;
        }
        MessageDigest md = digest();
        course.mutants().stream().sorted(java.util.Comparator.comparing(Mutant::id)).forEach(m -> {
            md.update(m.id().getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            md.update(m.file() != null && Files.isRegularFile(m.file()) ? bytes(m.file()) : m.toString().getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
        });
        out.put("mutants", HexFormat.of().formatHex(md.digest()));
        return out;
    }

    /** One SHA-256 over the class files in a jar, by name and bytes, in name order. */
    static String classesIn(Path jar) throws IOException {
        MessageDigest md = digest();
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jar.toFile())) {
            for (java.util.zip.ZipEntry e : zip.stream().filter(z -> z.getName().endsWith(".class"))
                    .sorted(java.util.Comparator.comparing(java.util.zip.ZipEntry::getName)).toList()) {
                md.update(e.getName().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                try (var in = zip.getInputStream(e)) {
                    md.update(in.readAllBytes());
                }
                md.update((byte) 0);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /** A receipt against the files and content as they are now, and the verdicts of the same work run again. */
    public static Verification verify(Sealer sealer, Receipt r, Course course, Workspace ws, Map<String, String> verdictsNow) {
        Receipts.SealCheck seal = sealer.check(r);
        List<Verification.Change> changes = Verification.changes(r, learnerFiles(course, ws, r.work()),
                content(course, r.work()), sealer.runner(), seal);
        List<Verification.Difference> diffs = Verification.differences(r.verdicts(), verdictsNow);
        return new Verification("verify", r.command() + " " + r.at(), r.lab(), changes.isEmpty() && diffs.isEmpty(),
                changes, diffs, seal);
    }

    public static void write(Receipt r, Path file) throws IOException {
        Files.createDirectories(file.getParent());
        AtomicWrite.text(file, GSON.toJson(r) + "\n");
    }

    /** A receipt read back; empty when the file is not a receipt at all. */
    public static java.util.Optional<Receipt> read(Path file) {
        try {
            Receipt r = GSON.fromJson(Files.readString(file, StandardCharsets.UTF_8), Receipt.class);
            return whole(r) ? java.util.Optional.of(r) : java.util.Optional.empty();
        } catch (IOException | JsonParseException e) {
            return java.util.Optional.empty();
        }
    }

    /** Whether every part a receipt must have is there (a file with only some of them is not a receipt). */
    private static boolean whole(Receipt r) {
        return r != null && r.format() > 0 && r.runner() != null && Work.of(r.command()).isPresent()
                && r.lab() != null && r.steps() != null && r.learnerFiles() != null && r.content() != null
                && r.verdicts() != null && r.at() != null;
    }

    /**
     * Where a workspace keeps a run's receipt: {@code .workbook/<lab>/receipts/<command>-<time>.json}, with
     * {@code -2}, {@code -3} … when a receipt of that second is already there; the oldest beyond {@link #KEEP}, by
     * when they were made whatever their command, are removed.
     */
    public static Path inWorkspace(Workspace ws, Receipt r) {
        Path dir = ws.notes().resolve(r.lab()).resolve("receipts");
        try (Stream<Path> old = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
            old.filter(p -> !madeAt(p).isEmpty()).sorted(java.util.Comparator.comparing(Receipts::madeAt).reversed())
                    .skip(KEEP - 1L)
                    .forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // housekeeping only
        }
        String name = r.command() + "-" + r.at().replace(":", "").replace("-", "");
        Path file = dir.resolve(name + ".json");
        for (int n = 2; Files.exists(file); n++) {
            file = dir.resolve(name + "-" + n + ".json");
        }
        return file;
    }

    /**
     * When a receipt file was made, as its name says ({@code check-20261202T041500Z-2.json}), for sorting; empty for
     * a file named otherwise, which pruning leaves alone.
     */
    static String madeAt(Path file) {
        java.util.regex.Matcher m = RECEIPT_NAME.matcher(file.getFileName().toString());
        return m.matches() ? m.group(1) + String.format(java.util.Locale.ROOT, "%06d",
                m.group(2) == null ? 1 : Math.min(999_999, Long.parseLong(m.group(2)))) : "";
    }

    private static final java.util.regex.Pattern RECEIPT_NAME =
            java.util.regex.Pattern.compile("[a-z]+-(\\d{8}T\\d{6}Z)(?:-(\\d{1,12}))?\\.json");


    /** How a receipt's seal stands on this machine. */
    public enum SealCheck implements workbook.verdict.Wire {
        /** sealed with this machine's key, and nothing edited since */
        HERE,
        /** sealed with another machine's key: this one cannot tell an edit from the original */
        ELSEWHERE,
        /** a plain seal (no key): matches, so no accidental edit, but anyone could have made it */
        UNKEYED,
        /** the seal does not match the rest: edited since */
        EDITED
    }

    /** What a seal covers: every field but the seal, in a fixed order. */
    static byte[] body(Receipt r) {
        Receipt unsealed = new Receipt(r.format(), r.runner(), r.command(), r.lab(), r.steps(), r.firstKiller(),
                sorted(r.learnerFiles()), sorted(r.content()), sorted(r.verdicts()), r.at(), null);
        return new Gson().toJson(unsealed).getBytes(StandardCharsets.UTF_8);
    }

    private static Map<String, String> sorted(Map<String, String> m) {
        return m == null ? null : new TreeMap<>(m);
    }

    /** One SHA-256 over the files below {@code root} that {@code keep} accepts: their relative paths and bytes. */
    static String tree(Path root, java.util.function.Predicate<Path> keep) {
        MessageDigest md = digest();
        if (root != null && Files.isDirectory(root)) {
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path f : walk.filter(Files::isRegularFile).filter(keep).sorted().toList()) {
                    md.update(root.relativize(f).toString().replace('\\', '/').getBytes(StandardCharsets.UTF_8));
                    md.update((byte) 0);
                    stream(f, md);
                    md.update((byte) 0);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /** A file's SHA-256, read in blocks: a learner's file of any size costs no more memory than a small one. */
    static String sha256(Path f) {
        MessageDigest md = digest();
        stream(f, md);
        return HexFormat.of().formatHex(md.digest());
    }

    private static void stream(Path f, MessageDigest md) {
        try (var in = Files.newInputStream(f)) {
            byte[] block = new byte[1 << 16];
            for (int n; (n = in.read(block)) > 0; ) {
                md.update(block, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] bytes(Path f) {
        try {
            return Files.readAllBytes(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
