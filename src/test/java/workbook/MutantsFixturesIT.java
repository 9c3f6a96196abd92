package workbook;

import static org.junit.jupiter.api.Assertions.fail;
import static workbook.CheckFixturesIT.quote;
import static workbook.CheckFixturesIT.text;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden-file tests of {@code workbook mutants}: every folder under {@code fixtures/mutants/} holds a learner's
 * {@code lease/JobsTest.java} (its {@code Jobs.java} is the reference) and {@code expected.json}: the validity of
 * each learner test and what happens to each mutant. Keys are described in {@code fixtures/README.md}.
 */
class MutantsFixturesIT {
    @TempDir Path tmp;

    static Stream<String> fixtures() {
        return WorkbookRun.cases("mutants");
    }

    @ParameterizedTest(name = "mutants {0}")
    @MethodSource("fixtures")
    void verdictMatchesTheFixture(String name) {
        Path fixture = WorkbookRun.fixtures("mutants").resolve(name);
        JsonObject expected = WorkbookRun.expected(fixture);
        WorkbookRun.Result r = mutants(fixture);
        List<String> problems = compare(expected, r);
        int max = expected.has("maxSeconds") ? expected.get("maxSeconds").getAsInt() : 120;
        if (r.took().toSeconds() > max) {
            problems.add("took " + r.took().toSeconds() + " s, more than the bound of " + max + " s");
        }
        report(name, expected, r, problems);
    }

    @Test
    void aRenamedTestClassIsNamedInTheHint() {
        knownBug("class-renamed");
    }

    private void knownBug(String name) {
        Path fixture = WorkbookRun.fixtures("mutants").resolve(name);
        JsonObject expected = WorkbookRun.expected(fixture).getAsJsonObject("knownBug");
        WorkbookRun.Result r = mutants(fixture);
        report(name + " (knownBug)", expected, r, compare(expected, r));
    }

    /** {@code mutants --json} on the fixture's workspace, plus the fixture's own {@code args} (e.g. one step). */
    private WorkbookRun.Result mutants(Path fixture) {
        Path ws = WorkbookRun.workspace(fixture, tmp.resolve("ws"));
        List<String> args = new ArrayList<>(List.of("mutants", "--workspace", ws.toString(), "--json", "--lang", "en"));
        JsonObject expected = WorkbookRun.expected(fixture);
        if (expected.has("args")) {
            expected.getAsJsonArray("args").forEach(a -> args.add(a.getAsString()));
        }
        return WorkbookRun.runAsLauncher(args.toArray(String[]::new));
    }

    private static void report(String name, JsonObject expected, WorkbookRun.Result r, List<String> problems) {
        if (!problems.isEmpty()) {
            String about = expected.has("about") ? text(expected, "about") : text(expected, "reason");
            fail("fixture mutants/" + name + " (" + about + "):\n  - " + String.join("\n  - ", problems) + "\n"
                    + r.describe());
        }
    }

    static List<String> compare(JsonObject exp, WorkbookRun.Result r) {
        List<String> problems = new ArrayList<>();
        JsonObject v = r.json();
        if (!"mutants".equals(text(v, "command"))) {
            problems.add("command is " + v.get("command") + ", not \"mutants\"");
        }
        if (exp.has("exit") && exp.get("exit").getAsInt() != r.exit()) {
            problems.add("exit code " + r.exit() + ", expected " + exp.get("exit").getAsInt());
        }
        CheckFixturesIT.compareCompile(exp, v, problems);

        Map<String, JsonObject> tests = byId(v, "tests");
        Map<String, JsonObject> mutants = byId(v, "mutants");
        Set<String> valid = tests.values().stream().filter(t -> t.get("valid").getAsBoolean())
                .map(t -> text(t, "id")).collect(Collectors.toSet());

        if (exp.has("noTests") && exp.get("noTests").getAsBoolean() && !tests.isEmpty()) {
            problems.add("expected no learner tests to be reported, found " + tests.keySet());
        }
        if (exp.has("minTests") && tests.size() < exp.get("minTests").getAsInt()) {
            problems.add(tests.size() + " learner tests reported, expected at least " + exp.get("minTests"));
        }
        if (exp.has("allValid") && exp.get("allValid").getAsBoolean()) {
            tests.values().stream().filter(t -> !t.get("valid").getAsBoolean())
                    .forEach(t -> problems.add("test " + text(t, "id") + " is invalid: " + text(t, "message")));
        }
        if (exp.has("tests")) {
            for (Map.Entry<String, JsonElement> e : exp.getAsJsonObject("tests").entrySet()) {
                JsonObject t = tests.get(e.getKey());
                if (t == null) {
                    problems.add("learner test " + e.getKey() + " is missing; reported: " + tests.keySet());
                } else if (t.get("valid").getAsBoolean() != e.getValue().getAsBoolean()) {
                    problems.add("learner test " + e.getKey() + " valid=" + t.get("valid") + ", expected " + e.getValue());
                }
            }
        }
        if (exp.has("invalidMessageContains")) {
            for (Map.Entry<String, JsonElement> e : exp.getAsJsonObject("invalidMessageContains").entrySet()) {
                JsonObject t = tests.get(e.getKey());
                String msg = t == null ? null : text(t, "message");
                if (msg == null || !msg.contains(e.getValue().getAsString())) {
                    problems.add("learner test " + e.getKey() + " message " + quote(msg) + " does not contain "
                            + quote(e.getValue().getAsString()));
                }
            }
        }
        if (exp.has("neverKills")) {
            for (JsonElement id : exp.getAsJsonArray("neverKills")) {
                mutants.values().stream().filter(m -> killers(m).contains(id.getAsString()))
                        .forEach(m -> problems.add("invalid test " + id.getAsString() + " is counted as a killer of "
                                + text(m, "id")));
            }
        }
        long killed = mutants.values().stream().filter(m -> "killed".equals(text(m, "status"))).count();
        if (exp.has("killed") && killed != exp.get("killed").getAsLong()) {
            problems.add(killed + " mutants killed, expected " + exp.get("killed") + statusSummary(mutants));
        }
        if (exp.has("minKilled") && killed < exp.get("minKilled").getAsLong()) {
            problems.add(killed + " mutants killed, expected at least " + exp.get("minKilled") + statusSummary(mutants));
        }
        if (exp.has("maxKilled") && killed > exp.get("maxKilled").getAsLong()) {
            problems.add(killed + " mutants killed, expected at most " + exp.get("maxKilled") + statusSummary(mutants));
        }
        if (exp.has("unheld")) {
            List<String> unheld = new ArrayList<>();
            v.getAsJsonArray("unheld").forEach(u -> unheld.add(u.getAsJsonObject().get("step").getAsInt() + "/"
                    + u.getAsJsonObject().get("id").getAsString()));
            List<String> want = new ArrayList<>();
            exp.getAsJsonArray("unheld").forEach(u -> want.add(u.getAsString()));
            if (!unheld.equals(want)) {
                problems.add("unheld clauses are " + unheld + ", expected exactly " + want);
            }
        }
        if (exp.has("docMutants")) {
            String want = exp.get("docMutants").getAsString();
            List<JsonObject> doc = mutants.values().stream().filter(m -> "doc".equals(text(m, "source"))).toList();
            if (doc.size() < 8) {
                problems.add("only " + doc.size() + " worksheet (source doc) mutants reported, expected 8");
            }
            doc.stream().filter(m -> !want.equals(text(m, "status"))).forEach(m -> problems.add(
                    "worksheet mutant " + text(m, "id") + " is " + text(m, "status") + ", expected " + want
                            + " (killed by " + m.get("killedBy") + ")"));
        }
        if (exp.has("mutants")) {
            for (Map.Entry<String, JsonElement> e : exp.getAsJsonObject("mutants").entrySet()) {
                JsonObject m = mutants.get(e.getKey());
                JsonObject want = e.getValue().getAsJsonObject();
                if (m == null) {
                    problems.add("mutant " + e.getKey() + " is missing from the verdict");
                    continue;
                }
                if (want.has("status") && !want.get("status").getAsString().equals(text(m, "status"))) {
                    problems.add("mutant " + e.getKey() + " is " + text(m, "status") + ", expected "
                            + want.get("status").getAsString() + " (killed by " + m.get("killedBy") + ", message "
                            + quote(text(m, "message")) + ")");
                }
                if (want.has("killedBy") && !killers(m).contains(want.get("killedBy").getAsString())) {
                    problems.add("mutant " + e.getKey() + " is not killed by " + want.get("killedBy") + " but by "
                            + m.get("killedBy"));
                }
                if (want.has("kind") && !want.get("kind").getAsString().equals(text(m, "kind"))) {
                    problems.add("mutant " + e.getKey() + " kill kind is " + quote(text(m, "kind")) + ", expected "
                            + want.get("kind"));
                }
            }
        }
        if (exp.has("nextContains") && !String.valueOf(text(v, "next")).contains(exp.get("nextContains").getAsString())) {
            problems.add("next " + quote(text(v, "next")) + " does not contain " + exp.get("nextContains"));
        }
        if (exp.has("nextLacks") && String.valueOf(text(v, "next")).contains(exp.get("nextLacks").getAsString())) {
            problems.add("next " + quote(text(v, "next")) + " should not say " + exp.get("nextLacks"));
        }
        // Invariants of every mutants verdict.
        for (JsonObject m : mutants.values()) {
            String status = text(m, "status");
            List<String> by = killers(m);
            if ("killed".equals(status) && by.isEmpty()) {
                problems.add("mutant " + text(m, "id") + " is killed by nobody");
            }
            if (!"killed".equals(status) && !by.isEmpty()) {
                problems.add("mutant " + text(m, "id") + " is " + status + " but lists killers " + by);
            }
            by.stream().filter(k -> !valid.contains(k)).forEach(k -> problems.add(
                    "mutant " + text(m, "id") + " is killed by " + k + ", which is not a valid learner test"));
        }
        if (v.has("killed") && v.get("killed").getAsLong() != killed) {
            problems.add("\"killed\" is " + v.get("killed") + " but " + killed + " mutants have status killed");
        }
        if (v.has("total") && v.get("total").getAsLong() < mutants.size()) {
            problems.add("\"total\" is " + v.get("total") + " but " + mutants.size() + " mutants are listed");
        }
        return problems;
    }

    private static List<String> killers(JsonObject m) {
        List<String> out = new ArrayList<>();
        if (m.has("killedBy") && m.get("killedBy").isJsonArray()) {
            m.getAsJsonArray("killedBy").forEach(k -> out.add(k.getAsString()));
        }
        return out;
    }

    private static Map<String, JsonObject> byId(JsonObject v, String key) {
        Map<String, JsonObject> out = new LinkedHashMap<>();
        if (v.has(key) && v.get(key).isJsonArray()) {
            for (JsonElement e : v.getAsJsonArray(key)) {
                out.put(text(e.getAsJsonObject(), "id"), e.getAsJsonObject());
            }
        }
        return out;
    }

    private static String statusSummary(Map<String, JsonObject> mutants) {
        return " (" + mutants.values().stream().map(m -> text(m, "id") + "=" + text(m, "status"))
                .collect(Collectors.joining(", ")) + ")";
    }
}
