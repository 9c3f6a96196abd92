package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.catalogue.Catalogue;
import workbook.catalogue.Course;
import workbook.grade.Lint;

/** {@code workbook lint}: the shipped lab is clean, and the content problems an author makes are named. */
class LintTest {
    @TempDir Path tmp;

    @Test
    void theShippedLabLintsClean() {
        WorkbookRun.Result r = WorkbookRun.runAsLauncher("lint", "--lab", "lease", "--json", "--lang", "en");
        JsonObject v = r.json();
        assertTrue(v.getAsJsonArray("findings").isEmpty(), "findings: " + v.get("problems") + "\n" + r.describe());
        assertTrue(v.get("ok").getAsBoolean(), r.describe());
        assertEquals(0, r.exit(), r.describe());
    }

    @Test
    void aMutantWithoutAClauseAndOneWithAnUnknownClauseAreNamed() throws IOException {
        Files.writeString(tmp.resolve("04-no-clause.mutant"), String.join("\n",
                "step = 4", "ko = 설명", "en = description",
                "<<<<<<< find", "                if (done || until > now) {", "=======",
                "                if (until > now) {", ">>>>>>> replace", ""));
        Files.writeString(tmp.resolve("04-odd-clause.mutant"), String.join("\n",
                "step = 4", "clause = no-such-clause", "ko = 설명", "en = description",
                "<<<<<<< find", "                if (done || until > now) {", "=======",
                "                if (done) {", ">>>>>>> replace", ""));
        Course course = Catalogue.load(WorkbookRun.home(), "lease", List.of(tmp));
        List<Lint.Finding> findings = Lint.content(course);
        assertTrue(findings.contains(Lint.Finding.of(Lint.Kind.MUTANT_WITHOUT_CLAUSE, "04-no-clause")), findings.toString());
        assertTrue(findings.contains(Lint.Finding.of(Lint.Kind.MUTANT_UNKNOWN_CLAUSE, "04-odd-clause", "no-such-clause", 4)),
                findings.toString());
        assertEquals(2, findings.size(), "nothing else is wrong with the shipped content: " + findings);
    }
}
