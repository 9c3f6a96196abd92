package workbook.report;

import workbook.words.Messages;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import workbook.catalogue.Clause;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;
import workbook.catalogue.OfficialTest;
import workbook.catalogue.Step;
import workbook.verdict.KillKind;
import workbook.verdict.MutantProblem;
import workbook.verdict.MutantStatus;
import workbook.verdict.Verdicts;
import workbook.workspace.JavaMethods;

/**
 * A verdict in the format of Stryker's {@code mutation-testing-report-schema} (schema version 2), which the stock
 * {@code mutation-testing-elements} viewer shows. Two reports come out of it:
 * <ul>
 *   <li>{@link #audit}, for the instructor: the lab's reference sources as the files, every mutant located where its
 *       first edit's text sits in the reference, the official tests as the test files, statuses from the audit;</li>
 *   <li>{@link #mutants}, for the learner: the reference is never shown. Each step's contract is a file, one clause a
 *       line, and a mutant sits on the line of the first clause it breaks; the learner's own test file is the test
 *       file, and {@code killedBy} names the learner's tests.</li>
 * </ul>
 * The records below are the schema's objects, their field names its keys; a null field is left out.
 */
public final class StrykerReport {
    private StrykerReport() {}

    /** The colours of the score: the workbook's own bar is every mutant caught, so below 100 % is not yet green. */
    static final Thresholds THRESHOLDS = new Thresholds(100, 80);

    public record Position(int line, int column) {}

    /** Start inclusive, end exclusive; lines and columns from 1. */
    public record Location(Position start, Position end) {}

    public record MutantResult(String id, String mutatorName, String replacement, Location location, String status,
                               List<String> killedBy, List<String> coveredBy, String description, String statusReason) {}

    public record FileResult(String language, String source, List<MutantResult> mutants) {}

    public record TestDefinition(String id, String name, Location location) {}

    public record TestFile(String source, List<TestDefinition> tests) {}

    public record Thresholds(int high, int low) {}

    public record Framework(String name, String version, Map<String, String> dependencies) {}

    public record Os(String platform, String version) {}

    public record Cpu(int logicalCores) {}

    public record Ram(long total) {}

    public record SystemInfo(boolean ci, Os os, Cpu cpu, Ram ram) {}

    public record Report(String schemaVersion, Thresholds thresholds, Map<String, FileResult> files,
                         Map<String, TestFile> testFiles, Framework framework, SystemInfo system,
                         Map<String, Object> config) {}

    /** The instructor's report of an audit: reference files, official tests, the audit's own verdict per mutant. */
    public static Report audit(Course course, Verdicts.Audit audit, List<Mutant> mutants, Messages msg, String version) {
        Map<String, List<MutantResult>> byFile = new LinkedHashMap<>();
        course.learnerFiles().forEach(f -> byFile.put(f, new ArrayList<>()));
        for (Verdicts.AuditMutant v : audit.mutants()) {
            Mutant m = find(mutants, v.id());
            String file = m.target() == null ? course.learnerFile() : course.fileOf(m.target());
            String reference = Sources.read(course.reference().resolve(file));
            Shown shown = shown(reference, m);
            byFile.computeIfAbsent(file, f -> new ArrayList<>()).add(new MutantResult(v.id(), v.id(),
                    shown.replacement(), shown.location(), status(v.status(), v.kind(), v.problem()),
                    v.killedBy(), v.killedBy(), m.description().in(msg.lang()), auditReason(v, msg)));
        }
        Map<String, FileResult> files = new LinkedHashMap<>();
        byFile.forEach((f, ms) -> files.put(f, new FileResult("java", Sources.read(course.reference().resolve(f)), ms)));
        return new Report("2", THRESHOLDS, files, officialTests(course, audit, msg), framework(version), SystemFacts.now(),
                config(course, "audit", msg, Map.of("raceTrials", course.raceTrials())));
    }

    /**
     * The learner's report of {@code mutants}: one contract file per step that has a mutant in the run, the learner's
     * test file with one entry per test (an invalid or flaky one says so in its name).
     *
     * @param asked      the mutants the run was asked about (when the tests did not compile, the verdict lists none)
     * @param testSource the learner's test file as it was graded
     */
    public static Report mutants(Course course, Verdicts.Mutants verdict, List<Mutant> asked, String testSource,
                                 Messages msg, String version, Integer step) {
        boolean anyValid = verdict.tests().stream().anyMatch(Verdicts.LearnerTest::valid);
        Map<String, Verdicts.MutantVerdict> judged = new LinkedHashMap<>();
        verdict.mutants().forEach(v -> judged.put(v.id(), v));
        Map<String, FileResult> files = new LinkedHashMap<>();
        for (Step s : course.steps()) {
            List<Mutant> ofStep = asked.stream().filter(m -> m.step() == s.number()).toList();
            if (ofStep.isEmpty()) {
                continue;
            }
            String contract = contract(s, msg);
            List<MutantResult> results = new ArrayList<>();
            for (Mutant m : ofStep) {
                Verdicts.MutantVerdict v = judged.get(m.id());
                String status = v == null || (!anyValid && v.status() == MutantStatus.SURVIVED) ? "NoCoverage"
                        : status(v.status(), v.kind(), v.problem());
                results.add(new MutantResult(m.id(), m.id(), null, onClause(contract, s, m), status,
                        v == null ? List.of() : v.killedBy(), v == null ? List.of() : covering(v),
                        m.description().in(msg.lang()),
                        learnerReason(v, status, verdict, msg)));
            }
            files.put(contractFile(course, s), new FileResult("text", contract, results));
        }
        Map<String, TestFile> tests = new LinkedHashMap<>();
        tests.put(course.learnerTestFile(), new TestFile(testSource, verdict.tests().stream()
                .map(t -> new TestDefinition(t.id(), t.reason() == null ? t.name()
                        : msg.get("stryker.test.flagged", t.name(), msg.text(t.reason())), method(testSource, t.id()))).toList()));
        Map<String, Object> extra = new LinkedHashMap<>();
        if (step != null) {
            extra.put("step", step);
        }
        return new Report("2", THRESHOLDS, files, tests, framework(version), SystemFacts.now(),
                config(course, "mutants", msg, extra));
    }

    /** The tests that ran the mutant's changed code, its killers among them (a killer ran it, whatever was recorded). */
    private static List<String> covering(Verdicts.MutantVerdict v) {
        java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>(v.reachedBy());
        out.addAll(v.killedBy());
        return List.copyOf(out);
    }

    /** The report as JSON: the schema's keys, nulls left out. */
    public static String json(Report r) {
        return GSON.toJson(r);
    }

    /**
     * The same JSON with every {@code <}, {@code >}, {@code &}, {@code =} and {@code '} written as a {@code \\u} escape,
     * for inlining in a script element: nothing in it can close the element or open a comment.
     */
    static String jsonForScript(Report r) {
        return HTML_SAFE.toJson(r);
    }

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();
    private static final Gson HTML_SAFE = new GsonBuilder().create();

    /** {@code lab/NN-slug.contract}: the name of a step's contract file in the learner's report. */
    public static String contractFile(Course course, Step s) {
        return course.id() + "/" + s.folderName() + ".contract";
    }

    /** A step's contract, one clause a line: {@code id: text}. */
    static String contract(Step s, Messages msg) {
        return String.join("\n", s.clauses().stream()
                .map(c -> c.id() + ": " + c.text().in(msg.lang()).replace('\n', ' ')).toList());
    }

    /**
     * The whole line of the first clause the mutant breaks that the step lists (the first line when it names none),
     * in {@code contract} as {@link #contract} wrote it.
     */
    static Location onClause(String contract, Step s, Mutant m) {
        List<Clause> clauses = s.clauses();
        int line = 1;
        for (String id : m.clauses()) {
            Optional<Clause> c = s.clause(id);
            if (c.isPresent()) {
                line = clauses.indexOf(c.get()) + 1;
                break;
            }
        }
        String[] lines = contract.split("\n", -1);
        int width = line <= lines.length ? lines[line - 1].length() : 0;
        return new Location(new Position(line, 1), new Position(line, width + 1));
    }

    /** What the viewer shows of a mutant: the reference's text at {@code location} replaced by {@code replacement}. */
    record Shown(String replacement, Location location) {}

    /**
     * The edit that carries the bug, as the viewer can draw it. A mutant of several edits shows the first that changes
     * code already in the reference (an edit that only adds lines, such as a new field, is its set-up); the edit is cut
     * to the whole lines that differ, so the text shown never starts or ends on a line break and no line becomes
     * "itself plus new lines" (the viewer the page inlines, mutation-testing-elements 3.5.2, throws "Cannot find
     * corresponding opening tag" on such a mutant and draws no diff; bench/stryker-render.sh clicks every mutant in
     * it); an edit that only adds lines is shown as those lines put before the line that follows them.
     */
    static Shown shown(String reference, Mutant m) {
        Shown added = null;
        for (Mutant.Edit e : m.edits()) {
            int at = e.find().isEmpty() ? -1 : reference.indexOf(e.find());
            if (at < 0) {
                continue;
            }
            Differing d = Differing.of(reference, at, e.find(), e.replace());
            if (d.was().isEmpty() && d.now().isEmpty()) {
                continue;
            }
            if (!d.was().isBlank()) {
                return d.changed(reference);
            }
            if (added == null) {
                added = d.added(reference); // only adds lines (or fills an empty one): set-up, unless nothing else
            }
        }
        return added != null ? added : new Shown(m.edits().get(0).replace(), inReference(reference, m));
    }

    /**
     * The whole lines an edit changes: {@code find} (at {@code at} in the reference) and {@code replace} without the
     * lines they share at either end; {@code from} is where {@code was} starts in the reference.
     */
    private record Differing(int from, String was, String now) {
        /**
         * The edit widened to the whole lines of the reference it touches (the same text before and after it on both
         * sides), so lines compare as lines: a {@code find} that ends before its line's break, and a {@code replace}
         * that is that text plus new lines, only adds lines. Compared as they stood, the first line of the two differed
         * by its break, and the viewer was given "line N → line N plus new lines", whose diff it cannot draw.
         */
        static Differing of(String reference, int at, String find, String replace) {
            int start = reference.lastIndexOf('\n', at - 1) + 1;
            int end = at + find.length();
            if (!find.endsWith("\n")) {
                int eol = reference.indexOf('\n', end);
                end = eol < 0 ? reference.length() : eol + 1;
            }
            String before = reference.substring(start, at);
            String after = reference.substring(at + find.length(), end);
            return of(start, before + find + after, before + replace + after);
        }

        private static Differing of(int at, String find, String replace) {
            List<String> a = java.util.Arrays.asList(find.split("(?<=\n)", -1));
            List<String> b = java.util.Arrays.asList(replace.split("(?<=\n)", -1));
            int pre = 0;
            while (pre < a.size() && pre < b.size() && a.get(pre).equals(b.get(pre))) {
                pre++;
            }
            int post = 0;
            while (post < a.size() - pre && post < b.size() - pre
                    && a.get(a.size() - 1 - post).equals(b.get(b.size() - 1 - post))) {
                post++;
            }
            return new Differing(at + String.join("", a.subList(0, pre)).length(),
                    String.join("", a.subList(pre, a.size() - post)), String.join("", b.subList(pre, b.size() - post)));
        }

        /**
         * A change of existing lines, neither side starting or ending on a line break: the highlighted text starts and
         * ends where a line's text does (a blank line at either end is left in place, which changes only the blank
         * lines the viewer shows).
         */
        Shown changed(String reference) {
            int lead = was.length() - was.replaceFirst("^[\r\n]+", "").length();
            String w = was.replaceFirst("^[\r\n]+", "").replaceFirst("[\r\n]+$", "");
            String n = now.replaceFirst("^[\r\n]+", "").replaceFirst("[\r\n]+$", "");
            return new Shown(n, span(reference, from + lead, from + lead + w.length()));
        }

        /** Added lines: shown as put before the reference's next line with some text (kept as it was). */
        Shown added(String reference) {
            String lines = now.replaceFirst("^\n+", "");
            int start = from;
            while (start < reference.length() && (reference.charAt(start) == '\n' || reference.charAt(start) == '\r')) {
                start++;
            }
            int eol = reference.indexOf('\n', start);
            int to = eol < 0 ? reference.length() : eol;
            return new Shown((lines.endsWith("\n") ? lines : lines + "\n") + reference.substring(start, to),
                    span(reference, start, to));
        }
    }

    /**
     * Where the mutant's first edit's text sits in the reference, start to end; the first line when it is not there
     * (a mutant that no longer applies: its status says so).
     */
    static Location inReference(String reference, Mutant m) {
        String find = m.edits().get(0).find();
        int at = find.isEmpty() ? -1 : reference.indexOf(find);
        if (at < 0) {
            int eol = reference.indexOf('\n');
            return span(reference, 0, eol < 0 ? reference.length() : eol);
        }
        return span(reference, at, at + find.length());
    }

    /** The 1-based line and column of two character offsets. */
    static Location span(String text, int from, int to) {
        return new Location(position(text, from), position(text, to));
    }

    private static Position position(String text, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new Position(line, offset - lineStart + 1);
    }

    /** Stryker's name for a verdict: a kill by time-out is a {@code Timeout}; a mutant that cannot build, a {@code CompileError}. */
    static String status(MutantStatus status, KillKind kind, MutantProblem problem) {
        return switch (status) {
            case KILLED -> kind == KillKind.TIMEOUT ? "Timeout" : "Killed";
            case SURVIVED -> "Survived";
            case ERROR -> problem == MutantProblem.DOES_NOT_COMPILE ? "CompileError" : "RuntimeError";
        };
    }

    private static String auditReason(Verdicts.AuditMutant v, Messages msg) {
        String base = switch (v.status()) {
            case KILLED -> msg.get("stryker.audit.killed", v.killedBy().size(), msg.get("kind." + v.kind().wire()));
            case SURVIVED -> msg.get("stryker.audit.survived");
            case ERROR -> v.reason() == null ? msg.get("stryker.error") : msg.text(v.reason());
        };
        List<String> parts = new ArrayList<>(List.of(base));
        if (v.status() != MutantStatus.ERROR) {
            parts.add(msg.get(v.subtle() ? "report.audit.subtle" : "report.audit.notSubtle"));
        }
        if (v.trials() > 0) {
            parts.add(msg.get("report.audit.trials", v.detected(), v.trials()));
        }
        return String.join(" · ", parts);
    }

    private static String learnerReason(Verdicts.MutantVerdict v, String status, Verdicts.Mutants verdict, Messages msg) {
        if (!verdict.compile().ok()) {
            return msg.get("stryker.mutants.testsDoNotCompile", verdict.compile().diagnostics().stream()
                    .map(d -> d.file() + ":" + d.line() + ":" + d.column() + " " + d.message()).findFirst().orElse(""));
        }
        if (v == null || status.equals("NoCoverage")) {
            return msg.get("stryker.mutants.noValidTest");
        }
        return switch (v.status()) {
            case KILLED -> msg.get("stryker.mutants.killed", v.killedBy().size(), msg.get("kind." + v.kind().wire()));
            case SURVIVED -> msg.get("stryker.mutants.survived");
            case ERROR -> v.reason() == null ? msg.get("stryker.error") : msg.text(v.reason());
        };
    }

    /** Every step's official test class, one entry per official test (and any killer the lesson does not list). */
    private static Map<String, TestFile> officialTests(Course course, Verdicts.Audit audit, Messages msg) {
        Map<String, TestFile> out = new LinkedHashMap<>();
        List<String> known = new ArrayList<>();
        for (Step s : course.steps()) {
            String source = Sources.read(s.testSource());
            List<TestDefinition> tests = new ArrayList<>();
            for (OfficialTest t : s.tests()) {
                tests.add(new TestDefinition(t.id(), t.method() + " — " + t.name().in(msg.lang()),
                        method(source, t.method())));
                known.add(t.id());
            }
            for (Verdicts.AuditMutant m : audit.mutants()) {
                if (m.step() == s.number()) {
                    m.killedBy().stream().filter(k -> !known.contains(k)).forEach(k -> {
                        known.add(k);
                        tests.add(new TestDefinition(k, k, null));
                    });
                }
            }
            out.put(course.id() + "/" + s.folderName() + "/" + s.testClass() + ".java", new TestFile(source, tests));
        }
        return out;
    }

    /** Where a test method is declared, from its id ({@code Class#method}, {@code Class#method[2]} or a bare name). */
    static Location method(String source, String id) {
        String plain = workbook.child.wire.Event.family(id.substring(id.indexOf('#') + 1));
        return JavaMethods.find(source, plain).map(sp -> span(source, sp.start(), sp.end())).orElse(null);
    }

    private static Mutant find(List<Mutant> mutants, String id) {
        return mutants.stream().filter(m -> m.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no mutant " + id + " in the course"));
    }

    private static Framework framework(String version) {
        Map<String, String> deps = new LinkedHashMap<>();
        deps.put("java", System.getProperty("java.version"));
        implementationVersion("org.junit.platform.launcher.Launcher").ifPresent(v -> deps.put("junit-platform", v));
        implementationVersion("org.sqlite.JDBC").ifPresent(v -> deps.put("sqlite-jdbc", v));
        return new Framework("workbook", version, deps);
    }

    private static Optional<String> implementationVersion(String className) {
        try {
            return Optional.ofNullable(Class.forName(className, false, StrykerReport.class.getClassLoader())
                    .getPackage().getImplementationVersion());
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
    }

    private static Map<String, Object> config(Course course, String command, Messages msg, Map<String, Object> extra) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("command", command);
        c.put("lab", course.id());
        c.put("lang", msg.lang());
        c.putAll(extra);
        return c;
    }

    /** What the schema asks about the machine: CI or not, the OS, the cores and the memory. No names, no paths. */
    static final class SystemFacts {
        private SystemFacts() {}

        static SystemInfo now() {
            String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
            String platform = os.startsWith("windows") ? "win32" : os.startsWith("mac") ? "darwin" : os.replace(' ', '-');
            long ramMb = 0;
            if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                    instanceof com.sun.management.OperatingSystemMXBean bean) {
                ramMb = bean.getTotalMemorySize() / (1024 * 1024);
            }
            String ci = System.getenv("CI");
            return new SystemInfo(ci != null && !ci.isBlank() && !ci.equalsIgnoreCase("false"),
                    new Os(platform, System.getProperty("os.version")), new Cpu(Runtime.getRuntime().availableProcessors()),
                    ramMb > 0 ? new Ram(ramMb) : null);
        }
    }

    /** Reads a lab's file as UTF-8. */
    static final class Sources {
        private Sources() {}

        static String read(java.nio.file.Path f) {
            try {
                return java.nio.file.Files.readString(f, java.nio.charset.StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("cannot read " + f, e);
            }
        }
    }
}
