package workbook.watch;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.function.IntConsumer;
import workbook.catalogue.Course;
import workbook.catalogue.Step;
import workbook.grade.Grader;
import workbook.verdict.Reason;
import workbook.verdict.Verdicts;
import workbook.report.Human;
import workbook.words.Messages;
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

    /** What a check in progress is about: every step (start-up, {@code c}) or the current one (a save, {@code n}). */
    private enum Scope { ALL_THEN_CURRENT, ALL, CURRENT }

    /** The check in progress, in the background so keys and saves are answered while it runs; null when idle. */
    private java.util.concurrent.CompletableFuture<Verdicts.Check> running;
    private Scope runningScope;
    private long runningSaved = -1;
    /** A save seen while a check ran (its time), graded when that check ends; -1 when none waits. */
    private long pendingSave = -1;

    /**
     * Runs until q (or the end of input). Returns the exit status: 0. Every check runs in the background, so a key does
     * what it says at once (q quits, h shows a hint, n and c start another check), and a save during a check is graded
     * right after it (never lost, never graded twice at once).
     */
    public int run(InputStream in, boolean terminal, Integer startAt) throws InterruptedException {
        List<java.nio.file.Path> watched = new java.util.ArrayList<>(ws.learnerFiles());
        watched.add(ws.testFile());
        Saves saves = new Saves(watched);
        out.println(msg.get("watch.banner", Workspace.display(ws.code())));
        this.startAt = startAt;
        start(Scope.ALL_THEN_CURRENT, -1);
        try (Keys keys = new Keys(in, terminal)) {
            while (true) {
                Character key = keys.poll(20);
                if (key != null && !onKey(Character.toLowerCase(key))) {
                    stop();
                    return 0;
                }
                if (saves.changed()) {
                    long saved = saves.lastSaveMillis();
                    workbook.run.Timing.mark("watch: save seen " + (System.currentTimeMillis() - saved) + " ms after it");
                    if (running != null) {
                        pendingSave = saved; // graded when the check in progress ends
                    } else {
                        start(current == 0 ? Scope.ALL_THEN_CURRENT : Scope.CURRENT, saved);
                    }
                }
                if (running != null && running.isDone()) {
                    finished();
                }
            }
        } finally {
            stop();
        }
    }

    private Integer startAt;

    private void start(Scope scope, long saved) {
        runningScope = scope;
        runningSaved = saved;
        if (scope == Scope.CURRENT) {
            out.println(msg.get("watch.grading", current));
        } else {
            out.println(msg.get("watch.gradingAll"));
        }
        Step step = scope == Scope.CURRENT ? course.step(current).orElseThrow() : null;
        running = java.util.concurrent.CompletableFuture.supplyAsync(() -> grader.check(ws, step == null ? course.steps() : List.of(step)));
    }

    /** Stops the check in progress, if any, and waits for it to let go of its child JVMs. */
    private void stop() {
        if (running != null && !running.isDone()) {
            grader.abort();
            try {
                running.join();
            } catch (RuntimeException e) {
                // an aborted check may end either way; its result is dropped
            }
        }
        running = null;
    }

    private void finished() {
        Verdicts.Check v;
        try {
            v = running.join();
        } catch (RuntimeException e) {
            running = null;
            out.println(String.valueOf(e.getCause() != null ? e.getCause().getMessage() : e.getMessage()));
            return;
        }
        running = null;
        long waiting = pendingSave;
        pendingSave = -1;
        if (waiting >= 0 && runningScope == Scope.CURRENT) {
            // The file changed while this check ran: its verdict is of the old file. Grade the new one instead.
            start(Scope.CURRENT, waiting);
            return;
        }
        switch (runningScope) {
            case ALL_THEN_CURRENT -> {
                lastAll = v;
                if (current == 0) {
                    current = startAt != null ? startAt : firstUnfinished(v);
                    grader.warmUp(ws);
                }
                start(Scope.CURRENT, waiting >= 0 ? waiting : runningSaved);
            }
            case ALL -> {
                lastAll = v;
                new Human(msg, out).check(forWatch(v), false);
                out.println(msg.get("watch.keys"));
                if (waiting >= 0) {
                    start(Scope.CURRENT, waiting);
                }
            }
            case CURRENT -> {
                remember(v);
                showCurrent(v, runningSaved >= 0 ? System.currentTimeMillis() - runningSaved : -1);
            }
        }
    }

    private boolean onKey(char key) {
        boolean busy = running != null && !running.isDone();
        if (busy && (key == 'n' || key == 'c')) {
            // Another check asked for: the one in progress gives way to it.
            stop();
            pendingSave = -1;
            if (current == 0) {
                current = startAt != null ? startAt : course.steps().get(0).number();
            }
        }
        switch (key) {
            case 'q' -> {
                out.println(msg.get("watch.bye"));
                return false;
            }
            case 'n' -> {
                if (course.step(current + 1).isPresent()) {
                    current++;
                }
                start(Scope.CURRENT, -1);
            }
            case 'h' -> hint.accept(current == 0 ? (startAt != null ? startAt : course.steps().get(0).number()) : current);
            case 'l' -> list();
            case 'c' -> start(Scope.ALL, -1);
            default -> out.println(msg.get("watch.keys"));
        }
        return true;
    }

    /** Keeps the full list ({@code l}) in step with what a check of the current step found. */
    private void remember(Verdicts.Check v) {
        if (lastAll != null && !v.steps().isEmpty()) {
            Verdicts.StepVerdict fresh = v.steps().get(0);
            List<Verdicts.StepVerdict> steps = lastAll.steps().stream().map(s -> s.step() == fresh.step() ? fresh : s).toList();
            int passed = (int) steps.stream().filter(s -> s.status() == workbook.verdict.StepStatus.PASSED).count();
            lastAll = new Verdicts.Check(lastAll.command(), lastAll.workspace(), lastAll.compile(), steps, passed,
                    lastAll.total(), lastAll.next(), lastAll.lab());
        }
    }

    /**
     * The verdict as watch words its last line: after a compile error, save again (watch re-checks by itself); after a
     * pass, the one line that says how to move on.
     */
    private Verdicts.Check forWatch(Verdicts.Check v) {
        Reason next = v.next();
        if (!v.compile().ok()) {
            next = Reason.of("watch.saveAgain");
        } else if (v.steps().size() == 1 && v.steps().get(0).status() == workbook.verdict.StepStatus.PASSED
                && course.step(current + 1).isPresent()) {
            next = Reason.of("watch.passed", current, current + 1);
        }
        return new Verdicts.Check(v.command(), v.workspace(), v.compile(), v.steps(), v.passed(), v.total(), next, v.lab());
    }

    private void showCurrent(Verdicts.Check v, long millisSinceSave) {
        out.println();
        new Human(msg, out).check(forWatch(v), false);
        if (millisSinceSave >= 0) {
            out.println(msg.get("watch.timing", millisSinceSave));
        }
        out.println(msg.get("watch.keys"));
    }

    private void list() {
        if (lastAll == null) {
            out.println(msg.get("watch.keys"));
            return;
        }
        for (Verdicts.StepVerdict s : lastAll.steps()) {
            out.printf("  %s %d. %s — %s%n", s.step() == current ? "▶" : " ", s.step(), msg.text(s.title()), msg.get("status." + s.status().wire()));
        }
    }

    private int firstUnfinished(Verdicts.Check all) {
        return all.steps().stream().filter(s -> s.status() != workbook.verdict.StepStatus.PASSED).mapToInt(Verdicts.StepVerdict::step)
                .findFirst().orElse(course.steps().get(course.steps().size() - 1).number());
    }
}
