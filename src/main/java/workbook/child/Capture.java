package workbook.child;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A stream for {@code System.out} or {@code System.err} in a child: everything still goes on to the real stream (the
 * parent counts it against the output cap and sees a flood), and the first bytes since {@link #reset} are kept too, as
 * the output of the test that runs.
 */
final class Capture extends OutputStream {
    private static final int KEEP_BYTES = Output.CAP * 4; // UTF-8: at most four bytes a character
    private final OutputStream real;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private long dropped;

    Capture(OutputStream real) {
        this.real = real;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        real.write(b);
        if (kept.size() < KEEP_BYTES) {
            kept.write(b);
        } else {
            dropped++;
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        real.write(b, off, len);
        int room = Math.max(0, KEEP_BYTES - kept.size());
        kept.write(b, off, Math.min(room, len));
        dropped += Math.max(0, len - room);
    }

    @Override
    public void flush() throws IOException {
        real.flush();
    }

    synchronized void reset() {
        kept.reset();
        dropped = 0;
    }

    /** What was printed since the last reset, cut to {@link Output#CAP} characters (and a note of what was cut). */
    synchronized String text() {
        String s = kept.toString(StandardCharsets.UTF_8);
        boolean cut = dropped > 0 || s.length() > Output.CAP;
        if (s.length() > Output.CAP) {
            s = s.substring(0, Output.CAP);
        }
        return cut ? s + " …" : s;
    }
}
