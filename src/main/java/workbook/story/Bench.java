package workbook.story;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import workbook.catalogue.Text;
import workbook.run.Sandbox;

/**
 * A lab's measurement with processes ({@code _bench/bench.json}): for each variant (the reference, and the mutants it
 * names with their workloads), each workload, each backend and each number of worker processes, a fresh set-up, that
 * many worker JVMs started and told to go at once, and a count of what the ledger holds. Each cell is played as a
 * {@link Script} by a {@link Conductor}; the rate is the grants over the time from the first worker's start to the
 * last one's end.
 */
public final class Bench {
    /** Where the measurement is, beside a lab's steps. */
    public static Path file(Path lessons) {
        return lessons.resolve("_bench").resolve("bench.json");
    }

    public record Backend(String id, Text label, String where, boolean shared, boolean variants) {}

    public record Spec(String main, List<Integer> sizes, int jobs, List<Backend> backends, Map<String, Text> workloads,
                       Map<String, List<String>> variants) {}

    /** One measured cell; {@code failure} when it could not be measured (then the numbers are 0). */
    public record Cell(String variant, String workload, String backend, int workers, double rate, long grants,
                       long doubles, long errors, String failure) {}

    public static final String REFERENCE = "reference";

    private final Sandbox sandbox;
    private final List<String> java;
    private final Path tmp;

    public Bench(Sandbox sandbox, List<String> java, Path tmp) {
        this.sandbox = sandbox;
        this.java = List.copyOf(java);
        this.tmp = tmp;
    }

    public static Spec read(Path file) {
        JsonObject o;
        try {
            o = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8)).getAsJsonObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Integer> sizes = new ArrayList<>();
        o.getAsJsonArray("sizes").forEach(e -> sizes.add(e.getAsInt()));
        List<Backend> backends = new ArrayList<>();
        o.getAsJsonObject("backends").entrySet().forEach(e -> {
            JsonObject b = e.getValue().getAsJsonObject();
            backends.add(new Backend(e.getKey(), Script.text(b), b.get("where").getAsString(), b.get("shared").getAsBoolean(),
                    b.get("variants").getAsBoolean()));
        });
        Map<String, Text> workloads = new LinkedHashMap<>();
        o.getAsJsonObject("workloads").entrySet().forEach(e -> workloads.put(e.getKey(), Script.text(e.getValue().getAsJsonObject())));
        Map<String, List<String>> variants = new LinkedHashMap<>();
        variants.put(REFERENCE, List.copyOf(workloads.keySet()));
        o.getAsJsonObject("variants").entrySet().forEach(e -> {
            List<String> w = new ArrayList<>();
            e.getValue().getAsJsonArray().forEach(x -> w.add(x.getAsString()));
            variants.put(e.getKey(), List.copyOf(w));
        });
        return new Spec(o.get("main").getAsString(), List.copyOf(sizes), o.get("jobs").getAsInt(), List.copyOf(backends),
                workloads, variants);
    }


    /**
     * Measures every cell of {@code spec}, in order, telling {@code each} as each cell is done.
     *
     * @param classpath a variant's class path (the reference's or a mutant's classes first)
     */
    public List<Cell> run(Spec spec, Function<String, List<String>> classpath, Consumer<Cell> each) {
        List<Cell> cells = new ArrayList<>();
        for (Map.Entry<String, List<String>> v : spec.variants().entrySet()) {
            List<String> cp = classpath.apply(v.getKey());
            for (String workload : v.getValue()) {
                for (Backend b : spec.backends()) {
                    if (!v.getKey().equals(REFERENCE) && !b.variants()) {
                        continue;
                    }
                    for (int n : spec.sizes()) {
                        Cell c = cell(spec, cp, v.getKey(), workload, b, n);
                        cells.add(c);
                        each.accept(c);
                    }
                }
            }
        }
        return cells;
    }

    private Cell cell(Spec spec, List<String> cp, String variant, String workload, Backend b, int n) {
        Map<String, List<String>> workers = new LinkedHashMap<>();
        List<Script.Act> acts = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            String w = "W" + i;
            workers.put(w, List.of("work", b.id(), b.where(), w, workload));
            acts.add(new Script.Act(Script.Kind.START, w, null, 0, null, null));
        }
        workers.keySet().forEach(w -> acts.add(new Script.Act(Script.Kind.AWAIT, w, "ready", 0, null, null)));
        workers.keySet().forEach(w -> acts.add(new Script.Act(Script.Kind.SEND, w, "go", 0, null, null)));
        workers.keySet().forEach(w -> acts.add(new Script.Act(Script.Kind.EXIT, w, null, 0, null, null)));
        Script script = new Script(Text.same("bench"), spec.main(),
                List.of("setup", b.id(), b.where(), String.valueOf(spec.jobs())), workers, acts,
                List.of("count", b.id(), b.where()), Map.of());
        Conductor.Play play = new Conductor(sandbox, java, cp, tmp, b.shared()).play(script);
        return read(play, variant, workload, b.id(), n);
    }

    /** A cell from what its workers and the last look reported. */
    static Cell read(Conductor.Play play, String variant, String workload, String backend, int n) {
        List<Conductor.Moment> done = play.moments().stream().filter(m -> m.event().equals("done")).toList();
        Map<String, String> counts = play.last().stream().filter(m -> m.event().equals("counts")).findFirst()
                .map(Conductor.Moment::fields).orElse(null);
        if (play.stopped() != null || done.size() != n || counts == null) {
            String why = play.stopped() != null ? play.stopped() : done.size() + " of " + n + " workers finished";
            String out = play.output().isEmpty() ? "" : ": " + play.output().get(play.output().size() - 1);
            return new Cell(variant, workload, backend, n, 0, 0, 0, 0, why + out);
        }
        long start = done.stream().mapToLong(m -> Long.parseLong(m.fields().get("start"))).min().orElse(0);
        long end = done.stream().mapToLong(m -> Long.parseLong(m.fields().get("end"))).max().orElse(0);
        long grants = Long.parseLong(counts.get("grants"));
        long errors = done.stream().mapToLong(m -> Long.parseLong(m.fields().getOrDefault("errors", "0"))).sum();
        double rate = grants * 1000.0 / Math.max(1, end - start);
        return new Cell(variant, workload, backend, n, rate, grants, Long.parseLong(counts.get("double")), errors, null);
    }
}
