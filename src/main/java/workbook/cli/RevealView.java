package workbook.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import workbook.catalogue.Mutant;
import workbook.catalogue.Step;
import workbook.grade.Grader;
import workbook.verdict.Verdicts;
import workbook.report.LineDiff;
import workbook.report.Terminal;
import workbook.workspace.Flipper;
import workbook.workspace.JavaMethods;
import workbook.workspace.Workspace;

/** What reveal shows once a step passes: the two methods with their differences, and the flip exercise. */
final class RevealView {
    private final Lab lab;
    private final PrintStream out;
    private final Terminal term = new Terminal();

    RevealView(Lab lab, PrintStream out) {
        this.lab = lab;
        this.out = out;
    }

    /**
     * The step's methods, each as a diff from the learner's to the reference's: {@code -} only in yours, {@code +} only
     * in the reference, {@code ~} a line changed in a few words ({@code [-yours-]{+reference+}}, or red and green at a
     * terminal). Only the methods the skeleton has are shown: nothing of the reference the learner never saw.
     */
    void diff(Step s, Workspace ws) {
        String file = lab.course.learnerFileOf(s);
        String reference = read(lab.course.reference().resolve(file));
        String skeleton = read(lab.course.skeleton().resolve(file));
        String mine = read(ws.dir().resolve(file));
        out.println(lab.msg.get(Terminal.styled() ? "reveal.legend.color" : "reveal.legend"));
        for (String method : s.methods()) {
            if (JavaMethods.find(skeleton, method).isEmpty()) {
                continue;
            }
            String theirs = method(reference, method);
            String yours = method(mine, method);
            out.println(term.bold(lab.msg.get("reveal.header", s.number(), method)));
            List<LineDiff.Line> lines = LineDiff.of(yours, theirs);
            if (lines.stream().allMatch(l -> l.mark() == LineDiff.Mark.SAME)) {
                out.println(lab.msg.get("reveal.same", method));
            }
            lines.forEach(l -> out.println(line(l)));
            out.println();
        }
        List<Mutant> flips = flippable(s);
        if (!flips.isEmpty()) {
            out.println(lab.msg.get("reveal.flipOffer", s.number(), flips.get(0).id()));
        }
    }

    /** The method's text as it stands in its class, its indentation taken off (nothing when it is not there). */
    private static String method(String source, String name) {
        return JavaMethods.find(source, name).map(span -> {
            int lineStart = source.lastIndexOf('\n', span.start() - 1) + 1;
            boolean own = source.substring(lineStart, span.start()).isBlank();
            return dedent(source.substring(own ? lineStart : span.start(), span.end()));
        }).orElse("");
    }

    private static String dedent(String text) {
        int common = text.lines().filter(l -> !l.isBlank())
                .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
        return String.join("\n", text.lines().map(l -> l.isBlank() ? "" : l.substring(common)).toList());
    }

    /** One diff line: plain marks in a file or a pipe, colours at a terminal. */
    private String line(LineDiff.Line l) {
        if (!Terminal.styled()) {
            return l.plain();
        }
        return switch (l.mark()) {
            case SAME -> l.plain();
            case OLD -> term.red(l.plain());
            case NEW -> term.green(l.plain());
            case CHANGED -> {
                StringBuilder s = new StringBuilder(term.dim("~") + " ");
                for (LineDiff.Piece p : l.pieces()) {
                    s.append(switch (p.kind()) {
                        case SAME -> p.text();
                        case OLD -> term.red(p.text());
                        case NEW -> term.green(p.text());
                    });
                }
                yield s.toString();
            }
        };
    }

    /**
     * Puts the mutant's bug into a copy of the learner's code and runs every official test on it: the tests that now
     * fail are the ones that guard this line. The learner's file is not touched.
     */
    int flip(Step s, Workspace ws, String mutantId) {
        List<Mutant> candidates = flippable(s);
        Optional<Mutant> chosen = mutantId == null ? candidates.stream().findFirst()
                : lab.course.mutants().stream().filter(m -> m.id().equals(mutantId)).findFirst();
        if (chosen.isEmpty()) {
            throw new Lab.SetupError(lab.msg.get("reveal.noFlip", s.number()));
        }
        Mutant m = chosen.get();
        String mine = read(ws.dir().resolve(lab.course.learnerFileOf(s)));
        Optional<Flipper.Flipped> flipped = Flipper.flip(mine, s.method(), m);
        out.println(term.bold(lab.msg.get("reveal.flipTitle", m.id(), m.description().in(lab.msg.lang()))));
        if (flipped.isEmpty()) {
            out.println(lab.msg.get("reveal.flipByHand", s.method(), s.number()));
            return 1;
        }
        out.println("  - " + flipped.get().before());
        out.println("  + " + flipped.get().after());
        Path copy = null;
        try {
            copy = workbook.workspace.Folders.scratch(lab.host.tmp(), "workbook-flip-");
            Workspace scratch = new Workspace(copy, lab.course);
            Files.createDirectories(scratch.jobsFile().getParent());
            for (String f : lab.course.learnerFiles()) {  // the learner's files, with the step's one flipped
                Path target = copy.resolve(f);
                if (f.equals(lab.course.learnerFileOf(s))) {
                    Files.writeString(target, flipped.get().source(), StandardCharsets.UTF_8);
                } else {
                    Files.copy(ws.dir().resolve(f), target);
                }
            }
            Grader grader = lab.grader();
            Verdicts.Check before = grader.check(ws, lab.course.steps());
            Verdicts.Check after = grader.check(scratch, lab.course.steps());
            int newlyFailing = 0;
            for (int i = 0; i < after.steps().size(); i++) {
                Verdicts.StepVerdict was = before.steps().get(i);
                for (Verdicts.TestVerdict t : after.steps().get(i).tests()) {
                    boolean passedBefore = was.tests().stream().anyMatch(b -> b.id().equals(t.id()) && b.status() == workbook.verdict.TestOutcome.PASSED);
                    if (passedBefore && t.status() != workbook.verdict.TestOutcome.PASSED) {
                        newlyFailing++;
                        out.println("  " + term.red("✗") + " " + t.id());
                        out.println("      " + lab.msg.text(t.reason()));
                    }
                }
            }
            out.println(newlyFailing == 0 ? lab.msg.get("reveal.flipSurvived")
                    : lab.msg.get("reveal.flipCaught", newlyFailing));
            return 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            workbook.workspace.Folders.deleteQuietly(copy);
        }
    }

    /** The step's mutants that know how to find their line in a learner's code, worksheet ones first. */
    private List<Mutant> flippable(Step s) {
        return lab.course.mutantsOf(s.number()).stream().filter(m -> !m.flips().isEmpty())
                .sorted(Comparator.comparing((Mutant m) -> !m.fromWorksheet())).toList();
    }

    private static String read(Path p) {
        return workbook.workspace.SourceText.of(p);
    }

}
