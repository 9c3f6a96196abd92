package workbook.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class SealTest {
    @Test
    void everyLineOpensToItsTextAndTwoSealsOfOneTextDiffer() {
        Seal seal = new Seal(Seal.newKey());
        String first = seal.close("{\"kind\":\"end\"}");
        String second = seal.close("{\"kind\":\"end\"}");
        assertNotEquals(first, second, "a fresh nonce for every line");
        for (int i = 0; i < 200; i++) { // one cipher per thread, set up again for each line
            String text = "line " + i;
            assertEquals(Optional.of(text), seal.open(seal.close(text)));
        }
    }

    @Test
    void aLineSealedUnderAnotherKeyOrChangedOrMadeUpDoesNotOpen() {
        Seal parent = new Seal(Seal.newKey());
        Seal stranger = new Seal(Seal.newKey());
        String line = parent.close("{\"kind\":\"end\",\"status\":\"failed\"}");
        assertTrue(stranger.open(line).isEmpty());
        char[] c = line.toCharArray();
        c[c.length / 2] = c[c.length / 2] == 'A' ? 'B' : 'A';
        assertTrue(parent.open(new String(c)).isEmpty(), "one changed character");
        assertTrue(parent.open("{\"kind\":\"end\",\"status\":\"failed\"}").isEmpty(), "plain text");
        assertTrue(parent.open("AAAA").isEmpty(), "too short");
        assertEquals(Optional.of("{\"kind\":\"end\",\"status\":\"failed\"}"), parent.open(line), "still opens after the failures");
    }
}
