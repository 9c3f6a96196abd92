package workbook.compile;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles Java sources in this JVM with {@code javax.tools}. Compiling runs no learner code: annotation
 * processing is off ({@code -proc:none}).
 */
public final class Compiler {
    private final JavaCompiler javac;
    private final Locale locale;
    private StandardJavaFileManager files;
    private final java.time.Duration limit;

    public Compiler(Locale locale) {
        this(locale, LIMIT);
    }

    /** A compiler that gives up on one compilation after {@code limit}. */
    public Compiler(Locale locale, java.time.Duration limit) {
        this.limit = limit;
        this.javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no Java compiler: run the workbook with a JDK, not a JRE");
        }
        this.locale = locale;
    }

    public Locale locale() {
        return locale;
    }

    /** Compiles once into a throwaway folder, so the JIT has seen javac before the learner's first save. */
    public void warmUp(List<Path> sources, List<Path> classpath, Path tmp) {
        try {
            Path out = workbook.workspace.Folders.scratch(tmp, "workbook-warmup-");
            compile(sources, classpath, out);
            workbook.workspace.Folders.deleteQuietly(out);
        } catch (IOException e) {
            // warming up is only an optimisation
        }
    }

    /** One file manager for the compiler's life: it keeps the class-path jars open and indexed between compiles. */
    private StandardJavaFileManager files() {
        if (files == null) {
            files = javac.getStandardFileManager(null, locale, StandardCharsets.UTF_8);
        }
        return files;
    }

    /**
     * The longest one compilation may take ({@code -Dworkbook.compileSeconds}, 60 unless set): a learner's file that
     * javac cannot finish (a few kilobytes of nested generic expressions can take it hours) ends as a compile error,
     * in every command, instead of holding the command.
     */
    static final java.time.Duration LIMIT = java.time.Duration.ofSeconds(Long.getLong("workbook.compileSeconds", 60));

    /** The task's result, or null when it ran past {@code limit} (then its thread is stopped, where the JDK can). */
    @SuppressWarnings({"deprecation", "removal"})
    private static Boolean within(JavaCompiler.CompilationTask task, java.time.Duration limit) {
        java.util.concurrent.FutureTask<Boolean> f = new java.util.concurrent.FutureTask<>(task::call);
        Thread t = new Thread(f, "javac");
        t.setDaemon(true);
        t.start();
        try {
            return f.get(limit.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            f.cancel(true);
            try {
                t.stop(); // javac does not heed interrupts; JDK 17 can still stop a thread, later ones throw
            } catch (UnsupportedOperationException | SecurityException ignored) {
                // it runs on as a daemon until the command ends
            }
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while compiling", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Compiles {@code sources} into {@code out} against exactly {@code classpath} (and the JDK). */
    public synchronized CompileResult compile(List<Path> sources, List<Path> classpath, Path out) {
        DiagnosticCollector<JavaFileObject> collector = new DiagnosticCollector<>();
        StandardJavaFileManager files = files();
        {
            List<String> cp = new ArrayList<>();
            classpath.forEach(p -> cp.add(p.toString()));
            List<String> options = List.of("--release", "17", "-proc:none", "-encoding", "UTF-8", "-g",
                    "-nowarn", "-Xlint:none", "-implicit:none", "-d", out.toString(),
                    "-classpath", String.join(File.pathSeparator, cp));
            Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(sources);
            StringWriter noise = new StringWriter();
            JavaCompiler.CompilationTask task = javac.getTask(noise, files, collector, options, null, units);
            Boolean called = within(task, limit);
            if (called == null) {
                this.files = null; // the abandoned task may still be using it
                return new CompileResult(false, out, List.of(new SourceDiagnostic(
                        sources.isEmpty() ? "?" : sources.get(sources.size() - 1).toString(), 0, 0,
                        "javac took longer than " + limit.toSeconds() + " s and was stopped: a type or an expression"
                                + " nested so deep that the compiler cannot finish (simplify it)")));
            }
            boolean ok = called;
            List<SourceDiagnostic> errors = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> d : collector.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    String file = d.getSource() == null ? "?" : Path.of(d.getSource().toUri()).toString();
                    errors.add(new SourceDiagnostic(file, d.getLineNumber(), d.getColumnNumber(), d.getMessage(locale)));
                }
            }
            if (ok && errors.isEmpty()) {
                return CompileResult.success(out);
            }
            if (errors.isEmpty()) {
                errors.add(new SourceDiagnostic("?", 0, 0, noise.toString().strip()));
            }
            return new CompileResult(false, out, errors);
        }
    }
}
