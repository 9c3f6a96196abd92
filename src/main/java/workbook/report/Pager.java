package workbook.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Output longer than the screen goes through a pager, as git does: {@code $PAGER}, or {@code less -R} when it is
 * unset, with {@code LESS=FRX} unless {@code LESS} is set (quit when it fits, keep colours, leave the text on the
 * screen). Only when standard output is a terminal; text that fits the screen, a file, a pipe, {@code PAGER=cat} or
 * an empty {@code PAGER} print directly, and so does everything when the pager cannot be started.
 */
public final class Pager {
    private final boolean terminal;
    private final int columns;
    private final int rows;
    private final Map<String, String> env;

    /**
     * @param terminal whether standard output is a terminal (and paging was not turned off)
     * @param columns  the terminal's width, to count the lines a long line takes on screen
     * @param rows     the terminal's height
     * @param env      the environment ({@code PAGER}, {@code LESS})
     */
    public Pager(boolean terminal, int columns, int rows, Map<String, String> env) {
        this.terminal = terminal;
        this.columns = Math.max(1, columns);
        this.rows = rows;
        this.env = env;
    }

    /** For this process: pages only when {@code wanted} and standard output is a terminal. */
    public static Pager system(boolean wanted) {
        boolean terminal = wanted && Terminal.outputIsTerminal();
        return new Pager(terminal, Terminal.columns(), terminal ? Terminal.rows() : Integer.MAX_VALUE, System.getenv());
    }

    /** Prints {@code text} (and a line end) through the pager when it is longer than the screen, else to {@code out}. */
    public void show(String text, PrintStream out) {
        Optional<List<String>> command = terminal && !fits(text) ? command() : Optional.empty();
        if (command.isEmpty() || !paged(command.get(), text, out)) {
            out.println(text);
        }
        out.flush();
    }

    /** Whether the text fits the screen with a line left for the prompt, counting a long line as the lines it wraps to. */
    boolean fits(String text) {
        long used = 0;
        for (String line : text.split("\n", -1)) {
            int w = Terminal.width(line.replaceAll("\u001b\\[[0-9;]*m", ""));
            used += Math.max(1, (w + columns - 1) / columns);
            if (used > rows - 1) {
                return false;
            }
        }
        return true;
    }

    /** The pager to run through {@code sh -c}, or none ({@code PAGER} empty or {@code cat}). */
    Optional<List<String>> command() {
        String pager = env.get("PAGER");
        if (pager == null) {
            pager = "less -R";
        }
        if (pager.isBlank() || pager.strip().equals("cat")) {
            return Optional.empty();
        }
        return Optional.of(List.of("sh", "-c", pager));
    }

    /**
     * Runs the pager on the text and waits for it (Ctrl-C meanwhile belongs to the pager, as in git); false when it
     * could not be started, so the caller prints the text itself.
     */
    private boolean paged(List<String> command, String text, PrintStream out) {
        out.flush();
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().put("LESS", env.getOrDefault("LESS", "FRX"));
        pb.environment().put("LV", env.getOrDefault("LV", "-c"));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return false;
        }
        Runnable restore = ignoreInterrupts();
        try {
            try (OutputStream in = p.getOutputStream()) {
                in.write((text + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IOException quitEarly) {
                // the reader quit before the end (q in less): nothing more to do
            }
            int code = p.waitFor();
            return code != 126 && code != 127; // the shell could not find or run the pager: print it here
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroy();
            return true;
        } finally {
            restore.run();
        }
    }

    /** Ignores SIGINT while the pager runs, so Ctrl-C in less does not end the workbook under it. */
    private static Runnable ignoreInterrupts() {
        try {
            sun.misc.Signal interrupt = new sun.misc.Signal("INT");
            sun.misc.SignalHandler before = sun.misc.Signal.handle(interrupt, sun.misc.SignalHandler.SIG_IGN);
            return () -> sun.misc.Signal.handle(interrupt, before);
        } catch (RuntimeException | LinkageError e) {
            return () -> { };
        }
    }
}
