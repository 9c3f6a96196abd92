package workbook.receipt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a seal stands on the machine that checks it: made here, edited since, made elsewhere, or made without a key. */
class SealerTest {
    @TempDir Path dir;

    private static Receipt receipt(String verdict) {
        return new Receipt(1, "workbook 0.1.0 ab", "check", "lease", List.of(1), false, Map.of("lease/Jobs.java", "aa"),
                Map.of("tests", "bb"), Map.of("step 1", verdict), "2026-12-05T04:00:00Z", null);
    }

    @Test
    void aReceiptSealedHereChecksHereUntilAnyPartOfItIsEdited() {
        Sealer here = new Sealer("r", ReceiptKey.load(dir.resolve("a.key")));
        Receipt sealed = here.seal(receipt("failed"));
        assertEquals(Receipts.SealCheck.HERE, here.check(sealed));
        Receipt edited = new Receipt(sealed.format(), sealed.runner(), sealed.command(), sealed.lab(), sealed.steps(),
                sealed.firstKiller(), sealed.learnerFiles(), sealed.content(), Map.of("step 1", "passed"), sealed.at(),
                sealed.seal());
        assertEquals(Receipts.SealCheck.EDITED, here.check(edited));
        assertEquals(Receipts.SealCheck.EDITED, here.check(receipt("failed")), "no seal at all");
    }

    @Test
    void anotherMachinesKeyCannotBeCheckedAndAPlainSealIsOnlyUnkeyed() {
        Sealer here = new Sealer("r", ReceiptKey.load(dir.resolve("a.key")));
        Sealer elsewhere = new Sealer("r", ReceiptKey.load(dir.resolve("b.key")));
        Sealer keyless = new Sealer("r", Optional.empty());
        Receipt theirs = elsewhere.seal(receipt("failed"));
        assertEquals(Receipts.SealCheck.ELSEWHERE, here.check(theirs));
        Receipt plain = keyless.seal(receipt("failed"));
        assertNotEquals(theirs.seal(), plain.seal());
        assertEquals(Receipts.SealCheck.UNKEYED, here.check(plain));
        assertEquals(Receipts.SealCheck.UNKEYED, keyless.check(plain));
        assertEquals(Receipts.SealCheck.ELSEWHERE, keyless.check(theirs));
    }
}
