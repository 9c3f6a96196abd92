package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A timeout is the machine's load, not evidence about the code: a mutant whose happy path only runs out of time is
 * tried again with a longer limit, stays subtle when it then passes, and the audit says it retried; a mutant whose
 * happy path fails by assertion is still not subtle.
 */
class AuditRetryIT {
    @TempDir Path home;

    @Test
    void aHappyPathThatOnlyTimedOutIsRetriedAndTheMutantStaysSubtle() throws IOException {
        WorkbookRun.copyOfLabsHome(home);
        // Slow on its happy path (3 s, over the 2 s limit of a first try) and wrong on an empty text.
        Files.writeString(home.resolve("mutants/beta/01-slow-and-wrong.mutant"), """
                step = 1
                source = doc
                clause = echoes
                ko = 느리고, 빈 글을 null로 바꾼다
                en = slow, and turns an empty text into null
                <<<<<<< find
                        return text;
                =======
                        if (text.equals("x")) {
                            try {
                                Thread.sleep(3_000);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                        return text.isEmpty() ? null : text;
                >>>>>>> replace
                """);
        // Wrong on its happy path: not subtle, whatever the load.
        Files.writeString(home.resolve("mutants/beta/01-happy-path-broken.mutant"), """
                step = 1
                source = doc
                clause = echoes
                ko = 모든 글 뒤에 점을 붙인다
                en = appends a dot to every text
                <<<<<<< find
                        return text;
                =======
                        return text + ".";
                >>>>>>> replace
                """);
        WorkbookRun.Result r = WorkbookRun.inHome(home, "audit", "--lab", "beta", "--json", "--lang", "en");
        JsonObject slow = mutant(r, "01-slow-and-wrong");
        assertEquals("killed", slow.get("status").getAsString(), r.describe());
        assertTrue(slow.get("subtle").getAsBoolean(), "a happy path that only timed out is not evidence\n" + r.describe());
        JsonObject broken = mutant(r, "01-happy-path-broken");
        assertTrue(!broken.get("subtle").getAsBoolean(), "an assertion on the happy path is\n" + r.describe());
        boolean retried = false;
        for (JsonElement e : r.json().getAsJsonArray("retries")) {
            JsonObject o = e.getAsJsonObject();
            if (o.get("run").getAsString().equals("01-slow-and-wrong")) {
                retried = true;
                assertEquals("EchoStepTest#echoesText", o.get("test").getAsString(), r.describe());
                assertEquals("passed", o.get("again").getAsString(), r.describe());
            }
        }
        assertTrue(retried, "the audit says which test it ran again\n" + r.describe());
        assertTrue(r.json().getAsJsonArray("problems").toString().contains("01-happy-path-broken"), r.describe());
        assertTrue(!r.json().getAsJsonArray("problems").toString().contains("01-slow-and-wrong"), r.describe());
    }

    private static JsonObject mutant(WorkbookRun.Result r, String id) {
        for (JsonElement e : r.json().getAsJsonArray("mutants")) {
            if (e.getAsJsonObject().get("id").getAsString().equals(id)) {
                return e.getAsJsonObject();
            }
        }
        throw new AssertionError("no mutant " + id + "\n" + r.describe());
    }
}
