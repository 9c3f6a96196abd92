package workbook.compile;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file javac cannot finish in time ends as a compile error that says so, and the next compile still works. */
class CompileLimitTest {
    @TempDir Path tmp;

    /** Ternaries of generic factories nested 9 deep: 12 KB that javac takes minutes over (inference doubles a level). */
    private static String bomb() {
        String inner = "1";
        for (int i = 0; i < 9; i++) {
            inner = "(b ? java.util.List.of(" + inner + ") : java.util.Set.of(" + inner + "))";
        }
        return "class Bomb { static boolean b; static Object x = " + inner + "; }\n";
    }

    @Test
    void aCompileBombStopsAtTheLimitAsACompileError() throws Exception {
        Path src = Files.writeString(tmp.resolve("Bomb.java"), bomb());
        Compiler c = new Compiler(Locale.ROOT, Duration.ofSeconds(2));
        long t0 = System.nanoTime();
        CompileResult r = c.compile(List.of(src), List.of(), Files.createDirectories(tmp.resolve("out")));
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertFalse(r.ok(), "not compiled");
        assertTrue(millis < 10_000, "stopped near its limit of 2 s, not after " + millis + " ms");
        assertTrue(r.diagnostics().get(0).message().contains("javac took longer than 2 s"), r.diagnostics().toString());

        Path ok = Files.writeString(tmp.resolve("Fine.java"), "class Fine { int x = 1; }\n");
        assertTrue(c.compile(List.of(ok), List.of(), Files.createDirectories(tmp.resolve("out2"))).ok(),
                "the next compile is not held by the one abandoned");
    }
}
