package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Receipts: {@code check} and {@code mutants} leave one, it holds no path, user or host, and {@code verify} re-runs the
 * work and names what changed: a learner file, an official test, a mutant, or the receipt itself. Runs on the small
 * fixture lab {@code alpha} in a copy of its home, so the official content can be changed.
 */
class ReceiptsIT {
    @TempDir static Path home;
    @TempDir Path tmp;

    @org.junit.jupiter.api.BeforeAll
    static void copyTheLabsHome() throws IOException {
        WorkbookRun.copyOfLabsHome(home);
    }

    private static WorkbookRun.Result run(String... args) {
        return WorkbookRun.inHome(home, args);
    }

    private Path workspace() throws IOException {
        Path ws = tmp.resolve("ws");
        Files.createDirectories(ws.resolve("alpha"));
        for (String f : List.of("Counter.java", "Names.java")) {
            Files.copy(home.resolve("answers/alpha").resolve(f), ws.resolve("alpha").resolve(f));
        }
        Files.copy(home.resolve("skeleton/alpha/AlphaTest.java"), ws.resolve("alpha/AlphaTest.java"));
        return ws;
    }

    private static List<Path> receipts(Path ws) throws IOException {
        try (Stream<Path> s = Files.list(ws.resolve(".workbook/alpha/receipts"))) {
            return s.sorted().toList();
        }
    }

    private static List<String> changes(WorkbookRun.Result r) {
        List<String> out = new ArrayList<>();
        assertTrue(r.json().has("changes"), r.describe());
        for (JsonElement c : r.json().getAsJsonArray("changes")) {
            out.add(c.getAsJsonObject().get("kind").getAsString() + ":" + c.getAsJsonObject().get("what").getAsString());
        }
        return out;
    }

    /** Puts {@code extra} at the start of {@code file}, runs verify, and puts the file back. */
    private WorkbookRun.Result verifyWithChanged(Path receipt, Path ws, Path file, String extra) throws IOException {
        byte[] before = Files.readAllBytes(file);
        Files.writeString(file, extra + new String(before, StandardCharsets.UTF_8));
        try {
            return run("verify", receipt.toString(), ws.toString(), "--lab", "alpha", "--json", "--lang", "en");
        } finally {
            Files.write(file, before);
        }
    }

    @Test
    void aReceiptReplaysAndNamesWhatChanged() throws IOException {
        Path ws = workspace();
        WorkbookRun.Result check = run("check", "--lab", "alpha", "--workspace", ws.toString(), "--json", "--lang", "en");
        assertEquals(0, check.exit(), check.describe());
        Path receipt = receipts(ws).get(0);
        String text = Files.readString(receipt);
        JsonObject r = JsonParser.parseString(text).getAsJsonObject();
        assertEquals("check", r.get("command").getAsString());
        assertEquals("passed", r.getAsJsonObject("verdicts").get("step 1").getAsString(), text);
        assertEquals(64, r.getAsJsonObject("learnerFiles").get("alpha/Counter.java").getAsString().length(), text);
        for (String secret : List.of(ws.toString(), home.toString(), System.getProperty("user.home"),
                System.getProperty("user.name"), InetAddress.getLocalHost().getHostName())) {
            assertFalse(text.contains(secret), "a receipt holds no path, user or host name: " + secret + "\n" + text);
        }

        WorkbookRun.Result same = run("verify", receipt.toString(), ws.toString(), "--lab", "alpha", "--json", "--lang", "en");
        assertEquals(0, same.exit(), same.describe());
        assertTrue(same.json().get("same").getAsBoolean(), same.describe());

        WorkbookRun.Result learner = verifyWithChanged(receipt, ws, ws.resolve("alpha/Counter.java"), "// one byte more\n");
        assertEquals(1, learner.exit(), learner.describe());
        assertEquals(List.of("learner-file:alpha/Counter.java"), changes(learner), learner.describe());

        WorkbookRun.Result tests = verifyWithChanged(receipt, ws, home.resolve("lessons/alpha/01-next/CounterTest.java"), "// changed\n");
        assertEquals(List.of("official-tests:tests"), changes(tests), tests.describe());

        // check grades the code with the official tests: a mutant, or the learner's own tests, are not its work
        WorkbookRun.Result mutant = verifyWithChanged(receipt, ws, home.resolve("mutants/alpha/01-counts-twice.mutant"), "trials = 0\n");
        assertEquals(List.of(), changes(mutant), mutant.describe());
        assertEquals(0, mutant.exit(), mutant.describe());

        // A verdict edited by hand: the seal no longer matches, and the replayed verdict differs from the edited one.
        Files.writeString(receipt, text.replace("\"step 1\": \"passed\"", "\"step 1\": \"failed\""));
        WorkbookRun.Result edited = run("verify", receipt.toString(), ws.toString(), "--lab", "alpha", "--json", "--lang", "en");
        assertEquals(1, edited.exit(), edited.describe());
        assertEquals(List.of("receipt-edited:seal"), changes(edited), edited.describe());
        JsonObject diff = edited.json().getAsJsonArray("differences").get(0).getAsJsonObject();
        assertEquals("step 1", diff.get("verdict").getAsString(), edited.describe());
        assertEquals("failed", diff.get("was").getAsString());
        assertEquals("passed", diff.get("now").getAsString());

        // The same edit by a forger who seals it again the plain way (the SHA-256 of the rest, as anyone can): the
        // seal is this machine's keyed one no more, so the receipt is flagged as edited all the same.
        String forged = text.replace("\"step 1\": \"passed\"", "\"step 1\": \"failed\"");
        JsonObject f = JsonParser.parseString(forged).getAsJsonObject();
        assertTrue(f.get("seal").getAsString().startsWith("hmac-sha256:"), "sealed with the tests' key: " + text);
        f.addProperty("seal", "hmac-sha256:" + f.get("seal").getAsString().split(":")[1] + ":" + "0".repeat(64));
        Files.writeString(receipt, f.toString());
        WorkbookRun.Result resealed = run("verify", receipt.toString(), ws.toString(), "--lab", "alpha", "--json", "--lang", "en");
        assertEquals(List.of("receipt-edited:seal"), changes(resealed), resealed.describe());
        assertEquals("edited", resealed.json().get("seal").getAsString(), resealed.describe());
    }

    @Test
    void mutantsLeaveAReceiptToo() throws IOException {
        Path ws = workspace();
        WorkbookRun.Result m = run("mutants", "--lab", "alpha", "--workspace", ws.toString(), "--json", "--lang", "en");
        Path receipt = receipts(ws).get(0);
        JsonObject r = JsonParser.parseString(Files.readString(receipt)).getAsJsonObject();
        assertEquals("mutants", r.get("command").getAsString(), m.describe());
        for (JsonElement mv : m.json().getAsJsonArray("mutants")) {
            String id = mv.getAsJsonObject().get("id").getAsString();
            assertEquals(mv.getAsJsonObject().get("status").getAsString(),
                    r.getAsJsonObject("verdicts").get("mutant " + id).getAsString(), "the receipt holds every mutant's verdict");
        }
        assertEquals(List.of("alpha/AlphaTest.java"), List.copyOf(r.getAsJsonObject("learnerFiles").keySet()),
                "mutants grades the own tests, not the code: " + r);

        WorkbookRun.Result mutant = verifyWithChanged(receipt, ws, home.resolve("mutants/alpha/01-counts-twice.mutant"), "trials = 0\n");
        assertEquals(List.of("mutants:mutants"), changes(mutant), mutant.describe());
        WorkbookRun.Result code = verifyWithChanged(receipt, ws, ws.resolve("alpha/Counter.java"), "// one byte more\n");
        assertEquals(List.of(), changes(code), "the learner's code is not what mutants grades: " + code.describe());
    }
}
