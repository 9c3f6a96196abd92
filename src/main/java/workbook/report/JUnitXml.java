package workbook.report;

import workbook.words.Messages;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import workbook.compile.SourceDiagnostic;
import workbook.verdict.MutantStatus;
import workbook.verdict.StepStatus;
import workbook.verdict.TestOutcome;
import workbook.verdict.Verdicts;

/**
 * Verdicts as JUnit XML in Maven Surefire's format ({@link #SCHEMA}), the one CI servers, IDEs and test-report actions
 * read. That schema's root is a single {@code <testsuite>} (it has no {@code <testsuites>}), so the official tests and,
 * when given, the learner's tests and the mutants all go in one suite, told apart by {@code classname}:
 * <ul>
 *   <li>{@code <lab>.<NN>-<slug>}: one {@code <testcase>} per official test. Its {@code name} is the clause the test
 *   holds, in the chosen language, and its {@code group} the clause's id. Failed: {@code <failure type="failed">};
 *   error and time-out: {@code <error type="error|timeout">}; a compile error: {@code <error type="compile">} with the
 *   first diagnostic, for every test; a step not started (and a test held back by an earlier step's "not yet"):
 *   {@code <skipped>} with the reason.</li>
 *   <li>{@code <lab>.tests}: one per learner test, passing when it is valid (it passes on the reference), else
 *   {@code <failure type="invalid">}; its {@code time} is its time on the reference.</li>
 *   <li>{@code <lab>.mutants}: one per mutant, passing when killed, {@code <failure type="survived">} when it survived,
 *   {@code <error type="error">} when it could not be run; its {@code time} is 0 (a mutant is no test).</li>
 * </ul>
 * Every {@code time} is present (seconds, three decimals; 0 where nothing was measured). Learner text may hold
 * anything: it is escaped, and the characters XML 1.0 forbids are dropped.
 */
public final class JUnitXml {
    /** The schema the output is valid against. */
    public static final String SCHEMA =
            "https://maven.apache.org/surefire/maven-surefire-plugin/xsd/surefire-test-report-3.0.xsd";
    /** A {@code message} attribute is a summary; the element's text carries the whole of it. */
    private static final int MESSAGE_ATTRIBUTE_CHARS = 1_000;

    private JUnitXml() {}

    private enum Kind { PASSED, FAILURE, ERROR, SKIPPED }

    /** One {@code <testcase>}: {@code type} and {@code message} for every kind but passed, {@code detail} its text. */
    private record Case(String classname, String name, String group, long millis, Kind kind, String type,
                        String message, String detail, String out) {
        static Case passed(String classname, String name, String group, long millis, String out) {
            return new Case(classname, name, group, millis, Kind.PASSED, null, null, null, out);
        }

        /** The same case with {@code prefix} (a folder of the grading machine) taken out of its texts. */
        Case without(String prefix) {
            java.util.function.UnaryOperator<String> cut = s -> s == null ? null : s.replace(prefix, "");
            return new Case(classname, cut.apply(name), group, millis, kind, type, cut.apply(message), cut.apply(detail),
                    out);
        }
    }

    /**
     * The whole report.
     *
     * @param check         the official tests' verdict
     * @param mutantsOrNull the learner's tests and the mutants, or null for the official tests alone
     * @param suiteName     the {@code <testsuite>}'s name (the lab, or a student's name when a class is graded)
     */
    public static String of(Verdicts.Check check, Verdicts.Mutants mutantsOrNull, String suiteName, Messages msg) {
        List<Case> cases = new ArrayList<>(official(check, msg));
        if (mutantsOrNull != null) {
            cases.addAll(learnerTests(check.lab(), mutantsOrNull, msg));
            cases.addAll(mutants(check.lab(), mutantsOrNull, msg));
        }
        // No path of the grading machine: the learner's files are named from the class folder (a student's folder
        // and below) or, for one learner, from the package folder.
        String workspace = relative(check.workspace(), suiteName);
        String prefix = check.workspace().endsWith(workspace) ? check.workspace().substring(0,
                check.workspace().length() - workspace.length()) : "";
        List<Case> named = prefix.isEmpty() || !prefix.startsWith("/") ? cases
                : cases.stream().map(c -> c.without(prefix)).toList();
        return render(suiteName, properties(check, mutantsOrNull, workspace), named);
    }

    /** {@code path} from the class folder: from {@code suite}'s folder when it is in the path, else its last two names. */
    static String relative(String path, String suite) {
        if (path == null || !path.startsWith("/")) {
            return path;
        }
        int at = path.lastIndexOf("/" + suite + "/");
        if (at >= 0) {
            return path.substring(at + 1);
        }
        java.nio.file.Path p = java.nio.file.Path.of(path);
        int n = p.getNameCount();
        return n >= 2 ? p.subpath(n - 2, n).toString() : path;
    }

    /**
     * A submission no test could run on (no learner files, grading abandoned, the grader failed): one {@code error}
     * whose {@code type} names why ({@code missing}, {@code timeout}, {@code error}).
     */
    public static String ungraded(String suiteName, String lab, String type, String message) {
        return render(suiteName, List.of(new String[][] {{"workbook.lab", lab}}), List.of(new Case(lab + ".submission",
                suiteName, null, 0, Kind.ERROR, type, message, message, null)));
    }

    // ---- the official tests

    private static List<Case> official(Verdicts.Check check, Messages msg) {
        List<Case> out = new ArrayList<>();
        for (Verdicts.StepVerdict s : check.steps()) {
            String classname = String.format(Locale.ROOT, "%s.%02d-%s", check.lab(), s.step(), s.slug());
            if (s.tests().isEmpty()) {
                // Nothing to list test by test (no test ran, none is known): the step stands for its tests.
                out.add(stepAlone(classname, s, check.compile(), msg));
                continue;
            }
            for (Verdicts.TestVerdict t : s.tests()) {
                out.add(official(classname, s, t, check.compile(), msg));
            }
        }
        return out;
    }

    private static Case official(String classname, Verdicts.StepVerdict s, Verdicts.TestVerdict t,
                                 Verdicts.Compile compile, Messages msg) {
        if (!compile.ok()) {
            return compileError(classname, named(t, msg), t.clause(), compile, msg);
        }
        if (s.status() == StepStatus.NOT_STARTED) {
            // The step's own method still says "not yet": none of its tests says anything about the learner's code.
            return skipped(classname, t, t.status() == TestOutcome.NOT_STARTED && t.reason() != null ? msg.text(t.reason())
                    : msg.get("junit.notStarted", s.step()), msg);
        }
        String message = msg.text(t.reason());
        String detail = detail(message, t.where(), msg.text(s.reason()));
        String out = printed(t.output());
        String name = named(t, msg);
        return switch (t.status()) {
            case PASSED -> Case.passed(classname, name, t.clause(), t.millis(), out);
            case FAILED -> new Case(classname, name, t.clause(), t.millis(), Kind.FAILURE, "failed", message, detail, out);
            case ERROR -> new Case(classname, name, t.clause(), t.millis(), Kind.ERROR, "error", message, detail, out);
            case TIMEOUT -> new Case(classname, name, t.clause(), t.millis(), Kind.ERROR, "timeout", message, detail, out);
            // Held back by an earlier step's "not yet": the step's message says which.
            case NOT_STARTED -> skipped(classname, t, s.reason() != null ? msg.text(s.reason()) : msg.text(t.reason()), msg);
        };
    }

    /** What the learner's code printed during a test, for {@code <system-out>} (standard error after a marker). */
    private static String printed(workbook.child.wire.Output o) {
        if (o == null || o.isEmpty()) {
            return null;
        }
        String out = o.stdout() == null ? "" : o.stdout();
        return o.stderr() == null || o.stderr().isEmpty() ? out : out + (out.isEmpty() ? "" : "\n") + "[stderr]\n" + o.stderr();
    }

    private static Case skipped(String classname, Verdicts.TestVerdict t, String why, Messages msg) {
        return new Case(classname, named(t, msg), t.clause(), t.millis(), Kind.SKIPPED, null, why, null, null);
    }

    /**
     * A test's name: the clause it holds, in the learner's language, then its method in brackets
     * ({@code … [expiryInstantIsClaimable]}), so a person reads the clause and a tool finds the method.
     */
    private static String named(Verdicts.TestVerdict t, Messages msg) {
        String method = t.id().substring(t.id().indexOf('/') + 1);
        return msg.text(t.name()) + " [" + method + "]";
    }

    private static Case stepAlone(String classname, Verdicts.StepVerdict s, Verdicts.Compile compile, Messages msg) {
        if (!compile.ok()) {
            return compileError(classname, msg.text(s.title()), null, compile, msg);
        }
        String why = s.reason() != null ? msg.text(s.reason()) : msg.get("status." + s.status().wire());
        return switch (s.status()) {
            case PASSED -> Case.passed(classname, msg.text(s.title()), null, 0, null);
            case NOT_STARTED -> new Case(classname, msg.text(s.title()), null, 0, Kind.SKIPPED, null, why, null, null);
            case FAILED -> new Case(classname, msg.text(s.title()), null, 0, Kind.FAILURE, "failed", why, why, null);
            case ERROR -> new Case(classname, msg.text(s.title()), null, 0, Kind.ERROR, "error", why, why, null);
        };
    }

    private static Case compileError(String classname, String name, String group, Verdicts.Compile compile, Messages msg) {
        List<SourceDiagnostic> ds = compile.diagnostics();
        String first = ds.isEmpty() ? msg.get("check.compileError") : ds.get(0).toString();
        String all = ds.isEmpty() ? first : ds.stream().map(SourceDiagnostic::toString).collect(Collectors.joining("\n"));
        return new Case(classname, name, group, 0, Kind.ERROR, "compile", first, all, null);
    }

    /**
     * A failure's text, beside its {@code message} and without repeating it: where in the learner's file, and what the
     * step as a whole says; the message itself only when the attribute had to be cut. Null when there is nothing more.
     */
    private static String detail(String message, List<String> where, String stepMessage) {
        List<String> lines = new ArrayList<>();
        if (message != null && message.length() > MESSAGE_ATTRIBUTE_CHARS) {
            lines.add(message);
        }
        if (where != null && !where.isEmpty()) {
            lines.add("@ " + String.join(", ", where));
        }
        if (stepMessage != null && !stepMessage.equals(message)) {
            lines.add(stepMessage);
        }
        return lines.isEmpty() ? null : String.join("\n", lines);
    }

    // ---- the learner's tests and the mutants

    private static List<Case> learnerTests(String lab, Verdicts.Mutants m, Messages msg) {
        String classname = lab + ".tests";
        if (!m.compile().ok()) {
            return List.of(compileError(classname, msg.get("junit.learnerTests", m.workspace()), null, m.compile(), msg));
        }
        if (m.tests().isEmpty()) {
            String why = msg.text(m.next()) != null ? msg.text(m.next()) : msg.get("report.mutants.none");
            return List.of(new Case(classname, msg.get("junit.learnerTests", m.workspace()), null, 0, Kind.FAILURE,
                    "no-tests", why, why, null));
        }
        return m.tests().stream().map(t -> t.valid() ? Case.passed(classname, t.id(), null, t.millis(), null)
                : new Case(classname, t.id(), null, t.millis(), Kind.FAILURE, "invalid", msg.text(t.reason()),
                        t.reason() == null ? msg.get("report.mutants.invalid") : msg.text(t.reason()), null)).toList();
    }

    private static List<Case> mutants(String lab, Verdicts.Mutants m, Messages msg) {
        String classname = lab + ".mutants";
        List<Case> out = new ArrayList<>();
        for (Verdicts.MutantVerdict v : m.mutants()) {
            String name = v.description() == null ? v.id() : v.id() + " — " + msg.text(v.description());
            String group = String.join(",", v.clauses());
            group = group.isEmpty() ? null : group;
            out.add(switch (v.status()) {
                case KILLED -> Case.passed(classname, name, group, 0,
                        msg.get("junit.killedBy", String.join(", ", v.killedBy()), v.kind() == null ? "" : v.kind().wire()));
                case SURVIVED -> new Case(classname, name, group, 0, Kind.FAILURE, "survived",
                        msg.get("junit.survived", v.id()), msg.text(v.description()), null);
                case ERROR -> new Case(classname, name, group, 0, Kind.ERROR, "error",
                        v.reason() == null ? msg.get("status." + MutantStatus.ERROR.wire()) : msg.text(v.reason()), msg.text(v.reason()), null);
            });
        }
        return out;
    }

    // ---- the document

    private static List<String[]> properties(Verdicts.Check check, Verdicts.Mutants m, String workspace) {
        List<String[]> p = new ArrayList<>();
        p.add(new String[] {"workbook.lab", check.lab()});
        p.add(new String[] {"workbook.workspace", workspace});
        p.add(new String[] {"workbook.steps.passed", check.passed() + "/" + check.total()});
        if (m != null) {
            p.add(new String[] {"workbook.mutants.killed", m.killed() + "/" + m.total()});
        }
        return p;
    }

    private static String render(String suiteName, List<String[]> properties, List<Case> cases) {
        long failures = cases.stream().filter(c -> c.kind() == Kind.FAILURE).count();
        long errors = cases.stream().filter(c -> c.kind() == Kind.ERROR).count();
        long skipped = cases.stream().filter(c -> c.kind() == Kind.SKIPPED).count();
        long millis = cases.stream().mapToLong(Case::millis).sum();
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<testsuite xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:noNamespaceSchemaLocation=\"")
                .append(SCHEMA).append("\" version=\"3.0\"")
                .append(" name=\"").append(attr(suiteName)).append('"')
                .append(" time=\"").append(seconds(millis)).append('"')
                .append(" tests=\"").append(cases.size()).append('"')
                .append(" errors=\"").append(errors).append('"')
                .append(" skipped=\"").append(skipped).append('"')
                .append(" failures=\"").append(failures).append("\">\n");
        x.append("  <properties>\n");
        for (String[] p : properties) {
            x.append("    <property name=\"").append(attr(p[0])).append("\" value=\"").append(attr(p[1])).append("\"/>\n");
        }
        x.append("  </properties>\n");
        for (Case c : cases) {
            x.append("  <testcase name=\"").append(attr(c.name())).append("\" classname=\"").append(attr(c.classname()))
                    .append('"');
            if (c.group() != null) {
                x.append(" group=\"").append(attr(c.group())).append('"');
            }
            x.append(" time=\"").append(seconds(c.millis())).append('"');
            if (c.kind() == Kind.PASSED && c.out() == null) {
                x.append("/>\n");
                continue;
            }
            x.append(">\n");
            switch (c.kind()) {
                case FAILURE, ERROR -> {
                    String tag = c.kind() == Kind.FAILURE ? "failure" : "error";
                    // The body adds to the message (where, the whole of a cut message); it never repeats it.
                    String body = c.detail() == null || c.detail().equals(c.message()) ? null : c.detail();
                    x.append("    <").append(tag).append(" type=\"").append(attr(c.type())).append("\" message=\"")
                            .append(attr(clip(c.message()))).append('"');
                    x.append(body == null ? "/>\n" : ">" + text(body) + "</" + tag + ">\n");
                }
                case SKIPPED -> x.append("    <skipped message=\"").append(attr(clip(c.message()))).append("\"/>\n");
                case PASSED -> { }
            }
            if (c.out() != null) {
                x.append("    <system-out>").append(text(c.out())).append("</system-out>\n");
            }
            x.append("  </testcase>\n");
        }
        x.append("</testsuite>\n");
        return x.toString();
    }

    /** Seconds with three decimals, as Surefire writes them ({@code SUREFIRE_TIME}: no grouping, a dot). */
    static String seconds(long millis) {
        return String.format(Locale.ROOT, "%d.%03d", Math.max(0, millis) / 1000, Math.max(0, millis) % 1000);
    }

    private static String clip(String s) {
        if (s == null) {
            return "";
        }
        int n = s.offsetByCodePoints(0, Math.min(s.codePointCount(0, s.length()), MESSAGE_ATTRIBUTE_CHARS));
        return n < s.length() ? s.substring(0, n) + "…" : s;
    }

    /** An attribute value: escaped, with line breaks and tabs kept as character references (else they become spaces). */
    static String attr(String s) {
        StringBuilder sb = new StringBuilder();
        allowed(s).codePoints().forEach(cp -> {
            switch (cp) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&apos;");
                case '\n' -> sb.append("&#10;");
                case '\r' -> sb.append("&#13;");
                case '\t' -> sb.append("&#9;");
                default -> sb.appendCodePoint(cp);
            }
        });
        return sb.toString();
    }

    /** Element text: escaped ({@code ]]>} cannot appear, since every {@code >} is escaped). */
    static String text(String s) {
        StringBuilder sb = new StringBuilder();
        allowed(s).codePoints().forEach(cp -> {
            switch (cp) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '\r' -> sb.append("&#13;");
                default -> sb.appendCodePoint(cp);
            }
        });
        return sb.toString();
    }

    /**
     * The text without what XML 1.0 forbids anywhere, even as a character reference: control characters other than
     * tab, line feed and carriage return, unpaired surrogates, U+FFFE and U+FFFF.
     */
    static String allowed(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length());
        s.codePoints().filter(JUnitXml::isXmlChar).forEach(sb::appendCodePoint);
        return sb.toString();
    }

    private static boolean isXmlChar(int cp) {
        return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD)
                || (cp >= 0x10000 && cp <= 0x10FFFF);
    }
}
