package workbook.grade;

import workbook.verdict.Reason;
import workbook.verdict.Verdicts;
import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;
import workbook.catalogue.Probe;
import workbook.child.wire.RunSpec;
import workbook.compile.CompileResult;
import workbook.run.ChildRunner;
import workbook.run.RunResults;
import workbook.run.TestResult;
import workbook.child.wire.TestStatus;
import workbook.workspace.AtomicWrite;
import workbook.workspace.Workspace;

/**
 * Runs a lab's probe (a test class that publishes one cell per measurement) on the reference, on the mutants the lab
 * names and on the learner's build, each in its own sandboxed child run with the same seed, and reads the cells back.
 * A build other than the learner's is measured once per content: its table is kept under the cache, keyed by the
 * bytes of its classes, the probe's classes, the seed and the cell asked for, so a second probe measures the learner
 * alone.
 */
final class Prober {
    /** Bump when what a cached table means changes. */
    private static final String CACHE_FORMAT = "probe-table-2";

    private final Builds builds;
    private final Course course;
    private final Probe probe;
    private final ChildRunner runner;
    private final int shards;
    private final StepJudge judge;

    Prober(Builds builds, Probe probe, ChildRunner runner, int shards, StepJudge judge) {
        this.builds = builds;
        this.course = builds.course();
        this.probe = probe;
        this.runner = runner;
        this.shards = shards;
        this.judge = judge;
    }

    /** A build to measure, or why it cannot be. */
    private record Candidate(String id, String kind, Reason description, int step, List<String> classpath,
                             Reason problem) {}

    Verdicts.Probe measure(Workspace ws, long seed, Verdicts.CellRef only) {
        long started = System.nanoTime();
        String probeClasses = builds.probeTests().toString();
        List<Candidate> candidates = candidates(ws);
        Map<String, Verdicts.ProbeVariant> cached = new LinkedHashMap<>();
        Map<String, Path> cacheFiles = new LinkedHashMap<>();
        List<RunSpec> runs = new ArrayList<>();
        for (Candidate c : candidates) {
            if (c.problem() != null) {
                continue;
            }
            List<String> cp = new ArrayList<>(c.classpath());
            cp.add(probeClasses);
            if (!c.kind().equals("yours")) {
                Path file = cacheFile(cp, seed, only);
                Optional<Verdicts.ProbeVariant> hit = file == null ? Optional.empty() : load(file);
                if (hit.isPresent()) {
                    cached.put(c.id(), hit.get());
                    continue;
                }
                if (file != null) {
                    cacheFiles.put(c.id(), file);
                }
            }
            runs.add(new RunSpec(c.id(), cp, List.of(probe.testClass()), List.of(), 1, properties(seed, only)));
        }
        RunResults results = runs.isEmpty() ? new RunResults() : runner.run(runs, shards);
        List<Verdicts.ProbeVariant> variants = new ArrayList<>();
        for (Candidate c : candidates) {
            Verdicts.ProbeVariant v = cached.containsKey(c.id()) ? relabel(cached.get(c.id()), c) : read(c, results);
            if (cacheFiles.containsKey(c.id()) && "measured".equals(v.status())) {
                store(cacheFiles.get(c.id()), v);
            }
            variants.add(v);
        }
        return new Verdicts.Probe("probe", seed, probe.rows(), probe.columns(), probe.measures(), variants, only,
                resemblances(variants), null, (System.nanoTime() - started) / 1_000_000);
    }

    private static Map<String, String> properties(long seed, Verdicts.CellRef only) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(Probe.SEED, Long.toString(seed));
        if (only != null) {
            p.put(Probe.ROW, Integer.toString(only.row()));
            p.put(Probe.COLUMN, Integer.toString(only.column()));
        }
        return p;
    }

    /** The reference, the named mutants, and the learner's files when the workspace has them. */
    private List<Candidate> candidates(Workspace ws) {
        List<Candidate> out = new ArrayList<>();
        out.add(new Candidate("reference", "reference", Reason.of("probe.reference"), 0,
                List.of(builds.reference().toString()), null));
        for (String id : probe.variants()) {
            Mutant m = course.mutants().stream().filter(x -> x.id().equals(id)).findFirst().orElse(null);
            if (m == null) {
                out.add(new Candidate(id, "mutant", Reason.asIs(id), 0, List.of(), Reason.of("probe.noSuchMutant", id)));
                continue;
            }
            Reason description = Reason.text(m.description());
            try {
                CompileResult c = builds.mutant(m);
                out.add(c.ok() ? new Candidate(id, "mutant", description, m.step(), List.of(c.classes().toString()), null)
                        : new Candidate(id, "mutant", description, m.step(), List.of(), Reason.of("probe.mutantDoesNotCompile")));
            } catch (Mutant.NotApplicable e) {
                out.add(new Candidate(id, "mutant", description, m.step(), List.of(),
                        Reason.of("mutant.notApplicable", id, e.count())));
            }
        }
        if (ws != null && ws.learnerFiles().stream().allMatch(java.nio.file.Files::isRegularFile)) {
            CompileResult c = builds.learner(ws.learnerFiles());
            out.add(c.ok() ? new Candidate("yours", "yours", Reason.of("probe.yours"), 0, builds.learnerRun(c.classes()), null)
                    : new Candidate("yours", "yours", Reason.of("probe.yours"), 0, List.of(), Reason.of("probe.yoursDoNotCompile")));
        }
        return out;
    }

    /** The cells a run published, or why it published none. */
    private Verdicts.ProbeVariant read(Candidate c, RunResults results) {
        if (c.problem() != null) {
            return Verdicts.ProbeVariant.notRun(c.id(), c.kind(), c.description(), c.step(), c.problem(), List.of());
        }
        List<Verdicts.ProbeCell> cells = new ArrayList<>();
        for (String json : results.entries(c.id(), Probe.ENTRY)) {
            Verdicts.ProbeCell cell = cell(json);
            if (cell != null) {
                cells.add(cell);
            }
        }
        Reason failure = failure(c.id(), results);
        if (failure != null) {
            return Verdicts.ProbeVariant.notRun(c.id(), c.kind(), c.description(), c.step(), failure, cells);
        }
        return Verdicts.ProbeVariant.measured(c.id(), c.kind(), c.description(), c.step(), cells);
    }

    /** Why the probe did not finish on this build: its run error, or its test's failure (a step not yet written, say). */
    private Reason failure(String run, RunResults results) {
        String runError = results.runError(run);
        if (runError != null) {
            return Reason.asIs(runError);
        }
        for (TestResult r : results.of(run).values()) {
            if (r.status() != TestStatus.PASSED) {
                return judge.detail(r);
            }
        }
        return results.of(run).isEmpty() ? Reason.of("probe.nothingRan") : null;
    }

    /** A published cell: its two dimensions and every measure, or what it threw; null when the value is not one. */
    private Verdicts.ProbeCell cell(String json) {
        try {
            JsonObject o = JsonParser.parseString(json).getAsJsonObject();
            int row = o.get(probe.rows()).getAsInt();
            int column = o.get(probe.columns()).getAsInt();
            if (o.has(Probe.ERROR)) {
                return Verdicts.ProbeCell.threw(row, column, o.get(Probe.ERROR).getAsString());
            }
            Map<String, Long> counts = new LinkedHashMap<>();
            for (String m : probe.measures()) {
                JsonElement e = o.get(m);
                counts.put(m, e == null || e.isJsonNull() ? 0L : e.getAsLong());
            }
            return new Verdicts.ProbeCell(row, column, counts);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** For every mutant whose rows the learner's measured build repeats (where it goes wrong), which rows. */
    static List<Verdicts.Resemblance> resemblances(List<Verdicts.ProbeVariant> variants) {
        Optional<Verdicts.ProbeVariant> yours = variants.stream()
                .filter(v -> v.kind().equals("yours") && "measured".equals(v.status())).findFirst();
        if (yours.isEmpty() || yours.get().worst() == null) {
            return List.of();
        }
        List<Verdicts.Resemblance> out = new ArrayList<>();
        for (Verdicts.ProbeVariant v : variants) {
            if (v.kind().equals("mutant") && "measured".equals(v.status())) {
                List<Integer> rows = yours.get().rowsLike(v);
                if (!rows.isEmpty()) {
                    out.add(new Verdicts.Resemblance(v.id(), v.description(), v.step(), rows));
                }
            }
        }
        out.sort(java.util.Comparator.comparingInt((Verdicts.Resemblance r) -> -r.rows().size()));
        return out;
    }

    /** A cached table carries the words of the run that measured it: today's language replaces them. */
    private static Verdicts.ProbeVariant relabel(Verdicts.ProbeVariant v, Candidate c) {
        return Verdicts.ProbeVariant.measured(c.id(), c.kind(), c.description(), c.step(), v.cells());
    }

    /**
     * Where the table of a build is kept: a hash of every class file on its class path (directories; jars by name
     * and size), the seed and the cell; null when a path cannot be read (then nothing is cached).
     */
    private Path cacheFile(List<String> classpath, long seed, Verdicts.CellRef only) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update((CACHE_FORMAT + "|" + seed + "|" + only + "|" + probe.testClass()).getBytes(StandardCharsets.UTF_8));
            for (String entry : classpath) {
                Path p = Path.of(entry);
                if (Files.isDirectory(p)) {
                    try (var walk = Files.walk(p)) {
                        for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                            md.update(p.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
                            md.update(Files.readAllBytes(f));
                        }
                    }
                } else {
                    md.update((p.getFileName() + "|" + Files.size(p)).getBytes(StandardCharsets.UTF_8));
                }
            }
            String key = HexFormat.of().formatHex(md.digest()).substring(0, 32);
            return builds.cacheRoot().resolve("probe-tables").resolve(key + ".json");
        } catch (IOException | NoSuchAlgorithmException | RuntimeException e) {
            return null;
        }
    }

    private static final Gson GSON = new Gson();

    private record Cached(List<Verdicts.ProbeCell> cells) {}

    private static Optional<Verdicts.ProbeVariant> load(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            Cached c = GSON.fromJson(Files.readString(file, StandardCharsets.UTF_8), Cached.class);
            if (c == null || c.cells() == null || c.cells().isEmpty()) {
                return Optional.empty();
            }
            List<Verdicts.ProbeCell> cells = new ArrayList<>();
            for (Verdicts.ProbeCell x : c.cells()) {
                cells.add(new Verdicts.ProbeCell(x.row(), x.column(), x.counts() == null ? Map.of() : x.counts(),
                        x.status() == null ? "measured" : x.status(), x.error()));
            }
            return Optional.of(Verdicts.ProbeVariant.measured("", "", Reason.asIs(""), 0, cells));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static void store(Path file, Verdicts.ProbeVariant v) {
        try {
            AtomicWrite.text(file, GSON.toJson(new Cached(v.cells())));
        } catch (IOException | RuntimeException e) {
            // a table not kept is measured again next time
        }
    }
}
