package workbook.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Step;
import workbook.workspace.Backups;
import workbook.workspace.JavaMethods;
import workbook.workspace.Workspace;

@Command(name = "reset", description = {"Restore the skeleton: step N's method, or your whole file. A backup is kept.",
        "뼈대로 되돌립니다: N단계 메서드 하나, 또는 내 파일 전체. 백업을 남깁니다."})
final class ResetCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", arity = "0..1", paramLabel = "N", description = "only step N's method")
    Integer step;

    @Option(names = "--tests", description = "Restore your test class too (only without N).")
    boolean tests;

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        Workspace ws = lab.workspace(options.err());
        if (step == null) {
            for (String f : lab.course.learnerFiles()) {
                restoreWhole(lab, ws, ws.dir().resolve(f), lab.course.skeleton().resolve(f));
            }
            if (tests) {
                restoreWhole(lab, ws, ws.testFile(), lab.course.skeletonTestSource());
            }
            return 0;
        }
        Step s = Steps.one(lab, step);
        Path file = ws.dir().resolve(lab.course.learnerFileOf(s));
        String skeleton = read(lab.course.skeleton().resolve(lab.course.learnerFileOf(s)));
        String restored = read(file);
        for (String method : s.methods()) {
            JavaMethods.Span theirs = JavaMethods.find(restored, method).orElse(null);
            if (theirs == null) {
                options.err().println(lab.msg.get("reset.methodNotFound", method, Workspace.display(file)));
                return 2;
            }
            JavaMethods.Span fresh = JavaMethods.find(skeleton, method).orElseThrow();
            restored = restored.substring(0, theirs.start()) + fresh.of(skeleton) + restored.substring(theirs.end());
        }
        Path backup = Backups.keep(ws, file);
        write(file, restored);
        options.out().println(lab.msg.get("reset.method", String.join(", ", s.methods()), Workspace.display(backup)));
        return 0;
    }

    private static void restoreWhole(Lab lab, Workspace ws, Path file, Path skeleton) {
        Path backup = Files.exists(file) ? Backups.keep(ws, file) : null;
        write(file, read(skeleton));
        lab.options.out().println(lab.msg.get("reset.file", Workspace.display(file),
                backup == null ? "-" : Workspace.display(backup)));
    }

    private static String read(Path p) {
        return workbook.workspace.SourceText.of(p);
    }

    private static void write(Path p, String text) {
        try {
            // A reset killed half-way must leave the old file or the new one, never an empty one.
            workbook.workspace.AtomicWrite.text(p, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
