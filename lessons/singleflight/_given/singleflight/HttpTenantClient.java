package singleflight;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tenant API over HTTP ({@code java.net.http}). It sends the credential in {@code Authorization} and the fence in
 * {@code Fence-Token} on every request, and the key in {@code Idempotency-Key} on every write. It never retries: a
 * failed exchange comes back as a {@link Reply} with status 0.
 */
public final class HttpTenantClient implements TenantClient {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
            .version(HttpClient.Version.HTTP_1_1).build();
    private final URI base;
    private final String credential;

    public HttpTenantClient(URI base, String credential) {
        this.base = base;
        this.credential = credential;
    }

    @Override
    public Reply read(String tenant, String key, long fence) {
        return send(HttpRequest.newBuilder(base.resolve("/tenants/" + tenant + "/effects/" + key)).GET(), fence, null);
    }

    @Override
    public Reply write(String tenant, String key, long fence, long base) {
        String body = "{\"base\":" + base + "}";
        return send(HttpRequest.newBuilder(this.base.resolve("/tenants/" + tenant + "/effects"))
                .header("Idempotency-Key", key).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)), fence, key);
    }

    private Reply send(HttpRequest.Builder b, long fence, String key) {
        HttpRequest request = b.header("Authorization", "Bearer " + credential).header("Fence-Token", Long.toString(fence))
                .timeout(Duration.ofSeconds(5)).build();
        try {
            HttpResponse<String> r = HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            String body = r.body() == null ? "" : r.body();
            Optional<Duration> retryAfter = r.headers().firstValue("Retry-After").map(s -> Duration.ofSeconds(Long.parseLong(s.strip())));
            return new Reply(r.statusCode(), bool(body, "applied"), text(body, "key"), bool(body, "found"),
                    number(body, "checkpoint"), retryAfter, body);
        } catch (IOException | NumberFormatException e) {
            return Reply.none();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Reply.none();
        }
    }

    private static Optional<Boolean> bool(String body, String field) {
        Matcher m = Pattern.compile("\"" + field + "\"\\s*:\\s*(true|false)").matcher(body);
        return m.find() ? Optional.of(Boolean.parseBoolean(m.group(1))) : Optional.empty();
    }

    private static Optional<String> text(String body, String field) {
        Matcher m = Pattern.compile("\"" + field + "\"\\s*:\\s*\"([^\"]*)\"").matcher(body);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static OptionalLong number(String body, String field) {
        Matcher m = Pattern.compile("\"" + field + "\"\\s*:\\s*(-?\\d+)").matcher(body);
        return m.find() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
    }
}
