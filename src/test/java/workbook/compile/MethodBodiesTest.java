package workbook.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MethodBodiesTest {
    private static final String SOURCE = """
            package p;

            final class Jobs {
                private static final int LIMIT = 3;
                record Lease(String owner, long fence) {
                    Lease {
                        if (fence < 0) throw new IllegalArgumentException();
                    }
                    boolean heldBy(String who) { return owner.equals(who); }
                }
                private Jobs() {}
                static int claim(String id, long now) {
                    Runnable r = () -> System.out.println("{" + id);
                    return helper(now) + LIMIT;
                }
                private static int helper(long now) { return (int) now; }
                static int helper(String s) { return s.length(); }
                interface Clock { long now(); default long later() { return now() + 1; } }
            }
            """;

    @Test
    void findsEveryMethodBodyOfTheClassAndItsMemberClassesButNoConstructor() {
        List<String> keys = MethodBodies.of(SOURCE).bodies().stream().map(MethodBodies.Body::key).toList();
        assertEquals(List.of("Jobs.Lease#heldBy(String)", "Jobs#claim(String,long)", "Jobs#helper(long)",
                "Jobs#helper(String)", "Jobs.Clock#later()"), keys);
    }

    @Test
    void instrumentingKeepsLinesAndCallsTheRecorderFirstInEachBody() {
        String out = MethodBodies.of(SOURCE).instrument("R.hit");
        assertEquals(SOURCE.lines().count(), out.lines().count());
        assertTrue(out.contains("static int claim(String id, long now) { R.hit(\"Jobs#claim(String,long)\");"), out);
        assertTrue(out.contains("boolean heldBy(String who) { R.hit(\"Jobs.Lease#heldBy(String)\"); return"), out);
        assertTrue(out.contains("private Jobs() {}"), "constructors are left alone: " + out);
        assertTrue(out.contains("Runnable r = () -> System.out.println(\"{\" + id);"), "a lambda belongs to its method: " + out);
    }

    @Test
    void aChangeInsideBodiesNamesThoseBodies() {
        String mutant = SOURCE.replace("return helper(now) + LIMIT;", "return helper(now) + LIMIT - 1;")
                .replace("return s.length();", "return 0;");
        assertEquals(Optional.of(Set.of("Jobs#claim(String,long)", "Jobs#helper(String)")), MethodBodies.changed(SOURCE, mutant));
        assertEquals(Optional.of(Set.of()), MethodBodies.changed(SOURCE, SOURCE));
    }

    @Test
    void aChangeOutsideTheBodiesMayReachAnyTest() {
        assertEquals(Optional.empty(), MethodBodies.changed(SOURCE, SOURCE.replace("LIMIT = 3", "LIMIT = 4")), "a field");
        assertEquals(Optional.empty(), MethodBodies.changed(SOURCE, SOURCE.replace("static int claim", "static synchronized int claim")),
                "a modifier");
        assertEquals(Optional.empty(), MethodBodies.changed(SOURCE, SOURCE.replace("fence < 0", "fence < 1")), "a constructor");
        assertEquals(Optional.empty(), MethodBodies.changed(SOURCE,
                SOURCE.replace("    private Jobs() {}", "    private Jobs() {}\n    static void extra() {}")), "a new method");
        assertEquals(Optional.empty(), MethodBodies.changed(SOURCE, "class Broken {"), "a source that does not parse");
    }

    @Test
    void schemataHoldsTheReferenceAndEveryVariantAndAsksWhichOneRuns() {
        String one = SOURCE.replace("return helper(now) + LIMIT;", "return helper(now) + LIMIT - 1;");
        String two = SOURCE.replace("return owner.equals(who);", "return true;")
                .replace("return helper(now) + LIMIT;", "return helper(now);");
        String out = MethodBodies.schemata(SOURCE, java.util.Map.of(1, one, 2, two), "A.is").orElseThrow();
        assertTrue(out.contains("static int claim(String id, long now) { if (A.is(1)) return claim$1(id, now); if (A.is(2)) return claim$2(id, now);"), out);
        assertTrue(out.contains("static int claim$1(String id, long now) {"), out);
        assertTrue(out.contains("return helper(now) + LIMIT - 1;"), out);
        assertTrue(out.contains("boolean heldBy(String who) { if (A.is(2)) return heldBy$2(who);"), "a nested record's method: " + out);
        assertTrue(out.contains("return helper(now) + LIMIT;"), "the reference's own body stays: " + out);
        List<String> keys = MethodBodies.of(out).bodies().stream().map(MethodBodies.Body::key).toList();
        assertTrue(keys.containsAll(List.of("Jobs#claim$1(String,long)", "Jobs#claim$2(String,long)", "Jobs.Lease#heldBy$2(String)")),
                "the added methods parse: " + keys);
    }

    @Test
    void schemataIsNotMadeWhenAVariantChangesMoreThanBodies() {
        assertEquals(Optional.empty(), MethodBodies.schemata(SOURCE, java.util.Map.of(1, SOURCE.replace("LIMIT = 3", "LIMIT = 4")), "A.is"));
    }

    @Test
    void staticStateIsAFieldThatIsNotAConstantOrAStaticBlock() {
        assertTrue(!MethodBodies.keepsStaticState(SOURCE), "constants and records only");
        assertTrue(MethodBodies.keepsStaticState("class T { static int runs; }"));
        assertTrue(MethodBodies.keepsStaticState("class T { static final java.util.List<String> seen = new java.util.ArrayList<>(); }"));
        assertTrue(MethodBodies.keepsStaticState("class T { static class In { static String last; } }"));
        assertTrue(MethodBodies.keepsStaticState("class T { static { System.setProperty(\"x\", \"y\"); } }"));
        assertTrue(!MethodBodies.keepsStaticState("class T { private static final double EPOCH = 1.7e9; int perTest; }"));
        assertTrue(MethodBodies.keepsStaticState("class Broken {"), "a source that does not parse");
        assertTrue(!MethodBodies.keepsStaticState("class T { static final List<String> KINDS = List.of(\"A\", \"B\");"
                + " static final Pattern P = Pattern.compile(\"[A-Z]{1,32}\"); static final Map<String, Integer> M ="
                + " Map.of(\"a\", 1); }"), "immutable factories of literals");
        assertTrue(MethodBodies.keepsStaticState("class T { static final List<String> L = List.of(next()); }"),
                "a factory of something computed");
        assertTrue(MethodBodies.keepsStaticState("class T { static final List<String> L = Collections.unmodifiableList(new ArrayList<>()); }"));
        assertTrue(MethodBodies.keepsStaticState("class T { static List<String> L = List.of(\"a\"); }"), "not final");
    }
}
