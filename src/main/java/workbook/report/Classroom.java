package workbook.report;

import workbook.words.Messages;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workbook.compile.SourceDiagnostic;
import workbook.verdict.StepStatus;
import workbook.verdict.TestOutcome;
import workbook.verdict.Verdicts;

/**
 * A check as GitHub Classroom's autograding {@code result}: the v1 JSON that the
 * {@code classroom-resources/autograding-grading-reporter} action reads, base64-encoded, from a step's output.
 * <pre>{"version": 1, "status": "pass|fail|error", "max_score": N,
 *  "tests": [{"name", "status", "score", "max_score", "message", "test_code", "filename", "line_no", "duration"}]}</pre>
 * A step's points are all or nothing, and every entry weighs the same: the stock reporter
 * ({@code classroom-resources/autograding-grading-reporter} v1) sends Classroom Σ {@code tests[].score} out of
 * Σ {@code max_score}, but prints in its log and table, for each lab, (entries that pass ÷ entries) × {@code max_score}.
 * Those two agree only when every entry of a lab has the same {@code max_score} and scores all of it exactly when it
 * passes. So a step becomes {@code points ÷ g} entries of {@code g} points each, {@code g} being the greatest common
 * divisor of the lab's step points (one entry per step when, as in every lab today, each step is worth the same), and
 * they all pass when the step passes. Scores are whole numbers; a compile error scores 0 of the same maximum.
 *
 * <p>What the reporter's log shows of an entry: its name and {@code line_no} (always a number: 0 when there is no
 * line, so the log does not say "line undefined"), then {@code test_code} for every entry, and {@code message} only
 * for an error. So {@code test_code} carries the step's verdict and its first broken clause, then the command to run.
 */
public final class Classroom {
    /** The reporter prints each message in full; a few failing tests say enough. */
    private static final int FAILURES_LISTED = 5;
    private static final int MESSAGE_CHARS = 2_000;
    private static final Pattern FRAME = Pattern.compile("^(.+?):(\\d+)\\b.*");

    private Classroom() {}

    /** The result of {@code check}; {@code points} gives each step number's points. */
    public static String json(Verdicts.Check check, IntUnaryOperator points, Messages msg) {
        int unit = 0;
        for (Verdicts.StepVerdict s : check.steps()) {
            unit = gcd(unit, Math.max(0, points.applyAsInt(s.step())));
        }
        JsonArray tests = new JsonArray();
        int max = 0;
        for (Verdicts.StepVerdict s : check.steps()) {
            int worth = Math.max(0, points.applyAsInt(s.step()));
            max += worth;
            int parts = unit == 0 ? 0 : worth / unit;
            for (int i = 0; i < parts; i++) {
                tests.add(entry(check, s, unit, parts == 1 ? null : (i + 1) + "/" + parts, msg));
            }
        }
        String status = !check.compile().ok() ? "error" : check.ok() ? "pass" : "fail";
        return document(status, max, tests);
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /**
     * The result when there was nothing to grade (the workspace is missing, say): an error worth 0 of {@code maxScore},
     * so a missing submission counts against the grade instead of leaving it out.
     */
    public static String setupError(int maxScore, String message, Messages msg) {
        JsonObject t = new JsonObject();
        t.addProperty("name", msg.get("classroom.setup"));
        t.addProperty("status", "error");
        t.addProperty("score", 0);
        t.addProperty("max_score", Math.max(0, maxScore));
        t.addProperty("message", clip(message));
        t.addProperty("line_no", 0);
        JsonArray tests = new JsonArray();
        tests.add(t);
        return document("error", Math.max(0, maxScore), tests);
    }

    /** The form a workflow puts in {@code $GITHUB_OUTPUT}: base64 of the UTF-8 JSON, on one line. */
    public static String base64(String json) {
        return Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    /** A step's score out of {@code worth}: all of it when the step passes, else none (see the class comment). */
    static int score(Verdicts.StepVerdict s, int worth) {
        return s.status() == StepStatus.PASSED ? worth : 0;
    }

    /** One entry of {@code worth} points for step {@code s}; {@code part} ("2/3") when the step has several. */
    private static JsonObject entry(Verdicts.Check check, Verdicts.StepVerdict s, int worth, String part, Messages msg) {
        JsonObject t = new JsonObject();
        String name = msg.get("classroom.name", s.step(), s.title());
        t.addProperty("name", part == null ? name : name + " (" + part + ")");
        t.addProperty("status", s.status() == StepStatus.PASSED ? "pass" : s.status() == StepStatus.ERROR ? "error" : "fail");
        t.addProperty("score", score(s, worth));
        t.addProperty("max_score", worth);
        String message = message(check, s, msg);
        t.addProperty("message", clip(message));
        // The reporter prints test_code under every entry, and message only for an error: the verdict goes here.
        String command = msg.get("classroom.testCode", s.step());
        t.addProperty("test_code", s.status() == StepStatus.PASSED ? command
                : clip(firstLines(message, 3) + "\n" + command));
        String[] place = place(check, s);
        t.addProperty("filename", place[0]);
        t.addProperty("line_no", place[1] == null ? 0 : Integer.parseInt(place[1]));
        t.addProperty("duration", s.tests().stream().mapToLong(Verdicts.TestVerdict::millis).sum());
        return t;
    }

    /** The first {@code n} lines of a message: the counts, the step's own word, the first broken clause. */
    private static String firstLines(String text, int n) {
        String[] lines = text.split("\n");
        return String.join("\n", java.util.Arrays.asList(lines).subList(0, Math.min(n, lines.length)));
    }

    private static String message(Verdicts.Check check, Verdicts.StepVerdict s, Messages msg) {
        long passed = s.tests().stream().filter(t -> t.status() == TestOutcome.PASSED).count();
        String counts = msg.get("classroom.counts", passed, s.tests().size());
        if (!check.compile().ok()) {
            List<SourceDiagnostic> ds = check.compile().diagnostics();
            return msg.get("check.compileError") + (ds.isEmpty() ? "" : "\n" + ds.get(0));
        }
        if (s.status() == StepStatus.PASSED) {
            return counts;
        }
        if (s.status() == StepStatus.NOT_STARTED) {
            return msg.get("classroom.notStarted", s.step());
        }
        StringBuilder sb = new StringBuilder(counts);
        if (s.reason() != null) {
            sb.append("\n").append(Notes.of(msg, s.reason()));
        }
        List<Verdicts.TestVerdict> bad = s.tests().stream().filter(t -> t.status() != TestOutcome.PASSED).toList();
        bad.stream().limit(FAILURES_LISTED).forEach(t -> sb.append("\n- ").append(t.reason() == null ? msg.text(t.name()) : msg.text(t.reason())));
        if (bad.size() > FAILURES_LISTED) {
            sb.append("\n").append(msg.get("classroom.more", bad.size() - FAILURES_LISTED));
        }
        return sb.toString();
    }

    /**
     * Where to look: the learner file and line of the first failing test's first frame in the learner's code, or of
     * the first compile diagnostic; else the workspace folder and no line.
     */
    private static String[] place(Verdicts.Check check, Verdicts.StepVerdict s) {
        if (!check.compile().ok() && !check.compile().diagnostics().isEmpty()) {
            SourceDiagnostic d = check.compile().diagnostics().get(0);
            return new String[] {d.file(), String.valueOf(d.line())};
        }
        for (Verdicts.TestVerdict t : s.tests()) {
            if (t.status() != TestOutcome.PASSED && t.where() != null && !t.where().isEmpty()) {
                Matcher m = FRAME.matcher(t.where().get(0));
                if (m.matches()) {
                    // The workspace names the learner's file when the lab has one, else their package folder.
                    java.nio.file.Path code = java.nio.file.Path.of(check.workspace());
                    java.nio.file.Path folder = check.workspace().endsWith(".java") ? code.getParent() : code;
                    String file = folder == null ? m.group(1) : folder.resolve(m.group(1)).toString();
                    return new String[] {file, m.group(2)};
                }
            }
        }
        return new String[] {check.workspace(), null};
    }

    private static String document(String status, int max, JsonArray tests) {
        JsonObject o = new JsonObject();
        o.addProperty("version", 1);
        o.addProperty("status", status);
        o.addProperty("max_score", max);
        o.add("tests", tests);
        return new GsonBuilder().disableHtmlEscaping().setPrettyPrinting().create().toJson(o);
    }

    private static String clip(String s) {
        if (s == null || s.length() <= MESSAGE_CHARS) {
            return s;
        }
        return s.substring(0, MESSAGE_CHARS) + "…";
    }
}
