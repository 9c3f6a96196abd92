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
import workbook.grade.Verdicts;
import workbook.workspace.AtomicWrite;
import workbook.workspace.Workspace;

/** Makes, writes and reads {@link Receipt}s; hashes what a run was about. */
public final class Receipts {
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    /** How many receipts a workspace keeps per lab (the oldest go). */
    static final int KEEP = 50;

    private Receipts() {}

    /** The receipt of a run: {@code check} and {@code mutants} may each be null when that part did not run. */
    public static Receipt of(String command, Course course, Workspace ws, List<Integer> steps, boolean firstKiller,
                             Verdicts.Check check, Verdicts.Mutants mutants) {
        return new Receipt(Receipt.FORMAT, runner(), command, course.id(), List.copyOf(steps), firstKiller,
                learnerFiles(course, ws), content(course), verdicts(check, mutants),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), null).sealed();
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

    /** The learner's files (code and own tests) by workspace-relative path, and their SHA-256. */
    public static Map<String, String> learnerFiles(Course course, Workspace ws) {
        Map<String, String> out = new TreeMap<>();
        List<Path> files = new ArrayList<>(ws.learnerFiles());
        files.add(ws.testFile());
        for (Path f : files) {
            String name = ws.dir().relativize(f).toString().replace('\\', '/');
            out.put(name, Files.isRegularFile(f) ? sha256(bytes(f)) : "absent");
        }
        return out;
    }

    /** The official content's SHA-256 by part (see {@link Receipt#content()}). */
    public static Map<String, String> content(Course course) {
        Map<String, String> out = new TreeMap<>();
        out.put("tests", tree(course.lessons(), p -> !p.toString().endsWith(".md")));
        out.put("lessons", tree(course.lessons(), p -> p.toString().endsWith(".md")));
        out.put("reference", tree(course.reference(), p -> true));
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

    /** The runner's version and the SHA-256 of its code (the jar it runs from; its class folder in a build). */
    public static String runner() {
        try {
            Path code = Path.of(Receipts.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return "workbook 0.1.0 " + (Files.isRegularFile(code) ? sha256(Files.readAllBytes(code))
                    : tree(code, p -> p.toString().endsWith(".class")));
        } catch (Exception e) {
            return "workbook 0.1.0";
        }
    }

    /** A receipt against the files and content as they are now, and the verdicts of the same work run again. */
    public static Verification verify(Receipt r, Course course, Workspace ws, Map<String, String> verdictsNow) {
        List<Verification.Change> changes = Verification.changes(r, learnerFiles(course, ws), content(course), runner());
        List<Verification.Difference> diffs = Verification.differences(r.verdicts(), verdictsNow);
        return new Verification("verify", r.command() + " " + r.at(), r.lab(), changes.isEmpty() && diffs.isEmpty(),
                changes, diffs);
    }

    public static void write(Receipt r, Path file) throws IOException {
        Files.createDirectories(file.getParent());
        AtomicWrite.text(file, GSON.toJson(r) + "\n");
    }

    /** A receipt read back; empty when the file is not a receipt at all. */
    public static java.util.Optional<Receipt> read(Path file) {
        try {
            Receipt r = GSON.fromJson(Files.readString(file, StandardCharsets.UTF_8), Receipt.class);
            return r == null || r.verdicts() == null || r.command() == null ? java.util.Optional.empty() : java.util.Optional.of(r);
        } catch (IOException | JsonParseException e) {
            return java.util.Optional.empty();
        }
    }

    /**
     * Where a workspace keeps a run's receipt: {@code .workbook/<lab>/receipts/<command>-<time>.json}; the oldest
     * beyond {@link #KEEP} are removed.
     */
    public static Path inWorkspace(Workspace ws, Receipt r) {
        Path dir = ws.notes().resolve(r.lab()).resolve("receipts");
        try (Stream<Path> old = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
            old.sorted(java.util.Comparator.reverseOrder()).skip(KEEP - 1L).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // housekeeping only
        }
        return dir.resolve(r.command() + "-" + r.at().replace(":", "").replace("-", "") + ".json");
    }

    static String sealOf(Receipt r) {
        Receipt unsealed = new Receipt(r.format(), r.runner(), r.command(), r.lab(), r.steps(), r.firstKiller(),
                sorted(r.learnerFiles()), sorted(r.content()), sorted(r.verdicts()), r.at(), null);
        return sha256(new Gson().toJson(unsealed).getBytes(StandardCharsets.UTF_8));
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
                    md.update(bytes(f));
                    md.update((byte) 0);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    private static MessageDigest digest() {
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
