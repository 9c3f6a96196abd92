package workbook.grade;

import workbook.verdict.Wire;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import workbook.catalogue.Clause;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;
import workbook.catalogue.OfficialTest;
import workbook.catalogue.Step;
import workbook.catalogue.Text;
import workbook.compile.CompileResult;

/**
 * The content lint: what a lab's files must hold before any verdict means something. Every clause is held by a test
 * and embodied by a mutant, every test and mutant names a clause its step has, every text exists in both languages,
 * every mutant applies exactly once and compiles, and the runner's own messages exist in both languages. Findings
 * are facts ({@link Finding}); {@code report/} turns them into sentences.
 */
public final class Lint {
    /** The languages every learner-facing text must exist in. */
    public static final List<String> LANGUAGES = List.of("ko", "en");

    /** What kind of problem a finding is; its {@code args} fill the message {@code lint.<wire>}. */
    public enum Kind implements Wire {
        TEST_UNKNOWN_CLAUSE, CLAUSE_WITHOUT_TEST, CLAUSE_WITHOUT_MUTANT, MUTANT_WITHOUT_CLAUSE, MUTANT_UNKNOWN_CLAUSE,
        MUTANT_UNKNOWN_STEP, MUTANT_NOT_APPLICABLE, MUTANT_DOES_NOT_COMPILE, TEXT_MISSING, FILE_MISSING,
        MESSAGE_MISSING, SKELETON_DOES_NOT_COMPILE, SKELETON_STARTED, TEST_NOT_IN_CLASS, TEST_NOT_LISTED
    }

    /** One problem of the content. */
    public record Finding(Kind kind, List<String> args) {
        public static Finding of(Kind kind, Object... args) {
            return new Finding(kind, java.util.Arrays.stream(args).map(String::valueOf).toList());
        }
    }

    private Lint() {}

    /** Everything that needs no compiler: the clause bookkeeping, the texts, the files, the message bundles. */
    public static List<Finding> content(Course course) {
        List<Finding> out = new ArrayList<>();
        course.steps().forEach(s -> step(course, s, out));
        course.mutants().forEach(m -> mutant(course, m, out));
        out.addAll(messages());
        for (var lang : course.words().entrySet()) {
            Set<String> bundle = keysOf(lang.getKey());
            lang.getValue().keySet().stream().filter(k -> !bundle.contains(k)).sorted()
                    .forEach(k -> out.add(Finding.of(Kind.MESSAGE_MISSING, "words." + k, lang.getKey())));
        }
        return out;
    }

    /** One step: its texts in both languages, its files, and every clause held by a test and broken by a mutant. */
    private static void step(Course course, Step s, List<Finding> out) {
        texts(out, "step " + s.number() + " title", s.title());
        for (String f : List.of("", "hints.", "after.")) {
            for (String lang : LANGUAGES) {
                if (!Files.exists(s.folder().resolve(f + lang + ".md"))) {
                    out.add(Finding.of(Kind.FILE_MISSING, s.folder().getFileName() + "/" + f + lang + ".md"));
                }
            }
        }
        if (!Files.exists(s.testSource())) {
            out.add(Finding.of(Kind.FILE_MISSING, s.folder().getFileName() + "/" + s.testClass() + ".java"));
        } else {
            testMethods(out, s);
        }
        for (Clause c : s.clauses()) {
            texts(out, "clause " + c.key(), c.text());
            if (s.tests().stream().noneMatch(t -> c.id().equals(t.clause()))) {
                out.add(Finding.of(Kind.CLAUSE_WITHOUT_TEST, c.key()));
            }
            if (course.mutantsOf(s.number()).stream().noneMatch(m -> m.clauses().contains(c.id()))) {
                out.add(Finding.of(Kind.CLAUSE_WITHOUT_MUTANT, c.key()));
            }
        }
        for (OfficialTest t : s.tests()) {
            texts(out, "test " + t.id(), t.name());
            if (t.clause() == null || s.clause(t.clause()).isEmpty()) {
                out.add(Finding.of(Kind.TEST_UNKNOWN_CLAUSE, t.id(), t.clause()));
            }
        }
    }

    /** One mutant: a step that exists, texts in both languages, and clauses of its own step. */
    private static void mutant(Course course, Mutant m, List<Finding> out) {
        Step own = course.step(m.step()).orElse(null);
        if (own == null) {
            out.add(Finding.of(Kind.MUTANT_UNKNOWN_STEP, m.id(), m.step()));
            return;
        }
        texts(out, "mutant " + m.id(), m.description());
        if (m.clauses().isEmpty()) {
            out.add(Finding.of(Kind.MUTANT_WITHOUT_CLAUSE, m.id()));
        }
        m.clauses().stream().filter(c -> own.clause(c).isEmpty())
                .forEach(c -> out.add(Finding.of(Kind.MUTANT_UNKNOWN_CLAUSE, m.id(), c, m.step())));
    }

    /** Every test step.json lists is a test method of the class, and every test method is listed (else it is never graded). */
    private static void testMethods(List<Finding> out, Step s) {
        String source;
        try {
            source = Files.readString(s.testSource());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        java.util.Set<String> inClass = new java.util.LinkedHashSet<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("@(?:Test|RepeatedTest\\([^)]*\\)|ParameterizedTest)\\s+(?:@[^\\n]*\\s+)*void\\s+(\\w+)\\s*\\(")
                .matcher(source);
        while (m.find()) {
            inClass.add(m.group(1));
        }
        java.util.Set<String> listed = new java.util.LinkedHashSet<>();
        s.tests().forEach(t -> listed.add(t.method()));
        listed.stream().filter(t -> !inClass.contains(t)).forEach(t -> out.add(Finding.of(Kind.TEST_NOT_IN_CLASS, s.testClass() + "#" + t)));
        inClass.stream().filter(t -> !listed.contains(t)).forEach(t -> out.add(Finding.of(Kind.TEST_NOT_LISTED, s.testClass() + "#" + t)));
    }

    /** Adds to {@link #content} what needs the compiler: the skeleton and every mutant compile, each mutant applies once. */
    public static List<Finding> all(Builds builds) {
        List<Finding> out = new ArrayList<>(content(builds.course()));
        try {
            builds.skeleton();
        } catch (IllegalStateException e) {
            out.add(Finding.of(Kind.SKELETON_DOES_NOT_COMPILE, e.getMessage()));
        }
        for (Mutant m : builds.course().mutants()) {
            try {
                CompileResult c = builds.mutant(m);
                if (!c.ok()) {
                    out.add(Finding.of(Kind.MUTANT_DOES_NOT_COMPILE, m.id(), c.diagnostics().isEmpty() ? ""
                            : c.diagnostics().get(0).message()));
                }
            } catch (Mutant.NotApplicable e) {
                out.add(Finding.of(Kind.MUTANT_NOT_APPLICABLE, m.id(), e.count()));
            }
        }
        return out;
    }

    private static void texts(List<Finding> out, String what, Text text) {
        for (String lang : LANGUAGES) {
            String s = text.byLang().get(lang);
            if (s == null || s.isBlank()) {
                out.add(Finding.of(Kind.TEXT_MISSING, what, lang));
            }
        }
    }

    /** Every key of one language's message bundle is in the other's too. */
    /** The keys of the workbook's message bundle in one language. */
    private static Set<String> keysOf(String lang) {
        Properties p = new Properties();
        try (InputStream in = Lint.class.getResourceAsStream("/workbook/messages_" + lang + ".properties")) {
            if (in != null) {
                p.load(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new TreeSet<>(p.stringPropertyNames());
    }

    static List<Finding> messages() {
        List<Set<String>> keys = new ArrayList<>();
        for (String lang : LANGUAGES) {
            keys.add(keysOf(lang));
        }
        List<Finding> out = new ArrayList<>();
        for (int i = 0; i < LANGUAGES.size(); i++) {
            for (int j = 0; j < LANGUAGES.size(); j++) {
                if (i != j) {
                    for (String k : keys.get(i)) {
                        if (!keys.get(j).contains(k)) {
                            out.add(Finding.of(Kind.MESSAGE_MISSING, k, LANGUAGES.get(j)));
                        }
                    }
                }
            }
        }
        return out;
    }
}
