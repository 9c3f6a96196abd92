package workbook.compile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cache entry is used only while its classes are exactly what javac wrote: a poisoned entry is rebuilt. */
class ClassCacheTest {
    @TempDir Path root;

    private static final List<ClassCache.Source> SOURCES = List.of(new ClassCache.Source("p/A.java",
            "package p; public class A { public static int answer() { return 42; } }"));

    @Test
    void aReplacedClassFileIsNotTrustedAndTheEntryIsRebuilt() throws Exception {
        ClassCache cache = new ClassCache(root, new Compiler(Locale.ENGLISH));
        Path classes = cache.compileTexts("tests", SOURCES, List.of()).classes();
        Path a = classes.resolve("p/A.class");
        byte[] compiled = Files.readAllBytes(a);
        Files.write(a, new byte[] {(byte) 0xCA, (byte) 0xFE, 0, 0}); // a learner's stub in its place

        Path again = cache.compileTexts("tests", SOURCES, List.of()).classes();

        assertEquals(classes, again, "the same key, the same place");
        assertArrayEquals(compiled, Files.readAllBytes(again.resolve("p/A.class")), "rebuilt from the sources");
    }

    @Test
    void anAddedClassOrAMissingSealIsNotTrustedEither() throws Exception {
        ClassCache cache = new ClassCache(root, new Compiler(Locale.ENGLISH));
        Path classes = cache.compileTexts("tests", SOURCES, List.of()).classes();
        Files.writeString(classes.resolve("p/Extra.class"), "planted");
        cache.compileTexts("tests", SOURCES, List.of());
        assertFalse(Files.exists(classes.resolve("p/Extra.class")), "a planted class is gone after the next use");

        Files.delete(classes.resolveSibling("seal"));
        cache.compileTexts("tests", SOURCES, List.of());
        assertTrue(Files.isRegularFile(classes.resolveSibling("seal")), "an entry without its seal is rebuilt");
    }
}
