package workbook.jshell;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jshell.tool.JavaShellToolBuilder;

/**
 * {@code try N}: an interactive JShell with the learner's classes, a fresh database, the lab's imports and helpers,
 * and step N's scene ready to replay one moment at a time with {@code next()}. The remote execution engine runs the
 * learner's code in its own JVM, so {@code System.exit} or an endless loop there never ends this session.
 */
public final class TrySession {
    private TrySession() {}

    /**
     * @param classpath the learner's classes, the bridge, sqlite-jdbc
     * @param startup   the lab's startup file ({@code lessons/_jshell/try.jsh})
     * @param scene     the step's scene, or null
     * @param terminal  whether a person is typing at a terminal (line editing, history)
     * @return JShell's exit status
     */
    /** The words the scene's helpers print inside JShell, in the learner's language. */
    public record Words(String state, String end, Guide guide, String wrappers) {
        public static final Words ENGLISH = new Words("row", "(end of the scene — at = 0 to start over, with a new db: db = BRIDGE.fresh())");

        public Words(String state, String end) {
            this(state, end, Guide.NONE, "");
        }
    }

    /**
     * What {@code next()} shows beside each moment the learner plays: the contract clause of that moment, and what the
     * reference returned and left in the row (with the same fields hidden), so it can say ✓ or ✗ at once.
     */
    public record Guide(List<String> clauses, List<String> results, List<String> states, List<List<String>> hides,
                        String referenceWord) {
        public static final Guide NONE = new Guide(List.of(), List.of(), List.of(), List.of(), "reference");

        boolean present(int rows) {
            return clauses.size() == rows && results.size() == rows && states.size() == rows && hides.size() == rows;
        }
    }

    public static int run(Path tmp, List<String> classpath, Path startup, Scenario scene, String bridge, List<String> vmOptions,
                          InputStream in, PrintStream out, PrintStream err, boolean terminal) {
        return run(tmp, classpath, startup, scene, bridge, vmOptions, in, out, err, terminal, Words.ENGLISH);
    }

    /** @param tmp the temp folder the session's scratch folder is made in */
    public static int run(Path tmp, List<String> classpath, Path startup, Scenario scene, String bridge, List<String> vmOptions,
                          InputStream in, PrintStream out, PrintStream err, boolean terminal, Words words) {
        try {
            // The session's scratch (its startup file, the scenes' databases) lives in one folder, removed at the end.
            Path scratch = workbook.workspace.Folders.scratch(tmp, "workbook-try-");
            Path file = scratch.resolve("startup.jsh");
            try {
                Files.writeString(file, Files.readString(startup, StandardCharsets.UTF_8) + "\n" + sceneSnippets(scene, bridge, words),
                        StandardCharsets.UTF_8);
                List<String> args = new ArrayList<>(List.of("--class-path", String.join(java.io.File.pathSeparator, classpath),
                        "--startup", "DEFAULT", "--startup", file.toString()));
                for (String o : vmOptions) {
                    args.add("-R" + o);
                }
                args.add("-R-Djava.io.tmpdir=" + Files.createDirectories(scratch.resolve("tmp")));
                // Without a terminal (a script, a test) JShell must read the lines it is given. It opens the real terminal
                // whenever its input *is* System.in, so a script's input is handed over in a wrapper; and the
                // snippets' own System.in is a separate empty stream, so the commands are not forwarded to them.
                InputStream commands = terminal ? in : new java.io.FilterInputStream(in) { };
                InputStream userIn = terminal ? null : InputStream.nullInputStream();
                return JavaShellToolBuilder.builder().in(commands, userIn).out(out, out, out).err(err, err).persistence(new java.util.HashMap<>())
                        .interactiveTerminal(terminal).start(args.toArray(String[]::new));
            } finally {
                workbook.workspace.Folders.deleteQuietly(scratch);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("JShell did not start: " + e.getMessage(), e);
        }
    }

    /** The scene as JShell snippets: its setup run now, its moments in an array, and {@code next()} to play one. */
    static String sceneSnippets(Scenario scene, String bridge) {
        return sceneSnippets(scene, bridge, Words.ENGLISH);
    }

    static String sceneSnippets(Scenario scene, String bridge, Words words) {
        if (scene == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        if (!scene.setup().isEmpty()) {
            sb.append("{ ").append(String.join(" ", scene.setup().stream().map(TrySession::statement).toList())).append(" }\n");
        }
        moments(sb, scene, bridge);
        sb.append("int at = 0;\n");
        Guide g = words.guide();
        boolean guided = g != null && g.present(scene.rows().size());
        if (guided) {
            guide(sb, g);
        }
        sb.append(words.wrappers() == null ? "" : words.wrappers());
        sb.append(((guided ? GUIDED_NEXT : PLAIN_NEXT) + """
                void scene() { for (int i = 0; i < sceneText.length; i++) System.out.println((i == at ? "▶ " : "  ") + (i + 1) + ". " + sceneText[i]); }
                """).replace("JOB", javaText(scene.job()))
                .replace("END_WORDS", java.util.regex.Matcher.quoteReplacement(javaText(words.end())))
                .replace("REF_WORD", javaText(guided ? g.referenceWord() : "reference"))
                .replace("STATE_WORD", javaText(words.state())).replace("BRIDGE", bridge));
        return sb.toString();
    }

    /** {@code scene}, the moments as lambdas, and {@code sceneText}, each moment as the learner reads it. */
    private static void moments(StringBuilder sb, Scenario scene, String bridge) {
        sb.append(bridge + ".Moment[] scene = {");
        List<String> texts = new ArrayList<>();
        for (Scenario.Row r : scene.rows()) {
            sb.append("\n  " + bridge + ".m(() -> ").append(expression(r.call())).append("),");
            String t = r.t() == Math.rint(r.t()) ? String.valueOf((long) r.t()) : String.valueOf(r.t());
            texts.add("t=" + t + " " + r.who() + "  " + r.shown(bridge));
        }
        sb.append("\n};\n");
        sb.append("String[] sceneText = {");
        texts.forEach(t -> sb.append("\n  \"").append(t.replace("\\", "\\\\").replace("\"", "\\\"")).append("\","));
        sb.append("\n};\n");
    }

    /** Each moment's clause, what the reference returns there and its row, and the fields a row hides. */
    private static void guide(StringBuilder sb, Guide g) {
        sb.append(array("sceneClause", g.clauses())).append(array("referenceResult", g.results()))
                .append(array("referenceRow", g.states()));
        sb.append("String[][] sceneHide = {");
        g.hides().forEach(h -> sb.append("\n  {").append(String.join(", ", h.stream().map(x -> "\"" + javaText(x) + "\"").toList())).append("},"));
        sb.append("\n};\n");
    }

    /** {@code next()} beside the reference: each moment, its clause, and whether the learner's result and row match. */
    private static final String GUIDED_NEXT = """
            void next() {
                if (at >= scene.length) { System.out.println("END_WORDS"); return; }
                System.out.println("▶ " + (at + 1) + "/" + scene.length + "  " + sceneText[at]);
                System.out.println("  " + sceneClause[at]);
                String result;
                try { result = String.valueOf(scene[at].run()); }
                catch (Throwable e) { result = e.getClass().getSimpleName(); System.out.println("  ! " + e); }
                String row = BRIDGE.row(db, "JOB");
                for (String f : sceneHide[at]) { row = row.replaceAll("\\\\b" + f + "=\\\\S+\\\\s?", "").strip(); }
                boolean same = result.equals(referenceResult[at]) && row.equals(referenceRow[at]);
                System.out.println("  = " + result + "   STATE_WORD: " + row);
                System.out.println("  REF_WORD: " + referenceResult[at] + "   STATE_WORD: " + referenceRow[at] + "   " + (same ? "✓" : "✗"));
                at++;
            }
            """;

    /** {@code next()} alone: each moment, what it returned, and the row after it. */
    private static final String PLAIN_NEXT = """
            void next() {
                if (at >= scene.length) { System.out.println("END_WORDS"); return; }
                System.out.println("▶ " + (at + 1) + "/" + scene.length + "  " + sceneText[at]);
                try { System.out.println("  = " + scene[at].run()); }
                catch (Exception e) { System.out.println("  ! " + e); }
                System.out.println("  STATE_WORD: " + BRIDGE.row(db, "JOB"));
                at++;
            }
            """;

    private static String array(String name, List<String> items) {
        StringBuilder sb = new StringBuilder("String[] " + name + " = {");
        items.forEach(i -> sb.append("\n  \"").append(javaText(i)).append("\","));
        return sb.append("\n};\n").toString();
    }

    /** Text made safe inside a Java string literal. */
    private static String javaText(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private static String expression(String call) {
        String c = call.strip();
        return c.endsWith(";") ? c.substring(0, c.length() - 1) : c;
    }

    private static String statement(String call) {
        return expression(call) + ";";
    }
}
