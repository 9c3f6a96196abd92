package workbook.grade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import workbook.catalogue.Clause;
import workbook.catalogue.Mutant;
import workbook.catalogue.Text;
import workbook.run.TestResult;
import workbook.child.wire.TestStatus;
import workbook.verdict.KillKind;
import workbook.verdict.MutantProblem;
import workbook.verdict.MutantStatus;
import workbook.verdict.Reason;
import workbook.verdict.Verdicts;

/**
 * {@link MutantsFlow#read} on plans and results made by hand: what the runs found is turned into the verdict without a
 * compiler, a child JVM or a lab on disk.
 */
class MutantsFlowReadTest {
    private static final String FIRST = "QueueTest#first";
    private static final String SECOND = "QueueTest#second";

    private static Mutant mutant(String id, int step, String clause) {
        return new Mutant(id, step, "step-" + step, null, 0, 0, Text.same("breaks " + clause), List.of(clause),
                List.of(), List.of(), null);
    }

    private static TestResult on(String run, String key, TestStatus status) {
        return new TestResult(run, 0, key, key, status, null, null, null, List.of(), null);
    }

    private static Verdicts.LearnerTest valid(String key) {
        return new Verdicts.LearnerTest(key, key, true, null, 3);
    }

    private static final Mutant KILLED = mutant("01-killed", 1, "order");
    private static final Mutant FLAKY = mutant("02-flaky", 2, "bound");
    private static final Mutant UNUSABLE = mutant("03-unusable", 2, "bound");
    private static final Mutant CRASHED = mutant("04-crashed", 2, "empty");

    private static final List<Clause> CLAUSES = List.of(new Clause(1, "order", Text.same("first in, first out")),
            new Clause(2, "empty", Text.same("an empty queue gives nothing")),
            new Clause(2, "bound", Text.same("a full queue refuses")));

    private static MutantsFlow.Plan plan(List<Mutant> mutants) {
        MutantsFlow.OnReference ref = new MutantsFlow.OnReference(List.of(valid(FIRST), valid(SECOND)),
                List.of(FIRST, SECOND), List.of(), null);
        MutantProblem.Unusable unusable = new MutantProblem.Unusable(MutantProblem.NOT_APPLICABLE,
                Reason.of("mutant.notApplicable", UNUSABLE.id(), 0));
        return new MutantsFlow.Plan("QueueTest.java", mutants, ref, List.of(), Map.of(),
                Map.of(UNUSABLE.id(), unusable), Map.of(KILLED.id(), List.of(FIRST, SECOND)), false, CLAUSES);
    }

    @Test
    void aKillThatHeldIsAKillOneThatDidNotIsAFlakyTestAndItsClauseIsUnheld() {
        MutantsFlow.Results results = new MutantsFlow.Results(
                Map.of(KILLED.id(), Map.of(FIRST, on(KILLED.id(), FIRST, TestStatus.FAILED),
                                SECOND, on(KILLED.id(), SECOND, TestStatus.PASSED)),
                        FLAKY.id(), Map.of(SECOND, on(FLAKY.id(), SECOND, TestStatus.TIMEOUT))),
                Map.of(KILLED.id(), List.of(FIRST), FLAKY.id(), List.of()), Set.of(), Map.of());

        Verdicts.Mutants v = MutantsFlow.read(plan(List.of(KILLED, FLAKY)), results);

        assertEquals(MutantStatus.KILLED, v.mutants().get(0).status());
        assertEquals(List.of(FIRST), v.mutants().get(0).killedBy());
        assertEquals(KillKind.ASSERTION, v.mutants().get(0).kind());
        assertEquals(List.of(FIRST, SECOND), v.mutants().get(0).reachedBy());
        assertEquals(MutantStatus.SURVIVED, v.mutants().get(1).status(), "a kill that did not hold up counts for nothing");
        assertEquals(1, v.killed());
        assertNull(v.tests().get(0).reason());
        assertEquals(Reason.of("mutants.flakyKill", FLAKY.id()), v.tests().get(1).reason());
        assertEquals(List.of(new Verdicts.Unheld(2, "bound", Text.same("a full queue refuses"))), v.unheld());
        assertEquals(Reason.of("next.holdClause", 2, Text.same("a full queue refuses")), v.next());
    }

    @Test
    void aMutantThatCannotRunOrWhoseRunFailedIsAnErrorAndAVoidedTestSaysWhy() {
        MutantsFlow.Results results = new MutantsFlow.Results(
                Map.of(UNUSABLE.id(), Map.of(), CRASHED.id(), Map.of(),
                        FLAKY.id(), Map.of(SECOND, on(FLAKY.id(), SECOND, TestStatus.FAILED))),
                Map.of(UNUSABLE.id(), List.of(), CRASHED.id(), List.of(), FLAKY.id(), List.of()), Set.of(SECOND),
                Map.of(CRASHED.id(), "java.lang.NoClassDefFoundError: Queue"));

        Verdicts.Mutants v = MutantsFlow.read(plan(List.of(UNUSABLE, CRASHED, FLAKY)), results);

        assertEquals(MutantStatus.ERROR, v.mutants().get(0).status());
        assertEquals(MutantProblem.NOT_APPLICABLE, v.mutants().get(0).problem());
        assertEquals(MutantStatus.ERROR, v.mutants().get(1).status());
        assertEquals(MutantProblem.RUN_FAILED, v.mutants().get(1).problem());
        assertEquals(Reason.asIs("java.lang.NoClassDefFoundError: Queue"), v.mutants().get(1).reason());
        assertEquals(MutantStatus.SURVIVED, v.mutants().get(2).status());
        assertEquals(Reason.of("mutants.failsOnReferenceLater"), v.tests().get(1).reason(),
                "a test that failed beside the reference later is voided, not merely flaky");
        assertEquals(List.of(new Verdicts.Unheld(2, "bound", Text.same("a full queue refuses"))), v.unheld(),
                "only the survivor holds its clause open: a mutant that could not run does not");
    }

    @Test
    void withoutLearnerTestsTheNextStepIsToWriteSome() {
        MutantsFlow.Plan none = new MutantsFlow.Plan("QueueTest.java", List.of(KILLED),
                new MutantsFlow.OnReference(List.of(), List.of(), List.of(), null), List.of(), Map.of(), Map.of(),
                Map.of(), false, CLAUSES);
        Verdicts.Mutants v = MutantsFlow.read(none, new MutantsFlow.Results(Map.of(KILLED.id(), Map.of()),
                Map.of(KILLED.id(), List.of()), Set.of(), Map.of()));
        assertEquals(MutantStatus.SURVIVED, v.mutants().get(0).status());
        assertEquals(Reason.of("next.writeTests", "QueueTest.java"), v.next());
    }
}
