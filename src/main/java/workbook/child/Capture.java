package workbook.child;

import workbook.child.wire.Output;
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
    /**
     * A quarter of the parent's output cap ({@code -Dworkbook.outputCap}): one test printing this much is flooding,
     * and the child says where before the parent stops it.
     */
    private static final long FLOODING_BYTES = Long.getLong("workbook.outputCap", 1L << 20) / 4;
    /** What standard output and error took since the current test started. */
    private static final java.util.concurrent.atomic.AtomicLong SINCE_TEST = new java.util.concurrent.atomic.AtomicLong();
    private static volatile Runnable onFlooding = () -> { };
    private final OutputStream real;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private long dropped;

    Capture(OutputStream real) {
        this.real = real;
    }

    /** What runs, in the printing thread, once the current test has printed {@link #FLOODING_BYTES}. */
    static void onFlooding(Runnable r) {
        onFlooding = r;
    }

    /** A test starts: its count of printed bytes starts at 0. */
    static void newTest() {
        SINCE_TEST.set(0);
    }

    private static void count(int bytes) {
        long after = SINCE_TEST.addAndGet(bytes);
        if (after > FLOODING_BYTES && after - bytes <= FLOODING_BYTES) {
            onFlooding.run();
        }
    }

    @Override
    public synchronized void write(int b) throws IOException {
        count(1);
        real.write(b);
        if (kept.size() < KEEP_BYTES) {
            kept.write(b);
        } else {
            dropped++;
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        count(len);
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
