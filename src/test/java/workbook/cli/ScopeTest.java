package workbook.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScopeTest {
    @Test
    void eachThingIsMadeOnceAndClosedNewestFirstWhenTheCommandEnds() {
        List<String> log = new ArrayList<>();
        Scope scope = new Scope();
        AutoCloseable server = scope.get("server", AutoCloseable.class, () -> { log.add("start server"); return () -> log.add("stop server"); });
        assertSame(server, scope.get("server", AutoCloseable.class, () -> { throw new AssertionError("made twice"); }));
        scope.get("relay", AutoCloseable.class, () -> { log.add("open relay"); return () -> { log.add("close relay"); throw new IllegalStateException("stuck"); }; });
        assertEquals("plain", scope.get("words", String.class, () -> "plain"));
        scope.close();
        scope.close();
        assertEquals(List.of("start server", "open relay", "close relay", "stop server"), log,
                "a relay that cannot close does not keep the server running");
    }
}
