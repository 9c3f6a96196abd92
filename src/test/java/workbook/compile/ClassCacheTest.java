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

    /** A learner file of hundreds of megabytes is refused by its size, before it is read, hashed or compiled. */
    @Test
    void anOversizedSourceFileIsRefusedByItsSizeAlone() throws Exception {
        ClassCache cache = new ClassCache(root, new Compiler(Locale.ENGLISH));
        Path big = root.resolveSibling(root.getFileName() + "-big").resolve("Jobs.java");
        java.nio.file.Files.createDirectories(big.getParent());
        try (var f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(ClassCache.MAX_SOURCE_BYTES + 1); // sparse: its size is all that is asked
        }
        long t0 = System.nanoTime();
        CompileResult r = cache.compileFiles("learner", List.of(big), List.of());
        org.junit.jupiter.api.Assertions.assertFalse(r.ok());
        org.junit.jupiter.api.Assertions.assertTrue(r.diagnostics().get(0).message().contains("at most 1024 KB"),
                r.diagnostics().toString());
        org.junit.jupiter.api.Assertions.assertEquals(big.toString(), r.diagnostics().get(0).file());
        org.junit.jupiter.api.Assertions.assertTrue((System.nanoTime() - t0) / 1_000_000 < 2_000, "refused at once");
    }

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

    /**
     * What Windows editors save: a UTF-8 byte order mark, or CP949 (Korean Windows' default) with a Korean comment and
     * a Korean string. Both compile; the CP949 string keeps its Korean, and an error still names the learner's file.
     */
    @Test
    void aByteOrderMarkOrACp949FileCompilesAsItsText() throws Exception {
        ClassCache cache = new ClassCache(root, new Compiler(Locale.ENGLISH));
        Path src = Files.createDirectories(root.resolve("ws/p"));
        Path bom = src.resolve("B.java");
        Files.writeString(bom, "\uFEFFpackage p; public class B { }");
        assertTrue(cache.compileFiles("learner", List.of(bom), List.of()).ok(), "a byte order mark is no error");

        Path cp949 = src.resolve("K.java");
        String text = "package p;\n// 작업 테이블 (메모장에서 저장)\npublic class K { public static String word() { return \"임대\"; } }\n";
        Files.write(cp949, text.getBytes(java.nio.charset.Charset.forName("x-windows-949")));
        CompileResult k = cache.compileFiles("learner", List.of(cp949), List.of());
        assertTrue(k.ok(), "CP949 compiles: " + k.diagnostics());
        try (java.net.URLClassLoader l = new java.net.URLClassLoader(new java.net.URL[] {k.classes().toUri().toURL()})) {
            assertEquals("임대", l.loadClass("p.K").getMethod("word").invoke(null), "read as CP949, not as broken UTF-8");
        }

        Files.write(cp949, (text + "class Broken {").getBytes(java.nio.charset.Charset.forName("x-windows-949")));
        CompileResult broken = cache.compileFiles("learner", List.of(cp949), List.of());
        assertFalse(broken.ok());
        assertEquals(cp949.toString(), broken.diagnostics().get(0).file(), "the learner's file, not the copy compiled");
    }
}
