package workbook.grade;

import workbook.verdict.Wire;
import workbook.verdict.PitStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import workbook.catalogue.Course;
import workbook.catalogue.OfficialTest;
import workbook.catalogue.PitEquivalent;
import workbook.catalogue.Step;

/**
 * PIT as a second opinion on a lab's official tests: which of PIT's mutants of the reference no official test
 * noticed, put in the lab's terms (its steps and their contract clauses), with the ones the author has written down as
 * equivalent kept apart.
 *
 * <p>A mutant belongs to a step by its method: the step whose class ({@code file}) is the mutated class and whose
 * {@code method}/{@code methods} hold the mutated method (a lambda counts as the method it is written in). A helper
 * no step names belongs to the one step of its class, when its class has one step; else to the one step whose
 * official tests are the only ones that ran over it; else to no step. Its clauses are the clauses held by the
 * official tests that ran over it and passed, those of its own step first: the sentences whose tests did not notice.
 */
public final class PitAudit {
    private PitAudit() {}

    /** How a mutant was put in its step. */
    public enum Via implements Wire {
        /** the step names the mutated method */
        METHOD,
        /** a helper, in a class only one step is about */
        FILE,
        /** a helper that only one step's official tests ran over */
        TESTS,
        /** a helper of several steps, or of none */
        NONE
    }

    /**
     * One PIT mutant the official tests did not detect. {@code step} is 0 when it belongs to no step; {@code clauses}
     * are clause keys ({@code 2/held}); {@code coveredBy} the ids of the official tests that ran over it; {@code reason}
     * is null for a real survivor and, by language, the author's reason for an equivalent one.
     */
    public record Mutant(String className, String method, int line, String mutator, String description, int index,
                         PitStatus status, int step, String slug, Via via, List<String> clauses, List<String> coveredBy,
                         Map<String, String> reason) {}

    /** Why an entry of the equivalents file does not fit the report. */
    public enum StaleKind implements Wire {
        /** no mutant of the report has that class, method, line, mutator and description */
        NOT_IN_REPORT,
        /** the report has it, and an official test detects it: it is not equivalent */
        DETECTED
    }

    public record Stale(String className, String method, int line, String mutator, String description, int index,
                        StaleKind why) {}

    /**
     * A lab's PIT view. {@code ok}: every undetected mutant is written down as equivalent and every entry written
     * down still fits the report. {@code report} is the mutations.xml read, as given.
     */
    public record Verdict(String command, String lab, boolean ok, String report, int mutants, int detected,
                          List<Mutant> survivors, List<Mutant> equivalent, List<Stale> stale) {}

    public static Verdict of(Course course, String report, List<PitReport.Mutation> mutations,
                             List<PitEquivalent> equivalents) {
        Map<String, OfficialTest> official = new LinkedHashMap<>();
        course.tests().forEach(t -> official.put(t.key(), t));
        List<Mutant> survivors = new ArrayList<>();
        List<Mutant> equivalent = new ArrayList<>();
        for (PitReport.Mutation m : mutations) {
            if (!m.status().undetected()) {
                continue;
            }
            Optional<PitEquivalent> written = equivalents.stream().filter(e -> same(e, m)).findFirst();
            Mutant row = row(course, official, m, written.map(e -> e.reason().byLang()).orElse(null));
            (written.isPresent() ? equivalent : survivors).add(row);
        }
        List<Stale> stale = new ArrayList<>();
        for (PitEquivalent e : equivalents) {
            List<PitReport.Mutation> matching = mutations.stream().filter(x -> same(e, x)).toList();
            if (matching.stream().noneMatch(x -> x.status().undetected())) {
                stale.add(new Stale(e.className(), e.method(), e.line(), e.mutatorName(), e.description(), e.index(),
                        matching.isEmpty() ? StaleKind.NOT_IN_REPORT : StaleKind.DETECTED));
            }
        }
        Comparator<Mutant> order = Comparator.<Mutant>comparingInt(x -> x.step() == 0 ? Integer.MAX_VALUE : x.step())
                .thenComparing(Mutant::className).thenComparingInt(Mutant::line).thenComparing(Mutant::mutator);
        survivors.sort(order);
        equivalent.sort(order);
        int detected = (int) mutations.stream().filter(m -> !m.status().undetected()).count();
        return new Verdict("audit-pit", course.id(), survivors.isEmpty() && stale.isEmpty(), report, mutations.size(),
                detected, List.copyOf(survivors), List.copyOf(equivalent), List.copyOf(stale));
    }

    private static boolean same(PitEquivalent e, PitReport.Mutation m) {
        return e.className().equals(m.className()) && e.method().equals(m.method()) && e.line() == m.line()
                && e.mutatorName().equals(m.mutatorName()) && e.description().equals(m.description())
                && (e.index() < 0 || e.index() == m.index());
    }

    private static Mutant row(Course course, Map<String, OfficialTest> official, PitReport.Mutation m,
                              Map<String, String> reason) {
        List<OfficialTest> ran = m.tests().stream().map(t -> official.get(t.key())).filter(t -> t != null).toList();
        Via via = Via.METHOD;
        Optional<Step> step = course.steps().stream()
                .filter(s -> classOf(course, s).equals(m.outerClass()) && s.methods().contains(m.sourceMethod())).findFirst();
        if (step.isEmpty()) {
            via = Via.FILE;
            List<Step> ofClass = course.steps().stream().filter(s -> classOf(course, s).equals(m.outerClass())).toList();
            step = ofClass.size() == 1 ? Optional.of(ofClass.get(0)) : Optional.empty();
        }
        if (step.isEmpty()) {
            via = Via.TESTS;
            List<Step> byTests = ran.stream().map(OfficialTest::step).distinct().toList();
            step = byTests.size() == 1 ? Optional.of(byTests.get(0)) : Optional.empty();
        }
        if (step.isEmpty()) {
            via = Via.NONE;
        }
        int number = step.map(Step::number).orElse(0);
        Set<String> clauses = new LinkedHashSet<>();
        step.ifPresent(s -> s.clauses().forEach(c -> {
            if (ran.stream().anyMatch(t -> t.step() == s && c.id().equals(t.clause()))) {
                clauses.add(c.key());
            }
        }));
        for (OfficialTest t : ran) {
            if (t.clause() != null && t.step().number() != number) {
                clauses.add(t.step().number() + "/" + t.clause());
            }
        }
        List<String> coveredBy = m.tests().stream()
                .map(t -> official.containsKey(t.key()) ? official.get(t.key()).id() : t.key()).toList();
        return new Mutant(m.className(), m.method(), m.line(), m.mutatorName(), m.description(), m.index(), m.status(), number,
                step.map(Step::slug).orElse(null), via, List.copyOf(clauses), coveredBy,
                reason == null ? null : Map.copyOf(reason));
    }

    /** The learner class a step is about: its {@code file}, else the lab's main class. */
    private static String classOf(Course course, Step s) {
        return s.file() == null ? course.learnerClass() : s.file();
    }
}
