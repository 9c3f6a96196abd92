package singleflight;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** Test support for the official tests: leases, a scripted lease keeper, and the secret scan. */
final class Fx {
    private Fx() {}

    static final String SCOPE = "t1";
    static final String KEY = "t1@2026-03-01T09:00";

    static Path db(Path dir) {
        return dir.resolve("leases.db");
    }

    static Trigger trigger(String run) {
        return new Trigger(SCOPE, KEY, "host-" + run, run, Source.CRON);
    }

    static Trigger trigger(String scope, String key, String run, Source source) {
        return new Trigger(scope, key, "host-" + run, run, source);
    }

    static Lease lease(long fence, FakeClocks clocks, Config cfg) {
        return new Lease(SCOPE, KEY, "host-a", "run-a", fence, clocks.mono(), clocks.mono() + cfg.ttl().toNanos());
    }

    /** A keeper that answers renew from a script (RENEWED once the script is used up) and current() as told. */
    static final class Keeper implements LeaseKeeper {
        private final List<RenewVerdict> script = new ArrayList<>();
        final AtomicInteger renews = new AtomicInteger();
        final AtomicInteger currents = new AtomicInteger();
        volatile Optional<Lease> current = Optional.empty();

        Keeper answer(RenewVerdict... verdicts) {
            script.addAll(List.of(verdicts));
            return this;
        }

        @Override
        public synchronized RenewVerdict renew(Lease lease) {
            renews.incrementAndGet();
            return script.isEmpty() ? RenewVerdict.RENEWED : script.remove(0);
        }

        @Override
        public Optional<Lease> current(String scope) {
            currents.incrementAndGet();
            return current;
        }
    }

    /** A tenant client that passes every request on and keeps each reply, in order. */
    static final class Recording implements TenantClient {
        private final TenantClient inner;
        private final List<Reply> replies = new ArrayList<>();

        Recording(TenantClient inner) {
            this.inner = inner;
        }

        @Override
        public Reply read(String tenant, String key, long fence) {
            return keep(inner.read(tenant, key, fence));
        }

        @Override
        public Reply write(String tenant, String key, long fence, long base) {
            return keep(inner.write(tenant, key, fence, base));
        }

        private synchronized Reply keep(Reply r) {
            replies.add(r);
            return r;
        }

        synchronized List<Reply> replies() {
            return List.copyOf(replies);
        }
    }

    /** A tenant whose every read-back is the one given reply; a write is counted and answered 500. */
    static final class OneReadBack implements TenantClient {
        private final Reply readBack;
        final AtomicInteger writes = new AtomicInteger();

        OneReadBack(Reply readBack) {
            this.readBack = readBack;
        }

        @Override
        public Reply read(String tenant, String key, long fence) {
            return readBack;
        }

        @Override
        public Reply write(String tenant, String key, long fence, long base) {
            writes.incrementAndGet();
            return Reply.of(500, "{}");
        }
    }

    /** The receipt a run of {@code lease(1, …)} writes for a decision, built the plain way from the reply it was about. */
    static Receipt receipt(long at, String kind, String verdict, int attempt, Reply reply) throws Exception {
        if (reply == null || reply.body().isEmpty()) {
            return new Receipt(at, kind, SCOPE, "run-a", "host-a", verdict, 1, attempt, reply == null ? -1 : reply.status(), 0, "");
        }
        byte[] body = reply.body().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        String hash = "sha256:" + java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(body));
        return new Receipt(at, kind, SCOPE, "run-a", "host-a", verdict, 1, attempt, reply.status(), body.length, hash);
    }

    /**
     * Waits (up to a second, polling, and not once a thread has ended) until every thread is inside SQLite's native code at once: with another
     * connection holding the write lock, that is where a call waits for it.
     */
    static void awaitInSqlite(List<Thread> threads) throws InterruptedException {
        long deadline = System.nanoTime() + 1_000_000_000L;
        int streak = 0;
        while (System.nanoTime() < deadline && streak < 3 && threads.stream().allMatch(Thread::isAlive)) {
            boolean all = threads.stream().allMatch(t -> {
                StackTraceElement[] st = t.getStackTrace();
                return st.length > 0 && st[0].isNativeMethod() && st[0].getClassName().startsWith("org.sqlite.");
            });
            streak = all ? streak + 1 : 0;
            Thread.sleep(2);
        }
    }

    /** Every receipt as the line it would be written as. */
    static List<String> lines(ReceiptLog log) {
        return log.all().stream().map(Receipts::line).toList();
    }

    /** The parts of a secret a leak could show: the credential, the server's address, the fake personal data. */
    static List<String> secrets(FakeTenantServer server) {
        return List.of(FakeTenantServer.CREDENTIAL, "SENTINEL", server.url().getAuthority(), "127.0.0.1:",
                "example.test", "김하늘", "010-0000");
    }

    static String leak(String text, FakeTenantServer server) {
        for (String s : secrets(server)) {
            if (text.contains(s)) {
                return s;
            }
        }
        return null;
    }

    /** The text with every secret replaced by its kind, so a failure message never repeats the secret it found. */
    static String mask(String text, FakeTenantServer server) {
        String out = text.replace(FakeTenantServer.CREDENTIAL, "«credential»").replace(server.url().getAuthority(), "«address»");
        for (String s : secrets(server)) {
            out = out.replace(s, "«secret»");
        }
        return out.length() > 400 ? out.substring(0, 400) + "…" : out;
    }

    static Duration s(long seconds) {
        return Duration.ofSeconds(seconds);
    }
}
