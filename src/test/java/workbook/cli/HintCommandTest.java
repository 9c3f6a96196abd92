package workbook.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.catalogue.Catalogue;
import workbook.progress.Hints;
import workbook.progress.StepProgress;

/** {@code hint N}: one level more per call, recorded; {@code --level}; the end of the hints. */
class HintCommandTest {
    @TempDir Path dir;

    private static Hints hints(int step, String lang) {
        var course = Catalogue.load(Catalogue.home(), "lease", java.util.List.of());
        return Hints.of(course.step(step).orElseThrow(), lang);
    }

    @Test
    void eachCallShowsTheNextLevelAndRecordsIt() {
        Path ws = Cli.skeleton(dir);
        Hints en = hints(4, "en");
        assertEquals(3, en.total());

        Cli.Result first = Cli.run("hint", "4", "--workspace", ws.toString(), "--lang", "en");
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().contains("hint 1 of 3"), first.out());
        assertTrue(first.out().contains(ShowCommand.lesson(en.level(1).orElseThrow().text())));
        assertFalse(first.out().contains(ShowCommand.lesson(en.level(2).orElseThrow().text())), "only one level at a time");
        assertEquals(new StepProgress.HintUse(1, List.of(1), null).levels(), Cli.load(ws).step(4).hints().levels());

        Cli.Result second = Cli.run("hint", "4", "--workspace", ws.toString(), "--lang", "en");
        assertTrue(second.out().contains("hint 2 of 3"), second.out());
        assertTrue(second.out().contains(ShowCommand.lesson(en.level(2).orElseThrow().text())));
        assertTrue(second.out().contains("1. " + en.level(1).orElseThrow().summary()), "the earlier level, listed");

        Cli.Result third = Cli.run("hint", "4", "--workspace", ws.toString(), "--lang", "en");
        assertTrue(third.out().contains("hint 3 of 3"));
        StepProgress.HintUse use = Cli.load(ws).step(4).hints();
        assertEquals(3, use.used());
        assertEquals(List.of(1, 2, 3), use.levels());
    }

    @Test
    void whenAllAreUsedItSaysSoAndPointsToTheLessonUntilTheStepPasses() {
        Path ws = Cli.skeleton(dir);
        Cli.run("hint", "2", "--workspace", ws.toString(), "--level", "3");
        Cli.Result r = Cli.run("hint", "2", "--workspace", ws.toString(), "--lang", "en");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("You have seen all 3 hints of step 2"), r.out());
        assertTrue(r.out().contains("hint 3 of 3") && r.out().contains("INSERT OR IGNORE"), "the last hint is shown again: " + r.out());
        assertTrue(Cli.plain(r.out()).contains("./workbook show 2"), "not passed: back to the lesson");
        assertFalse(Cli.plain(r.out()).contains("compare with the reference: ./workbook reveal"));
        assertEquals(1, Cli.load(ws).step(2).hints().used(), "nothing new shown, nothing counted");
    }

    @Test
    void whenAllAreUsedOnAPassedStepItPointsToReveal() {
        Path ws = Cli.passing(dir);
        assertEquals(0, Cli.run("check", "2", "--workspace", ws.toString()).code());
        Cli.run("hint", "2", "--workspace", ws.toString(), "--level", "3");
        Cli.Result r = Cli.run("hint", "2", "--workspace", ws.toString(), "--lang", "en");
        assertTrue(Cli.plain(r.out()).contains("./workbook reveal 2"), r.out());
    }

    @Test
    void levelShowsEveryLevelUpToItInFull() {
        Path ws = Cli.skeleton(dir);
        Hints ko = hints(5, "ko");
        Cli.Result r = Cli.run("hint", "5", "--workspace", ws.toString(), "--level", "2");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains(ShowCommand.lesson(ko.level(1).orElseThrow().text())));
        assertTrue(r.out().contains(ShowCommand.lesson(ko.level(2).orElseThrow().text())));
        assertFalse(r.out().contains(ShowCommand.lesson(ko.level(3).orElseThrow().text())));
        assertEquals(List.of(1, 2), Cli.load(ws).step(5).hints().levels());

        Cli.Result next = Cli.run("hint", "5", "--workspace", ws.toString(), "--json");
        assertEquals(3, JsonParser.parseString(next.out()).getAsJsonObject().get("level").getAsInt(),
                "the next call goes on after the highest level seen");
    }

    @Test
    void aLevelThatDoesNotExistIsAUsageError() {
        Path ws = Cli.skeleton(dir);
        assertEquals(2, Cli.run("hint", "4", "--workspace", ws.toString(), "--level", "4").code());
        assertEquals(2, Cli.run("hint", "4", "--workspace", ws.toString(), "--level", "0").code());
    }

    @Test
    void jsonHasStepLevelTotalAndText() {
        Path ws = Cli.skeleton(dir);
        Cli.Result r = Cli.run("hint", "8", "--workspace", ws.toString(), "--json", "--lang", "en");
        assertEquals(0, r.code(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(8, o.get("step").getAsInt());
        assertEquals(1, o.get("level").getAsInt());
        assertEquals(3, o.get("total").getAsInt());
        assertEquals(hints(8, "en").level(1).orElseThrow().text(), o.get("text").getAsString());
    }
}
