package workbook.cli;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import workbook.verdict.Verdicts;
import workbook.progress.Choice;
import workbook.progress.Overview;
import workbook.progress.Prediction;
import workbook.progress.Progress;
import workbook.progress.Recorder;
import workbook.report.Json;
import workbook.workspace.Workspace;

/**
 * The hooks the grading commands call after their verdict, so each command changes by one line. Recording is
 * never allowed to break a command: any failure becomes a warning on standard error and the command's own result
 * and exit code stay as they were.
 */
final class Recording {
    private Recording() {}

    static Recorder recorder(Lab lab, Workspace ws) {
        return Recorder.of(ws, r -> lab.options.err().println(lab.msg.text(r)));
    }

    /**
     * After {@code check}: records each step's status. A step that passes and has none of the learner's own words
     * yet is asked for them — at a terminal only, and not for {@code --json}; elsewhere a one-line tip names the
     * {@code words} command, once, when the step passes for the first time.
     */
    static void afterCheck(Lab lab, Workspace ws, Verdicts.Check verdict, boolean json) {
        try {
            Recorder recorder = recorder(lab, ws);
            Recorder.Checked checked = recorder.checked(verdict);
            if (json || !recorder.saved()) {
                return; // a tip about recording is no use when nothing could be recorded
            }
            Progress progress = recorder.read();
            boolean allPassed = lab.course.steps().stream().allMatch(st -> progress.step(st.number()).check() != null
                    && "passed".equals(progress.step(st.number()).check().status()));
            if (allPassed && !checked.firstPassed().isEmpty()) {
                closing(lab); // the closing tasks point at words themselves
                return;
            }
            // check never stops to ask (prompts belong to words and predict): one line, at a step's first pass,
            // suggests words N; the board lists the rest.
            List<Integer> first = checked.firstPassed();
            if (!first.isEmpty()) {
                // Several steps passing together are named together; words starts with the first of them.
                String tip = first.size() == 1 ? lab.msg.get("words.tip", first.get(0))
                        : lab.msg.get("words.tipMany", first.get(0), first.stream().map(String::valueOf)
                                .collect(java.util.stream.Collectors.joining(", ")));
                workbook.report.Terminal.fit(tip, 1).forEach(lab.options.out()::println);
            }
        } catch (RuntimeException e) {
            failed(lab, e);
        }
    }

    /** The lab's closing tasks ({@code closing.<lang>.md} beside the opening story), when the last step left passes. */
    private static void closing(Lab lab) {
        java.nio.file.Path file = lab.course.intro().resolve("closing." + lab.msg.lang() + ".md");
        if (!java.nio.file.Files.exists(file)) {
            file = lab.course.intro().resolve("closing.ko.md");
        }
        if (java.nio.file.Files.exists(file)) {
            try {
                lab.options.out().println();
                lab.options.out().println(ShowCommand.lesson(java.nio.file.Files.readString(file, java.nio.charset.StandardCharsets.UTF_8)));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }


    /** After {@code mutants}: records the tallies and compares stored predictions; empty when that failed. */
    static List<Recorder.Compared> afterMutants(Lab lab, Workspace ws, Verdicts.Mutants verdict) {
        try {
            return recorder(lab, ws).mutantsRan(verdict);
        } catch (RuntimeException e) {
            failed(lab, e);
            return List.of();
        }
    }

    /** After {@code reveal} showed the reference: counts it (with the check status the reveal just took). */
    static void afterReveal(Lab lab, Workspace ws, Verdicts.Check verdict, int step) {
        try {
            Recorder recorder = recorder(lab, ws);
            recorder.checked(verdict);
            recorder.revealed(step);
        } catch (RuntimeException e) {
            failed(lab, e);
        }
    }

    /** For the board: records the statuses it just checked, and returns every step's progress beside them. */
    static Overview afterBoard(Lab lab, Workspace ws, Verdicts.Check verdict) {
        Map<Integer, String> now = verdict.steps().stream()
                .collect(Collectors.toMap(Verdicts.StepVerdict::step, v -> v.status().wire(), (a, b) -> b));
        Recorder recorder = recorder(lab, ws);
        Progress progress;
        try {
            recorder.checked(verdict);
            progress = recorder.read();
        } catch (RuntimeException e) {
            failed(lab, e);
            progress = Progress.empty();
        }
        return Overview.of(lab.course, progress, now, Workspace.display(recorder.path()), lab.msg.lang());
    }

    /** The JSON of {@code verdict} with one more field: extra fields keep every tool that reads the old ones working. */
    static String withField(Object verdict, String name, Object value) {
        return withField(verdict, name, value, workbook.words.Messages.of("en"));
    }

    /** {@link #withField}, the verdict's reasons in English through {@code msg}'s lab words. */
    static String withField(Object verdict, String name, Object value, workbook.words.Messages msg) {
        JsonObject o = JsonParser.parseString(Json.of(verdict, msg)).getAsJsonObject();
        o.add(name, JsonParser.parseString(Json.of(value)));
        return Json.of(o);
    }

    /** A prediction beside its comparison, flat, as {@code predict --json} and {@code mutants --json} print it. */
    record PredictionJson(int step, String mutant, Choice choice, String because, String at,
                          Prediction.Comparison comparison, String next) {
        static PredictionJson of(int step, Prediction p, String next) {
            return new PredictionJson(step, p.mutant(), p.choice(), p.because(), p.at(), p.comparison(), next);
        }
    }

    /** The comparisons for {@code mutants --json}. */
    static List<PredictionJson> comparisonsJson(List<Recorder.Compared> compared) {
        return compared.stream().map(c -> PredictionJson.of(c.step(), c.prediction(), null)).toList();
    }

    static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private static void failed(Lab lab, RuntimeException e) {
        lab.options.err().println(lab.msg.get("progress.failed", String.valueOf(e.getMessage())));
    }

    /**
     * Leaves the run's receipt in the workspace ({@code .workbook/<lab>/receipts/}). A workspace that cannot be written
     * (someone else's, read-only) gets none, and one line says so.
     */
    static void receipt(Lab lab, Workspace ws, workbook.receipt.Receipt r) {
        java.nio.file.Path file = workbook.receipt.Receipts.inWorkspace(ws, r);
        try {
            workbook.receipt.Receipts.write(r, file);
        } catch (java.io.IOException | RuntimeException e) {
            lab.options.err().println("workbook: " + lab.msg.get("receipt.notWritten", Workspace.display(file)));
        }
    }
}
