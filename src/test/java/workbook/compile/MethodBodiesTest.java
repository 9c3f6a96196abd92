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
}
