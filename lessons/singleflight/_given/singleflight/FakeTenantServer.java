package singleflight;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fake tenant on 127.0.0.1 (the JDK's HTTP server, port 0): per tenant a checkpoint, an effect log, and the highest
 * fence seen. It makes no outbound connection. Every request must carry {@link #CREDENTIAL}; every write carries a
 * fence, and one below the highest seen is refused with 409 and not applied. Writes play a script of replies.
 *
 * <p>Its replies echo the request line and credential and carry fake personal data in {@code note}, as a chatty real
 * API might: a receipt that keeps a body keeps secrets.
 */
public final class FakeTenantServer implements AutoCloseable {
    /** The fake credential: a sentinel string that must never appear in a receipt, a log or a report. */
    public static final String CREDENTIAL = "sk-live-SENTINEL-d41d8cd98f00";

    /** One scripted reply to a write. Only the APPLY kinds apply the effect. */
    public enum Script {
        /** 200 {@code applied:true} with the request's key. */
        APPLY,
        /** 200 {@code applied:false}: accepted by the transport, not applied. */
        ACK_NOT_APPLIED,
        /** 200 {@code applied:true}, but naming another key: not this request's effect. */
        ACK_OTHER_KEY,
        /** 204, no body: applied, but the reply does not say so. */
        APPLY_EMPTY_204,
        /** 429 with {@code Retry-After}, not applied. */
        THROTTLE,
        /** 503 with {@code Retry-After}, not applied. */
        UNAVAILABLE,
        /** 422: the request is invalid, not applied. */
        REJECT_422,
        /** 403: the credential may not do this, not applied. */
        DENY_403,
        /** 500, not applied. */
        FAIL_500,
        /** Applied, then 500. */
        APPLY_THEN_500,
        /** Applied, then the connection is closed with no reply at all. */
        APPLY_THEN_DROP
    }

    /** One applied effect: {@code prior} is the checkpoint the tenant held when it applied {@code base} to base + 1. */
    public record Effect(String key, long fence, long base, long prior) {}

    /** One request as the server saw it (the credential is not kept, only whether it was right). */
    public record Request(String method, String tenant, String key, long fence, boolean authorized, int status) {}

    private final HttpServer server;
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fake-tenant");
        t.setDaemon(true);
        return t;
    });
    private final Object lock = new Object();
    private final Map<String, Tenant> tenants = new HashMap<>();
    private final List<Request> requests = new ArrayList<>();
    private final List<Hook> hooks = new ArrayList<>();
    private long retryAfterSeconds = 1;

    private static final class Tenant {
        long checkpoint;
        long highestFence;
        int failingReads;
        final List<Effect> effects = new ArrayList<>();
        final Deque<Script> script = new ArrayDeque<>();
    }

    private record Hook(boolean before, Predicate<Request> match, Consumer<Request> action) {}

    static {
        // Headers and body leave in two writes; without TCP_NODELAY, Nagle and the client's delayed ACK cost ~40 ms each.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private FakeTenantServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(pool);
        server.start();
    }

    public static FakeTenantServer start() {
        try {
            return new FakeTenantServer();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the fake tenant on 127.0.0.1", e);
        }
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** A client with the right credential. */
    public TenantClient client() {
        return new HttpTenantClient(url(), CREDENTIAL);
    }

    /** The next writes to {@code tenant} get these replies, in order; after them, APPLY. */
    public void script(String tenant, Script... replies) {
        synchronized (lock) {
            tenant(tenant).script.addAll(List.of(replies));
        }
    }

    /** The next {@code n} read-backs of {@code tenant} answer 500. */
    public void failReads(String tenant, int n) {
        synchronized (lock) {
            tenant(tenant).failingReads = n;
        }
    }

    /** The {@code Retry-After} of 429 and 503 replies, in seconds (1 unless set). */
    public void retryAfter(long seconds) {
        synchronized (lock) {
            retryAfterSeconds = seconds;
        }
    }

    public void setCheckpoint(String tenant, long checkpoint) {
        synchronized (lock) {
            tenant(tenant).checkpoint = checkpoint;
        }
    }

    public long checkpoint(String tenant) {
        synchronized (lock) {
            return tenant(tenant).checkpoint;
        }
    }

    public long highestFence(String tenant) {
        synchronized (lock) {
            return tenant(tenant).highestFence;
        }
    }

    public List<Effect> effects(String tenant) {
        synchronized (lock) {
            return List.copyOf(tenant(tenant).effects);
        }
    }

    /** Keys applied more than once: a duplicate effect. */
    public List<String> duplicateKeys(String tenant) {
        Map<String, Integer> count = new LinkedHashMap<>();
        effects(tenant).forEach(e -> count.merge(e.key(), 1, Integer::sum));
        return count.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
    }

    /** Effects that were computed from a checkpoint the tenant no longer held: a lost update. */
    public List<Effect> lostUpdates(String tenant) {
        return effects(tenant).stream().filter(e -> e.base() != e.prior()).toList();
    }

    public List<Request> requests() {
        synchronized (lock) {
            return List.copyOf(requests);
        }
    }

    /** Writes only, in order. */
    public List<Request> writes() {
        return requests().stream().filter(r -> r.method().equals("POST")).toList();
    }

    /** Requests that came without the right credential. */
    public long unauthorized() {
        return requests().stream().filter(r -> !r.authorized()).count();
    }

    /** Runs {@code action} once, on the server's thread, before the first request that matches is handled. */
    public void before(Predicate<Request> match, Consumer<Request> action) {
        synchronized (lock) {
            hooks.add(new Hook(true, match, action));
        }
    }

    /** Runs {@code action} once, after the first request that matches is handled and before its reply is sent. */
    public void after(Predicate<Request> match, Consumer<Request> action) {
        synchronized (lock) {
            hooks.add(new Hook(false, match, action));
        }
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }

    private Tenant tenant(String id) {
        return tenants.computeIfAbsent(id, k -> new Tenant());
    }

    private static final Pattern READ = Pattern.compile("/tenants/([^/]+)/effects/([^/]+)");
    private static final Pattern WRITE = Pattern.compile("/tenants/([^/]+)/effects");
    private static final Pattern BASE = Pattern.compile("\"base\"\\s*:\\s*(-?\\d+)");

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String body = read(ex.getRequestBody());
            String path = ex.getRequestURI().getPath();
            boolean authorized = ("Bearer " + CREDENTIAL).equals(ex.getRequestHeaders().getFirst("Authorization"));
            long fence = parseLong(ex.getRequestHeaders().getFirst("Fence-Token"), -1);
            Matcher r = READ.matcher(path);
            Matcher w = WRITE.matcher(path);
            boolean isRead = ex.getRequestMethod().equals("GET") && r.matches();
            boolean isWrite = ex.getRequestMethod().equals("POST") && w.matches();
            String tenant = isRead ? r.group(1) : isWrite ? w.group(1) : "";
            String key = isRead ? r.group(2) : isWrite ? String.valueOf(ex.getRequestHeaders().getFirst("Idempotency-Key")) : "";
            Request seen = new Request(ex.getRequestMethod(), tenant, key, fence, authorized, 0);
            runHooks(true, seen);
            Answer a;
            synchronized (lock) {
                a = !authorized ? new Answer(401, "{\"error\":\"unauthorized\"}", false, false)
                        : isRead ? readBack(tenant, key, fence)
                        : isWrite ? write(tenant, key, fence, parseLong(match(BASE, body), Long.MIN_VALUE))
                        : new Answer(404, "{\"error\":\"no such route\"}", false, false);
                requests.add(new Request(seen.method(), tenant, key, fence, authorized, a.drop ? 0 : a.status));
            }
            runHooks(false, seen);
            if (a.drop) {
                return; // closes the exchange with no status line: the effect happened, the reply is lost
            }
            String full = a.body.isEmpty() ? "" : a.body.substring(0, a.body.length() - 1) + ",\"echo\":\""
                    + ex.getRequestMethod() + " " + url() + path + " Authorization: Bearer " + CREDENTIAL
                    + "\",\"note\":\"담당자 김하늘 <haneul.kim@example.test>, 010-0000-1234\"}";
            if (a.retryAfter) {
                ex.getResponseHeaders().add("Retry-After", Long.toString(retryAfterSeconds));
            }
            byte[] bytes = full.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(a.status, bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(bytes);
                }
            }
        }
    }

    private record Answer(int status, String body, boolean retryAfter, boolean drop) {}

    private Answer readBack(String tenant, String key, long fence) {
        Tenant t = tenant(tenant);
        t.highestFence = Math.max(t.highestFence, fence);
        if (t.failingReads > 0) {
            t.failingReads--;
            return new Answer(500, "{\"error\":\"read failed\"}", false, false);
        }
        boolean found = t.effects.stream().anyMatch(e -> e.key().equals(key));
        return new Answer(200, "{\"found\":" + found + ",\"key\":\"" + key + "\",\"checkpoint\":" + t.checkpoint + "}", false, false);
    }

    private Answer write(String tenant, String key, long fence, long base) {
        Tenant t = tenant(tenant);
        if (fence < t.highestFence) {
            return new Answer(409, "{\"reason\":\"stale-fence\",\"highest\":" + t.highestFence + "}", false, false);
        }
        t.highestFence = fence;
        Script s = t.script.isEmpty() ? Script.APPLY : t.script.poll();
        if (s == Script.APPLY || s == Script.APPLY_EMPTY_204 || s == Script.APPLY_THEN_500 || s == Script.APPLY_THEN_DROP) {
            t.effects.add(new Effect(key, fence, base, t.checkpoint));
            t.checkpoint = base + 1;
        }
        String cp = ",\"checkpoint\":" + t.checkpoint + "}";
        return switch (s) {
            case APPLY -> new Answer(200, "{\"applied\":true,\"key\":\"" + key + "\"" + cp, false, false);
            case ACK_NOT_APPLIED -> new Answer(200, "{\"applied\":false,\"key\":\"" + key + "\"" + cp, false, false);
            case ACK_OTHER_KEY -> new Answer(200, "{\"applied\":true,\"key\":\"" + key + "-other\"" + cp, false, false);
            case APPLY_EMPTY_204 -> new Answer(204, "", false, false);
            case THROTTLE -> new Answer(429, "{\"error\":\"slow down\"}", true, false);
            case UNAVAILABLE -> new Answer(503, "{\"error\":\"unavailable\"}", true, false);
            case REJECT_422 -> new Answer(422, "{\"error\":\"invalid base\"}", false, false);
            case DENY_403 -> new Answer(403, "{\"error\":\"forbidden\"}", false, false);
            case FAIL_500, APPLY_THEN_500 -> new Answer(500, "{\"error\":\"internal\"}", false, false);
            case APPLY_THEN_DROP -> new Answer(0, "", false, true);
        };
    }

    private void runHooks(boolean before, Request r) {
        List<Hook> due = new ArrayList<>();
        synchronized (lock) {
            for (var it = hooks.iterator(); it.hasNext(); ) {
                Hook h = it.next();
                if (h.before == before && h.match.test(r)) {
                    due.add(h);
                    it.remove();
                }
            }
        }
        due.forEach(h -> h.action.accept(r));
    }

    private static String read(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    private static String match(Pattern p, String s) {
        Matcher m = p.matcher(s);
        return m.find() ? m.group(1) : null;
    }

    private static long parseLong(String s, long otherwise) {
        try {
            return s == null ? otherwise : Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }
}
