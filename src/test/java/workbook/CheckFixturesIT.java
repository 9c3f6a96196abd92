package workbook;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden-file tests of {@code workbook check}: every folder under {@code fixtures/check/} holds a learner's
 * {@code lease/Jobs.java} (the reference with one planted change) and {@code expected.json}, the verdict essentials
 * the runner must produce for it. The keys of expected.json are described in {@code fixtures/README.md}.
 */
class CheckFixturesIT {
    private static final int DEFAULT_MAX_SECONDS = 120;

    @TempDir Path tmp;

    static Stream<String> fixtures() {
        return WorkbookRun.cases("check");
    }

    /**
     * Every third fixture; {@link CheckFixturesOtherHalfIT} and {@link CheckFixturesThirdIT} take the others, so
     * three test JVMs share them from the start and the shorter classes fill in after.
     */
    static Stream<String> firstHalf() {
        return third(0);
    }

    static Stream<String> secondHalf() {
        return third(1);
    }

    static Stream<String> third(int which) {
        List<String> all = fixtures().toList();
        return java.util.stream.IntStream.range(0, all.size()).filter(i -> i % 3 == which).mapToObj(all::get);
    }

    @ParameterizedTest(name = "check {0}")
    @MethodSource("firstHalf")
    void verdictMatchesTheFixture(String name) {
        verdictMatches(name, tmp);
    }

    /** Runs {@code check} on one fixture and fails with every difference from its expected.json. */
    static void verdictMatches(String name, Path tmp) {
        Path fixture = WorkbookRun.fixtures("check").resolve(name);
        JsonObject expected = WorkbookRun.expected(fixture);
        WorkbookRun.Result r = check(fixture, tmp);
        List<String> problems = compare(expected, r);
        int max = expected.has("maxSeconds") ? expected.get("maxSeconds").getAsInt() : DEFAULT_MAX_SECONDS;
        if (r.took().toSeconds() > max) {
            problems.add("took " + r.took().toSeconds() + " s, more than the bound of " + max + " s");
        }
        report(name, expected, r, problems);
    }

    /** Guards the fixture set itself: enough broken learner files, and each a real verdict, not a crash. */
    @Test
    void thereAreEnoughFixtures() {
        List<String> names = fixtures().toList();
        assertTrue(names.size() >= 30, "expected at least 30 check fixtures, found " + names);
    }

    /**
     * The fixtures run with the launcher's jar-only class path ({@link WorkbookRun#runAsLauncher}); this one runs with
     * Maven's own class path (directories), as a plain {@code Main.run} call from any test does, and must get the same
     * verdict.
     */
    @Test
    void mavensClassPathGivesTheSameVerdict() {
        Path fixture = WorkbookRun.fixtures("check").resolve("claim-keeps-the-fence");
        Path ws = WorkbookRun.workspace(fixture, tmp.resolve("ws"));
        WorkbookRun.Result r = WorkbookRun.run("check", "--workspace", ws.toString(), "--json", "--lang", "en");
        report("claim-keeps-the-fence (Maven's class path)", WorkbookRun.expected(fixture), r,
                compare(WorkbookRun.expected(fixture), r));
    }

    // ---- Runner bugs found by these fixtures. Once fixed, a fixture's knownBug expectations move into the
    // fixture itself (system-exit-3, system-exit-75 and static-initializer-fails did), so each runs once.

    @Test
    void loopsElsewhereDoNotBlameReleaseForAWallClockLimit() {
        knownBug("check-known-bugs", "endless-loops-in-six-methods");
    }

    /**
     * Runs the expectations under {@code knownBug} in a fixture: what the runner should do once fixed. Like every
     * fixture it runs with the launcher's class path; under Maven's class path a child's System.exit status is masked
     * (see {@link WorkbookRun#runAsLauncher}), which would hide the two exit-status bugs.
     */
    private void knownBug(String kind, String name) {
        Path fixture = WorkbookRun.fixtures(kind).resolve(name);
        JsonObject expected = WorkbookRun.expected(fixture).getAsJsonObject("knownBug");
        WorkbookRun.Result r = check(fixture, tmp);
        report(name + " (knownBug)", expected, r, compare(expected, r));
    }

    /** {@code check --json} on the fixture's workspace, plus the fixture's own {@code args} (e.g. a smaller time budget). */
    private static WorkbookRun.Result check(Path fixture, Path tmp) {
        Path ws = WorkbookRun.workspace(fixture, tmp.resolve("ws"));
        List<String> args = new ArrayList<>(List.of("check", "--workspace", ws.toString(), "--json", "--lang", "en"));
        JsonObject expected = WorkbookRun.expected(fixture);
        if (expected.has("args")) {
            expected.getAsJsonArray("args").forEach(a -> args.add(a.getAsString()));
        }
        return WorkbookRun.runAsLauncher(args.toArray(String[]::new));
    }

    private static void report(String name, JsonObject expected, WorkbookRun.Result r, List<String> problems) {
        if (!problems.isEmpty()) {
            String about = expected.has("about") ? text(expected, "about") : text(expected, "reason");
            fail("fixture check/" + name + " (" + about + "):\n  - " + String.join("\n  - ", problems) + "\n"
                    + r.describe());
        }
    }

    /** Every difference between the expectations and the verdict, in words. */
    static List<String> compare(JsonObject exp, WorkbookRun.Result r) {
        List<String> problems = new ArrayList<>();
        JsonObject v = r.json();
        if (!"check".equals(text(v, "command"))) {
            problems.add("command is " + v.get("command") + ", not \"check\"");
        }
        if (exp.has("exit") && exp.get("exit").getAsInt() != r.exit()) {
            problems.add("exit code " + r.exit() + ", expected " + exp.get("exit").getAsInt());
        }
        compareCompile(exp, v, problems);
        Map<String, JsonObject> steps = steps(v);
        Map<String, JsonObject> tests = tests(v);

        if (exp.has("steps")) {
            for (Map.Entry<String, JsonElement> e : exp.getAsJsonObject("steps").entrySet()) {
                JsonObject step = steps.get(e.getKey());
                String want = e.getValue().getAsString();
                if (step == null) {
                    problems.add("step " + e.getKey() + " is missing from the verdict");
                } else if (!want.equals(text(step, "status"))) {
                    problems.add("step " + e.getKey() + " is " + text(step, "status") + ", expected " + want
                            + failingSummary(step));
                }
            }
        }
        if (exp.has("stepMessage")) {
            for (Map.Entry<String, JsonElement> e : exp.getAsJsonObject("stepMessage").entrySet()) {
                JsonObject step = steps.get(e.getKey());
                String msg = step == null ? null : text(step, "message");
                if (msg == null || !msg.contains(e.getValue().getAsString())) {
                    problems.add("step " + e.getKey() + " message " + quote(msg) + " does not contain "
                            + quote(e.getValue().getAsString()));
                }
            }
        }
        if (exp.has("everyTest")) {
            for (Map.Entry<String, JsonElement> e : exp.getAsJsonObject("everyTest").entrySet()) {
                JsonObject step = steps.get(e.getKey());
                JsonObject want = e.getValue().getAsJsonObject();
                if (step == null || step.getAsJsonArray("tests").isEmpty()) {
                    problems.add("step " + e.getKey() + " has no tests in the verdict");
                    continue;
                }
                for (JsonElement t : step.getAsJsonArray("tests")) {
                    checkTest(t.getAsJsonObject(), want, problems);
                }
            }
        }
        if (exp.has("tests")) {
            for (Map.Entry<String, JsonElement> e : exp.getAsJsonObject("tests").entrySet()) {
                JsonObject t = tests.get(e.getKey());
                if (t == null) {
                    problems.add("test " + e.getKey() + " is missing from the verdict");
                } else {
                    checkTest(t, e.getValue().getAsJsonObject(), problems);
                }
            }
        }
        if (exp.has("failing")) {
            for (Map.Entry<String, JsonElement> e : exp.getAsJsonObject("failing").entrySet()) {
                JsonObject t = tests.get(e.getKey());
                if (t == null) {
                    problems.add("test " + e.getKey() + " is missing from the verdict");
                    continue;
                }
                if ("passed".equals(text(t, "status"))) {
                    problems.add("test " + e.getKey() + " passed, but it must fail");
                } else if (text(t, "message") == null || !text(t, "message").contains(e.getValue().getAsString())) {
                    problems.add("test " + e.getKey() + " message " + quote(text(t, "message")) + " does not contain "
                            + quote(e.getValue().getAsString()));
                }
            }
        }
        if (exp.has("someTestSays")) {
            for (Map.Entry<String, JsonElement> e : exp.getAsJsonObject("someTestSays").entrySet()) {
                JsonObject step = steps.get(e.getKey());
                String want = e.getValue().getAsString();
                boolean said = step != null && step.getAsJsonArray("tests").asList().stream()
                        .map(t -> text(t.getAsJsonObject(), "message")).anyMatch(m -> m != null && m.contains(want));
                if (!said) {
                    problems.add("no test of step " + e.getKey() + " says " + quote(want));
                }
            }
        }
        if (exp.has("someFailing")) {
            List<String> ids = new ArrayList<>();
            exp.getAsJsonArray("someFailing").forEach(id -> ids.add(id.getAsString()));
            boolean any = ids.stream().map(tests::get).anyMatch(t -> t != null && !"passed".equals(text(t, "status")));
            if (!any) {
                problems.add("none of " + ids + " failed");
            }
        }
        // Invariants of every check verdict: passed counts agree, a failed step names a failing test or says why.
        long passed = steps.values().stream().filter(s -> "passed".equals(text(s, "status"))).count();
        if (v.has("passed") && v.get("passed").getAsLong() != passed) {
            problems.add("\"passed\" is " + v.get("passed") + " but " + passed + " steps have status passed");
        }
        for (JsonObject s : steps.values()) {
            String status = text(s, "status");
            boolean someTestBad = s.getAsJsonArray("tests").asList().stream()
                    .anyMatch(t -> !"passed".equals(text(t.getAsJsonObject(), "status")));
            if (!"passed".equals(status) && !someTestBad && text(s, "message") == null) {
                problems.add("step " + s.get("step") + " is " + status + " without a failing test or a message");
            }
            if ("passed".equals(status) && someTestBad) {
                problems.add("step " + s.get("step") + " is passed although one of its tests is not");
            }
        }
        return problems;
    }

    private static void checkTest(JsonObject t, JsonObject want, List<String> problems) {
        String id = text(t, "id");
        String message = text(t, "message");
        if (want.has("status") && !want.get("status").getAsString().equals(text(t, "status"))) {
            problems.add("test " + id + " is " + text(t, "status") + ", expected " + want.get("status").getAsString()
                    + " (" + quote(message) + ")");
        }
        if (want.has("messageContains")
                && (message == null || !message.contains(want.get("messageContains").getAsString()))) {
            problems.add("test " + id + " message " + quote(message) + " does not contain "
                    + quote(want.get("messageContains").getAsString()));
        }
        if (want.has("messageLacks") && message != null && message.contains(want.get("messageLacks").getAsString())) {
            problems.add("test " + id + " message " + quote(message) + " should not mention "
                    + quote(want.get("messageLacks").getAsString()));
        }
        if (want.has("whereContains")) {
            String frame = want.get("whereContains").getAsString();
            boolean found = t.has("where") && t.get("where").isJsonArray() && t.getAsJsonArray("where").asList().stream()
                    .anyMatch(w -> w.getAsString().contains(frame));
            if (!found) {
                problems.add("test " + id + " names no frame containing " + quote(frame) + ": " + t.get("where"));
            }
        }
    }

    static void compareCompile(JsonObject exp, JsonObject v, List<String> problems) {
        JsonObject compile = v.getAsJsonObject("compile");
        if (!exp.has("compile")) {
            if (compile != null && !compile.get("ok").getAsBoolean()) {
                problems.add("unexpected compile error: " + compile.get("diagnostics"));
            }
            return;
        }
        JsonObject want = exp.getAsJsonObject("compile");
        boolean ok = want.get("ok").getAsBoolean();
        if (compile == null || compile.get("ok").getAsBoolean() != ok) {
            problems.add("compile.ok is " + (compile == null ? "missing" : compile.get("ok")) + ", expected " + ok);
            return;
        }
        if (ok) {
            return;
        }
        JsonArray diagnostics = compile.getAsJsonArray("diagnostics");
        if (diagnostics.isEmpty()) {
            problems.add("a failed compile without diagnostics");
            return;
        }
        JsonObject d = diagnostics.get(0).getAsJsonObject();
        String file = text(d, "file");
        if (want.has("file") && (file == null || !file.replace('\\', '/').endsWith(want.get("file").getAsString()))) {
            problems.add("diagnostic file " + quote(file) + " does not end with " + want.get("file"));
        }
        for (String key : List.of("line", "column")) {
            if (want.has(key) && d.get(key).getAsLong() != want.get(key).getAsLong()) {
                problems.add("diagnostic " + key + " is " + d.get(key) + ", expected " + want.get(key));
            }
        }
        if (want.has("messageContains") && !String.valueOf(text(d, "message")).contains(want.get("messageContains").getAsString())) {
            problems.add("diagnostic message " + quote(text(d, "message")) + " does not contain " + want.get("messageContains"));
        }
    }

    private static Map<String, JsonObject> steps(JsonObject v) {
        Map<String, JsonObject> out = new LinkedHashMap<>();
        for (JsonElement s : v.getAsJsonArray("steps")) {
            out.put(s.getAsJsonObject().get("step").getAsString(), s.getAsJsonObject());
        }
        return out;
    }

    private static Map<String, JsonObject> tests(JsonObject v) {
        Map<String, JsonObject> out = new LinkedHashMap<>();
        for (JsonElement s : v.getAsJsonArray("steps")) {
            for (JsonElement t : s.getAsJsonObject().getAsJsonArray("tests")) {
                out.put(text(t.getAsJsonObject(), "id"), t.getAsJsonObject());
            }
        }
        return out;
    }

    private static String failingSummary(JsonObject step) {
        List<String> bad = new ArrayList<>();
        for (JsonElement t : step.getAsJsonArray("tests")) {
            JsonObject o = t.getAsJsonObject();
            if (!"passed".equals(text(o, "status"))) {
                bad.add(text(o, "id") + "=" + text(o, "status"));
            }
        }
        return bad.isEmpty() ? "" : " (not passed: " + String.join(", ", bad) + ")";
    }

    static String text(JsonObject o, String key) {
        JsonElement e = o.get(key);
        return e == null || e.isJsonNull() ? null : e.getAsString();
    }

    static String quote(String s) {
        return s == null ? "null" : "\"" + s + "\"";
    }
}
