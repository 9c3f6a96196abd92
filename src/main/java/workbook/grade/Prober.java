package workbook.grade;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;
import workbook.catalogue.Probe;
import workbook.child.RunSpec;
import workbook.compile.CompileResult;
import workbook.report.Messages;
import workbook.run.ChildRunner;
import workbook.run.RunResults;
import workbook.run.TestResult;
import workbook.run.TestStatus;
import workbook.workspace.Workspace;

/**
 * Runs a lab's probe (a test class that publishes one cell per measurement) on the reference, on the mutants the lab
 * names and on the learner's build, each in its own sandboxed child run with the same seed, and reads the cells back.
 */
final class Prober {
    private final Builds builds;
    private final Course course;
    private final Probe probe;
    private final ChildRunner runner;
    private final Messages msg;
    private final int shards;
    private final StepJudge judge;

    Prober(Builds builds, Probe probe, ChildRunner runner, Messages msg, int shards, StepJudge judge) {
        this.builds = builds;
        this.course = builds.course();
        this.probe = probe;
        this.runner = runner;
        this.msg = msg;
        this.shards = shards;
        this.judge = judge;
    }

    /** A build to measure, or why it cannot be. */
    private record Candidate(String id, String kind, String description, List<String> classpath, String problem) {}

    Verdicts.Probe measure(Workspace ws, long seed) {
        long started = System.nanoTime();
        String probeClasses = builds.probeTests().toString();
        List<Candidate> candidates = candidates(ws);
        List<RunSpec> runs = new ArrayList<>();
        for (Candidate c : candidates) {
            if (c.problem() == null) {
                List<String> cp = new ArrayList<>(c.classpath());
                cp.add(probeClasses);
                runs.add(new RunSpec(c.id(), cp, List.of(probe.testClass()), List.of(), 1,
                        Map.of(Probe.SEED, Long.toString(seed))));
            }
        }
        RunResults results = runs.isEmpty() ? new RunResults() : runner.run(runs, shards);
        List<Verdicts.ProbeVariant> variants = candidates.stream().map(c -> read(c, results)).toList();
        return new Verdicts.Probe("probe", seed, probe.rows(), probe.columns(), probe.measures(), variants, null,
                (System.nanoTime() - started) / 1_000_000);
    }

    /** The reference, the named mutants, and the learner's files when the workspace has them. */
    private List<Candidate> candidates(Workspace ws) {
        List<Candidate> out = new ArrayList<>();
        out.add(new Candidate("reference", "reference", msg.get("probe.reference"),
                List.of(builds.reference().toString()), null));
        for (String id : probe.variants()) {
            Mutant m = course.mutants().stream().filter(x -> x.id().equals(id)).findFirst().orElse(null);
            if (m == null) {
                out.add(new Candidate(id, "mutant", id, List.of(), msg.get("probe.noSuchMutant", id)));
                continue;
            }
            String description = m.description().in(msg.lang());
            try {
                CompileResult c = builds.mutant(m);
                out.add(c.ok() ? new Candidate(id, "mutant", description, List.of(c.classes().toString()), null)
                        : new Candidate(id, "mutant", description, List.of(), msg.get("probe.mutantDoesNotCompile")));
            } catch (Mutant.NotApplicable e) {
                out.add(new Candidate(id, "mutant", description, List.of(), msg.get("mutant.notApplicable", id, e.count())));
            }
        }
        if (ws != null && ws.learnerFiles().stream().allMatch(java.nio.file.Files::isRegularFile)) {
            CompileResult c = builds.learner(ws.learnerFiles());
            out.add(c.ok() ? new Candidate("yours", "yours", msg.get("probe.yours"), builds.learnerRun(c.classes()), null)
                    : new Candidate("yours", "yours", msg.get("probe.yours"), List.of(), msg.get("probe.yoursDoNotCompile")));
        }
        return out;
    }

    /** The cells a run published, or why it published none. */
    private Verdicts.ProbeVariant read(Candidate c, RunResults results) {
        if (c.problem() != null) {
            return new Verdicts.ProbeVariant(c.id(), c.kind(), c.description(), "notRun", c.problem(), List.of());
        }
        List<Verdicts.ProbeCell> cells = new ArrayList<>();
        for (String json : results.entries(c.id(), Probe.ENTRY)) {
            Verdicts.ProbeCell cell = cell(json);
            if (cell != null) {
                cells.add(cell);
            }
        }
        String failure = failure(c.id(), results);
        if (failure != null) {
            return new Verdicts.ProbeVariant(c.id(), c.kind(), c.description(), "notRun", failure, cells);
        }
        return new Verdicts.ProbeVariant(c.id(), c.kind(), c.description(), "measured", null, cells);
    }

    /** Why the probe did not finish on this build: its run error, or its test's failure (a step not yet written, say). */
    private String failure(String run, RunResults results) {
        String runError = results.runError(run);
        if (runError != null) {
            return runError;
        }
        for (TestResult r : results.of(run).values()) {
            if (r.status() != TestStatus.PASSED) {
                return judge.detail(r);
            }
        }
        return results.of(run).isEmpty() ? msg.get("probe.nothingRan") : null;
    }

    /** A published cell: its two dimensions and every measure, or null when the value is not one. */
    private Verdicts.ProbeCell cell(String json) {
        try {
            JsonObject o = JsonParser.parseString(json).getAsJsonObject();
            Map<String, Long> counts = new LinkedHashMap<>();
            for (String m : probe.measures()) {
                JsonElement e = o.get(m);
                counts.put(m, e == null || e.isJsonNull() ? 0L : e.getAsLong());
            }
            return new Verdicts.ProbeCell(o.get(probe.rows()).getAsInt(), o.get(probe.columns()).getAsInt(), counts);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
