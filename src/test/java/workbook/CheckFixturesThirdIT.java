package workbook;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The last third of {@link CheckFixturesIT}'s golden files, in a class of its own so another test JVM can take it. */
class CheckFixturesThirdIT {
    @TempDir Path tmp;

    static Stream<String> fixtures() {
        return CheckFixturesIT.third(2);
    }

    @ParameterizedTest(name = "check {0}")
    @MethodSource("fixtures")
    void verdictMatchesTheFixture(String name) {
        CheckFixturesIT.verdictMatches(name, tmp);
    }
}
