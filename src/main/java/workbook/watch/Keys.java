package workbook.watch;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Single key presses at a terminal (the terminal is put in non-canonical mode with stty and restored on close);
 * when standard input is not a terminal, the first character of each line, so scripts can drive watch.
 */
final class Keys implements AutoCloseable {
    private final BlockingQueue<Character> pressed = new LinkedBlockingQueue<>();
    private final String savedTty;

    Keys(InputStream in, boolean terminal) {
        this.savedTty = terminal ? stty("-g") : null;
        if (savedTty != null) {
            stty("-icanon", "-echo", "min", "1");
        }
        boolean raw = savedTty != null;
        Thread reader = new Thread(() -> read(in, raw), "watch-keys");
        reader.setDaemon(true);
        reader.start();
    }

    /** The next key, waiting at most {@code millis}; null when none came. {@code 'q'} also when input ended. */
    Character poll(long millis) throws InterruptedException {
        return pressed.poll(millis, TimeUnit.MILLISECONDS);
    }

    private void read(InputStream in, boolean raw) {
        try {
            boolean lineStart = true;
            int c;
            while ((c = in.read()) >= 0) {
                if (raw) {
                    pressed.add((char) c);
                } else {
                    if (lineStart && c != '\n' && c != '\r') {
                        pressed.add((char) c);
                    }
                    lineStart = c == '\n';
                }
            }
        } catch (IOException ignored) {
            // treated as the end of input
        }
        pressed.add('q');
    }

    @Override
    public void close() {
        if (savedTty != null) {
            stty(savedTty.strip());
        }
    }

    /** Runs stty on the controlling terminal; returns its output, or null when there is no terminal or no stty. */
    private static String stty(String... args) {
        try {
            StringBuilder cmd = new StringBuilder("stty");
            for (String a : args) {
                cmd.append(' ').append(a);
            }
            cmd.append(" < /dev/tty");
            Process p = new ProcessBuilder("sh", "-c", cmd.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            return p.waitFor() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
