package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a learner and an instructor see, pinned: the Korean and English screens of {@code check}, {@code mutants},
 * {@code audit} and the board, at 80 columns, and the whole JSON of the same runs (the same with {@code --lang ko} and
 * {@code --lang en}), for a handful of workspaces. A
 * change that alters any of them shows as a diff against {@code src/test/resources/golden/}. After a change that is
 * meant, write the files again with {@code mvn test -Dtest=GoldenScreensTest -Dgolden.update=true} and read the diff
 * before committing it.
 *
 * <p>What differs between two honest runs is replaced before comparing: the temp folder and the workbook's folder,
 * durations, and times in milliseconds.
 */
class GoldenScreensTest {
    @TempDir Path tmp;

    /** Lines of the screens wider than 80 cells that could have been broken between words. */
    private final List<String> overlong = new ArrayList<>();


    /** name, workspace (a fixture kind/name, "skeleton" or "reference"), the command's arguments. */
    static Stream<Arguments> screens() {
        return Stream.of(
                Arguments.of("board-skeleton", "skeleton", List.of("status")),
                Arguments.of("check-skeleton", "skeleton", List.of("check")),
                Arguments.of("check-boundary-bug", "check/claim-refused-at-expiry-instant", List.of("check")),
                Arguments.of("check-step-4-boundary-bug", "check/claim-refused-at-expiry-instant", List.of("check", "4")),
                Arguments.of("check-compile-error", "check/compile-error", List.of("check")),
                Arguments.of("mutants-step-5-skips-a-boundary", "mutants/skips-renews-boundary", List.of("mutants", "5")),
                Arguments.of("audit-lease", "reference", List.of("audit", "--lab", "lease")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("screens")
    void screensAndJsonAreAsPinned(String name, String from, List<String> args) throws IOException {
        Path ws = workspace(from);
        boolean board = args.get(0).equals("status");
        List<String> problems = new ArrayList<>();
        java.util.Map<String, String> jsonOf = new java.util.HashMap<>();
        for (String lang : List.of("ko", "en")) {
            // One run per language: the screen, and (--json-file) the JSON of the same verdict. The board has no
            // --json-file: its JSON (the check verdict and the progress) is a second run with --json.
            Path file = tmp.resolve(lang + ".json");
            compare(name + "." + lang + ".txt", run(ws, args, lang, board ? null : file), problems);
            String json = board ? runJson(ws, args, lang) : Files.readString(file, StandardCharsets.UTF_8);
            jsonOf.put(lang, normalise(json, ws).replaceAll("\"checkedAt\": \"[^\"]*\"", "\"checkedAt\": \"…\""));
        }
        {
            compare(name + ".json", jsonOf.get("en"), problems);
            // The JSON is the same whatever the learner's language: the screens alone are translated.
            if (!jsonOf.get("ko").equals(jsonOf.get("en"))) {
                problems.add(name + ".json differs between --lang en (-) and --lang ko (+):\n"
                        + diff(jsonOf.get("en"), jsonOf.get("ko")));
            }
        }
        assertEquals(List.of(), problems, "screens that changed (see the diff; -Dgolden.update=true writes them again)");
        assertEquals(List.of(), overlong, "lines wider than the 80 columns of the screen (the terminal would break "
                + "them inside a word): every line goes through one word wrap");
    }

    private Path workspace(String from) throws IOException {
        // A path of the same length every run: the screens wrap long lines, and the path is in them.
        Path ws = Path.of(System.getProperty("java.io.tmpdir"), "workbook-golden-" + String.format("%08d",
                Math.floorMod(tmp.hashCode(), 100_000_000)), "ws");
        workbook.workspace.Folders.deleteQuietly(ws.getParent());
        Path home = WorkbookRun.home();
        switch (from) {
            case "skeleton" -> {
                Files.createDirectories(ws.resolve("lease"));
                Files.copy(home.resolve("skeleton/lease/Jobs.java"), ws.resolve("lease/Jobs.java"));
                Files.copy(home.resolve("skeleton/lease/JobsTest.java"), ws.resolve("lease/JobsTest.java"));
            }
            case "reference" -> {
                Files.createDirectories(ws.resolve("lease"));
                Files.copy(home.resolve("answers/lease/Jobs.java"), ws.resolve("lease/Jobs.java"));
                Files.copy(home.resolve("skeleton/lease/JobsTest.java"), ws.resolve("lease/JobsTest.java"));
            }
            default -> {
                String[] parts = from.split("/", 2);
                WorkbookRun.workspace(WorkbookRun.fixtures(parts[0]).resolve(parts[1]), ws);
                if (!Files.exists(ws.resolve("lease/JobsTest.java"))) {
                    Files.copy(home.resolve("skeleton/lease/JobsTest.java"), ws.resolve("lease/JobsTest.java"));
                }
            }
        }
        return ws;
    }

    /** The command's {@code --json} output (with the screen's options). */
    private static String runJson(Path ws, List<String> args, String lang) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--workspace", ws.toString(), "--lang", lang, "--json"));
        return WorkbookRun.runAsLauncher(all.toArray(String[]::new)).out();
    }

    private String run(Path ws, List<String> args, String lang, Path jsonFile) {
        List<String> all = new ArrayList<>(args);
        if (!args.contains("--lab")) {
            all.addAll(List.of("--workspace", ws.toString()));
        }
        all.addAll(List.of("--lang", lang));
        if (jsonFile != null) {
            all.addAll(List.of("--json-file", jsonFile.toString()));
        }
        String saved = System.getProperty("workbook.columns");
        System.setProperty("workbook.columns", "80");
        try {
            WorkbookRun.Result r = WorkbookRun.runAsLauncher(all.toArray(String[]::new));
            overlong.addAll(WorkbookRun.wider(r.out(), 80).stream().map(l -> String.join(" ", args) + " --lang " + lang + ": " + l).toList());
            return normalise("exit " + r.exit() + "\n" + r.out(), ws);
        } finally {
            if (saved == null) {
                System.clearProperty("workbook.columns");
            } else {
                System.setProperty("workbook.columns", saved);
            }
        }
    }

    private static final Pattern MILLIS = Pattern.compile("(\"(millis|ms|seconds|took|elapsed)\": )[0-9.]+");
    /** A whole run's time on a screen: "(8,738 ms)". */
    private static final Pattern RUN_TIME = Pattern.compile("\\s*\\([0-9][0-9,]*\\s+ms\\)");
    /**
     * Which test killed a mutant first, and how many more did: races and the kill-first order make these differ from
     * run to run (the verdict "killed" does not).
     */
    private static final Pattern KILLER = Pattern.compile("(killed|잡힘) —\\s+\\S+\\s+\\+[0-9]+(\\s+\\([^)]*\\))?");
    private static final Pattern KILLED_BY = Pattern.compile("\"killedBy\": \\[[^\\]]*\\]");
    /** How many race trials caught a race mutant: at least one always does, how many is chance. */
    private static final Pattern RACE_TRIALS = Pattern.compile("(race detected in |경합 )[0-9]+/([0-9]+)");
    private static final Pattern DETECTED = Pattern.compile("(\"detected\": )[0-9]+");

    /** The run's text with what differs between honest runs replaced. */
    static String normalise(String text, Path ws) {
        String s = text.replace(ws.toAbsolutePath().toString(), "<WS>")
                .replace(WorkbookRun.home().toAbsolutePath().toString(), "<HOME>");
        s = MILLIS.matcher(s).replaceAll("$10");
        // The screen wraps long lines, and a time or a killer's name of another length moves the break: these
        // spans are put back on one line whatever the break (the rest of the line does not vary).
        s = RUN_TIME.matcher(s).replaceAll(" (<ms>)");
        s = KILLER.matcher(s).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(m.group(1) + " — <killers>"
                + (m.group(2) == null ? "" : " " + m.group(2).strip().replaceAll("\\s+", " "))));
        s = RACE_TRIALS.matcher(s).replaceAll("$1<n>/$2");
        s = DETECTED.matcher(s).replaceAll("$1<n>");
        return KILLED_BY.matcher(s).replaceAll("\"killedBy\": [\"<killers>\"]");
    }

    private static void compare(String file, String actual, List<String> problems) throws IOException {
        Path golden = WorkbookRun.home().resolve("src/test/resources/golden").resolve(file);
        if (Boolean.getBoolean("golden.update") || !Files.exists(golden)) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
            if (!Boolean.getBoolean("golden.update")) {
                problems.add(file + ": no golden file yet; written now, read it and commit it");
            }
            return;
        }
        String expected = Files.readString(golden, StandardCharsets.UTF_8);
        if (!expected.equals(actual)) {
            problems.add(file + ":\n" + diff(expected, actual));
        }
    }

    private static String diff(String expected, String actual) {
        List<String> a = expected.lines().toList();
        List<String> b = actual.lines().toList();
        StringBuilder out = new StringBuilder();
        com.github.difflib.patch.Patch<String> patch = com.github.difflib.DiffUtils.diff(a, b);
        for (var d : patch.getDeltas()) {
            d.getSource().getLines().forEach(l -> out.append("- ").append(l).append('\n'));
            d.getTarget().getLines().forEach(l -> out.append("+ ").append(l).append('\n'));
        }
        return out.toString();
    }
}
