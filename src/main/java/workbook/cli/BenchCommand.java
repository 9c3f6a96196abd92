package workbook.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import workbook.catalogue.Mutant;
import workbook.grade.Builds;
import workbook.report.BenchView;
import workbook.story.Bench;
import workbook.workspace.AtomicWrite;

@Command(name = "bench", description = {"Measure the reference and the lab's concurrency mutants with 1, 2, 4 and 8 worker processes: grants per second and double grants.",
        "기준 구현과 실습의 동시성 뮤턴트를 워커 프로세스 1, 2, 4, 8개로 잽니다: 초당 부여와 이중 부여."})
final class BenchCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Option(names = "--plot", paramLabel = "FILE", description = "Where to write the SVG (default: the workspace's .workbook/<lab>/bench.svg).")
    Path plot;

    @Override
    public Integer call() throws IOException {
        Lab lab = Lab.open(options);
        Path file = Bench.file(lab.course.lessons());
        if (!Files.exists(file)) {
            throw new Lab.SetupError(lab.msg.get("bench.none"));
        }
        Bench.Spec spec = Bench.read(file);
        Builds builds = lab.builds();
        List<String> shared = new ArrayList<>(builds.given().stream().map(Path::toString).toList());
        shared.add(builds.storyClasses(file.getParent()).toString());
        builds.libraries().forEach(p -> shared.add(p.toString()));
        shared.add(Lab.codeSource(org.sqlite.JDBC.class));
        shared.add(Lab.codeSource(workbook.child.Relay.class));
        Path tmp;
        try {
            tmp = Files.createTempDirectory("workbook-bench-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Bench.Cell> cells;
        try {
            cells = new Bench(lab.sandbox(), lab.workerJava(), tmp).run(spec, variant -> {
                List<String> cp = new ArrayList<>(List.of(classes(lab, builds, variant).toString()));
                cp.addAll(shared);
                return cp;
            }, c -> options.err().println(BenchView.progress(c, lab.msg)));
        } finally {
            workbook.workspace.Folders.deleteQuietly(tmp);
        }
        BenchView.table(spec, cells, lab.msg, options.out());
        Path svg = plot != null ? plot : lab.workspace(options.err()).notes().resolve(lab.course.id()).resolve("bench.svg");
        AtomicWrite.text(svg, BenchView.svg(spec, cells, lab.msg));
        options.out().println(lab.msg.get("bench.plot", svg));
        boolean referenceSound = cells.stream().filter(c -> c.variant().equals(Bench.REFERENCE))
                .allMatch(c -> c.failure() == null && c.doubles() == 0);
        return referenceSound ? 0 : 1;
    }

    private static Path classes(Lab lab, Builds builds, String variant) {
        if (variant.equals(Bench.REFERENCE)) {
            return builds.reference();
        }
        Mutant m = lab.course.mutants().stream().filter(x -> x.id().equals(variant)).findFirst()
                .orElseThrow(() -> new Lab.SetupError("bench.json names a mutant that does not exist: " + variant));
        return builds.mutant(m).classes();
    }


}
