package workbook.watch;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.function.IntConsumer;
import workbook.catalogue.Course;
import workbook.catalogue.Step;
import workbook.grade.Grader;
import workbook.grade.Verdicts;
import workbook.report.Human;
import workbook.report.Messages;
import workbook.workspace.Workspace;

/**
 * The watch loop, rustlings-style: re-checks the current step whenever the learner saves, and answers single keys —
 * n next step, h hint, l list, c check all, q quit. Checks go to a grader whose child JVM stays warm between saves.
 */
public final class WatchSession {
    private final Course course;
    private final Workspace ws;
    private final Grader grader;
    private final Messages msg;
    private final PrintStream out;
    private final IntConsumer hint;
    private int current;
    private Verdicts.Check lastAll;

    /**
     * @param hint shows the next hint of a step (the hint command's own behaviour, so its use is recorded)
     */
    public WatchSession(Course course, Workspace ws, Grader grader, Messages msg, PrintStream out, IntConsumer hint) {
        this.course = course;
        this.ws = ws;
        this.grader = grader;
        this.msg = msg;
        this.out = out;
        this.hint = hint;
    }

    /** Runs until q (or the end of input). Returns the exit status: 0. */
    public int run(InputStream in, boolean terminal, Integer startAt) throws InterruptedException {
        List<java.nio.file.Path> watched = new java.util.ArrayList<>(ws.learnerFiles());
        watched.add(ws.testFile());
        Saves saves = new Saves(watched);
        lastAll = grader.check(ws, course.steps());
        current = startAt != null ? startAt : firstUnfinished(lastAll);
        out.println(msg.get("watch.banner", Workspace.display(ws.code())));
        showCurrent(checkCurrent(), -1);
        grader.warmUp(ws);
        try (Keys keys = new Keys(in, terminal)) {
            while (true) {
                Character key = keys.poll(20);
                if (key != null) {
                    if (!onKey(Character.toLowerCase(key))) {
                        return 0;
                    }
                }
                if (saves.changed()) {
                    long saved = saves.lastSaveMillis();
                    workbook.grade.Timing.mark("watch: save seen " + (System.currentTimeMillis() - saved) + " ms after it");
                    Verdicts.Check v = checkCurrent();
                    showCurrent(v, System.currentTimeMillis() - saved);
                }
            }
        }
    }

    private boolean onKey(char key) {
        switch (key) {
            case 'q' -> {
                out.println(msg.get("watch.bye"));
                return false;
            }
            case 'n' -> {
                if (course.step(current + 1).isPresent()) {
                    current++;
                }
                showCurrent(checkCurrent(), -1);
            }
            case 'h' -> hint.accept(current);
            case 'l' -> list();
            case 'c' -> {
                lastAll = grader.check(ws, course.steps());
                new Human(msg, out).check(lastAll, false);
            }
            default -> out.println(msg.get("watch.keys"));
        }
        return true;
    }

    /** Grades the current step, saying so first, and keeps the full list ({@code l}) in step with what it found. */
    private Verdicts.Check checkCurrent() {
        Step step = course.step(current).orElseThrow();
        out.println(msg.get("watch.grading", current));
        Verdicts.Check v = grader.check(ws, List.of(step));
        if (lastAll != null && !v.steps().isEmpty()) {
            Verdicts.StepVerdict fresh = v.steps().get(0);
            List<Verdicts.StepVerdict> steps = lastAll.steps().stream().map(s -> s.step() == fresh.step() ? fresh : s).toList();
            int passed = (int) steps.stream().filter(s -> s.status() == workbook.grade.StepStatus.PASSED).count();
            lastAll = new Verdicts.Check(lastAll.command(), lastAll.workspace(), lastAll.compile(), steps, passed,
                    lastAll.total(), lastAll.next(), lastAll.lab());
        }
        return v;
    }

    private void showCurrent(Verdicts.Check v, long millisSinceSave) {
        out.println();
        new Human(msg, out).check(v, false);
        if (millisSinceSave >= 0) {
            out.println(msg.get("watch.timing", millisSinceSave));
        }
        Verdicts.StepVerdict s = v.steps().get(0);
        if (s.status() == workbook.grade.StepStatus.PASSED && course.step(current + 1).isPresent()) {
            out.println(msg.get("watch.passed", current, current + 1));
        }
        out.println(msg.get("watch.keys"));
    }

    private void list() {
        for (Verdicts.StepVerdict s : lastAll.steps()) {
            out.printf("  %s %d. %s — %s%n", s.step() == current ? "▶" : " ", s.step(), s.title(), msg.get("status." + s.status().wire()));
        }
    }

    private int firstUnfinished(Verdicts.Check all) {
        return all.steps().stream().filter(s -> s.status() != workbook.grade.StepStatus.PASSED).mapToInt(Verdicts.StepVerdict::step)
                .findFirst().orElse(course.steps().get(course.steps().size() - 1).number());
    }
}
