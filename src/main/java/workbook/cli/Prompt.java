package workbook.cli;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The questions a command asks. At a terminal each question is printed and answered by typing; anywhere else the
 * answers are read silently, one per line, from standard input — so a script or CI job can answer every prompt by
 * piping lines in, and nothing ever waits on a person who is not there.
 */
final class Prompt {
    private final BufferedReader in;
    private final PrintStream out;
    private final boolean interactive;

    Prompt(InputStream in, PrintStream out, boolean interactive) {
        this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        this.out = out;
        this.interactive = interactive;
    }

    /** Standard input and the command's screen; interactive only when both are a terminal. */
    static Prompt system(Options options) {
        return new Prompt(options.in(), options.out(), terminal());
    }

    /**
     * Whether a person is at a terminal. On Java 17 {@link System#console()} is non-null only when standard input
     * and output both are one; newer JDKs may return a console anyway and say so with {@code isTerminal()}, which
     * is looked up reflectively because this code is compiled for 17.
     */
    static boolean terminal() {
        Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            Method m = Console.class.getMethod("isTerminal");
            return Boolean.TRUE.equals(m.invoke(c));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return true;
        }
    }

    boolean interactive() {
        return interactive;
    }

    /** The next answer, stripped; empty at the end of input. At a terminal {@code question} is shown first. */
    Optional<String> ask(String question) {
        if (interactive) {
            out.print(question + " ");
            out.flush();
        }
        try {
            String line = in.readLine();
            return line == null ? Optional.empty() : Optional.of(line.strip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
