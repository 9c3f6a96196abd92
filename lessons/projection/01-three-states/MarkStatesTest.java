package projection;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class MarkStatesTest {
    private static Mark mark(long seen, long projected) {
        return new Mark(Db.P, "w0", 1, 100, seen, projected);
    }

    @Test
    void eachRangeHasItsState() {
        Mark m = mark(8, 4);
        assertEquals(State.PROJECTED, MarkStates.stateOf(2, m), "2 <= projected 4");
        assertEquals(State.SEEN, MarkStates.stateOf(6, m), "projected 4 < 6 <= seen 8");
        assertEquals(State.UNSEEN, MarkStates.stateOf(11, m), "11 > seen 8");
    }

    @Test
    void thePositionAtProjectedIsProjected() {
        Mark m = mark(8, 4);
        assertEquals(State.PROJECTED, MarkStates.stateOf(4, m), "position == projected: its effect is committed");
        assertEquals(State.SEEN, MarkStates.stateOf(5, m), "the position right after projected was only seen");
    }

    @Test
    void thePositionAtSeenIsSeen() {
        Mark m = mark(8, 4);
        assertEquals(State.SEEN, MarkStates.stateOf(8, m), "position == seen: a read handed it out");
        assertEquals(State.UNSEEN, MarkStates.stateOf(9, m), "the position right after seen was never handed out");
    }

    @Test
    void aFreshMarkHasNothingSeen() {
        assertEquals(State.UNSEEN, MarkStates.stateOf(1, mark(0, 0)), "a fresh mark (seen 0, projected 0)");
    }

    @Test
    void aSettledMarkHasNothingInFlight() {
        Mark m = mark(5, 5);
        assertEquals(State.PROJECTED, MarkStates.stateOf(5, m), "seen == projected == 5, position 5");
        assertEquals(State.UNSEEN, MarkStates.stateOf(6, m), "seen == projected == 5, position 6");
    }

    @Test
    void aPositionIsALongNotAnInt() {
        Mark m = mark(8, 4);
        assertEquals(State.UNSEEN, MarkStates.stateOf(4_294_967_297L, m), "position 2^32 + 1 is far beyond seen 8");
        assertEquals(State.UNSEEN, MarkStates.stateOf(2_147_483_648L, m), "position 2^31 is far beyond seen 8");
        Mark far = mark(4_294_967_304L, 4_294_967_300L);
        assertEquals(State.SEEN, MarkStates.stateOf(4_294_967_302L, far), "seen 2^32 + 8, projected 2^32 + 4: position 2^32 + 6 is SEEN");
        assertEquals(State.PROJECTED, MarkStates.stateOf(4_294_967_299L, far), "seen 2^32 + 8, projected 2^32 + 4: position 2^32 + 3 is PROJECTED");
        assertEquals(4_294_967_300L, MarkStates.resumeAfter(far), "seen 2^32 + 8, projected 2^32 + 4: resume after 2^32 + 4");
    }

    @Test
    void positionsStartAtOne() {
        Mark m = mark(8, 4);
        assertThrows(IllegalArgumentException.class, () -> MarkStates.stateOf(0, m), "position 0");
        assertThrows(IllegalArgumentException.class, () -> MarkStates.stateOf(-1, m), "position -1");
        assertEquals(State.PROJECTED, MarkStates.stateOf(1, m), "position 1 is the first one");
    }

    @Test
    void aCorruptMarkIsRefused() {
        Mark corrupt = mark(3, 5);
        assertThrows(IllegalStateException.class, () -> MarkStates.stateOf(4, corrupt), "stateOf on projected 5 > seen 3");
        assertThrows(IllegalStateException.class, () -> MarkStates.stateOf(9, corrupt), "stateOf on projected 5 > seen 3");
        assertThrows(IllegalStateException.class, () -> MarkStates.resumeAfter(corrupt), "resumeAfter on projected 5 > seen 3");
        Mark negative = mark(3, -1);
        assertThrows(IllegalStateException.class, () -> MarkStates.stateOf(2, negative), "stateOf on projected -1 (below 0)");
        assertThrows(IllegalStateException.class, () -> MarkStates.resumeAfter(negative), "resumeAfter on projected -1 (below 0)");
        assertThrows(IllegalStateException.class, () -> MarkStates.stateOf(0, corrupt),
                "stateOf(0) on projected 5 > seen 3: the mark is checked before the position");
        assertThrows(IllegalStateException.class, () -> MarkStates.stateOf(-1, negative),
                "stateOf(-1) on projected -1: the mark is checked before the position");
    }

    @Test
    void aMissingMarkIsAnArgumentError() {
        assertThrows(IllegalArgumentException.class, () -> MarkStates.stateOf(1, null), "stateOf with a null mark");
        assertThrows(IllegalArgumentException.class, () -> MarkStates.resumeAfter(null), "resumeAfter with a null mark");
    }

    @Test
    void aSettledMarkResumesAfterItsEnd() {
        assertEquals(5, MarkStates.resumeAfter(mark(5, 5)), "seen == projected == 5");
    }

    @Test
    void resumeIgnoresSeen() {
        assertEquals(4, MarkStates.resumeAfter(mark(8, 4)), "seen 8, projected 4: 5..8 were only seen, not projected");
    }

    @Test
    void aFreshMarkResumesFromTheStart() {
        assertEquals(0, MarkStates.resumeAfter(mark(0, 0)), "a fresh mark");
    }
}
