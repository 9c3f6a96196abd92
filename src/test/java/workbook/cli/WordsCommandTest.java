package workbook.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbook.progress.StepProgress;

/** {@code words N}, and the tip {@code check} gives when a step first passes without a terminal to ask at. */
class WordsCommandTest {
    @TempDir Path dir;

    @Test
    void optionsRecordBothSentences() {
        Path ws = Cli.skeleton(dir);
        Cli.Result r = Cli.run("words", "4", "--workspace", ws.toString(), "--lang", "en",
                "--restate", "a claim takes an expired job atomically and raises its fence by one",
                "--limit", "the caller's clock is trusted as given");
        assertEquals(0, r.code(), r.err());
        StepProgress.Words w = Cli.load(ws).step(4).words();
        assertEquals("a claim takes an expired job atomically and raises its fence by one", w.restate());
        assertEquals("the caller's clock is trusted as given", w.limit());
        assertTrue(r.out().contains("the caller's clock"), "the apostrophe survives the message format: " + r.out());
    }

    @Test
    void twoLinesOnStandardInput() {
        Path ws = Cli.skeleton(dir);
        Cli.Result r = Cli.withInput("완료는 지금 임대를 가진 세대만 할 수 있다\n외부 부작용은 펜스가 막아 주지 않는다\n",
                "words", "6", "--workspace", ws.toString());
        assertEquals(0, r.code(), r.err());
        StepProgress.Words w = Cli.load(ws).step(6).words();
        assertEquals("완료는 지금 임대를 가진 세대만 할 수 있다", w.restate());
        assertEquals("외부 부작용은 펜스가 막아 주지 않는다", w.limit());
    }

    @Test
    void oneSentenceAloneKeepsTheOther() {
        Path ws = Cli.skeleton(dir);
        Cli.run("words", "7", "--workspace", ws.toString(), "--restate", "release hands the job back", "--limit", "one file");
        Cli.run("words", "7", "--workspace", ws.toString(), "--limit", "one SQLite file, one machine");
        StepProgress.Words w = Cli.load(ws).step(7).words();
        assertEquals("release hands the job back", w.restate());
        assertEquals("one SQLite file, one machine", w.limit());
    }

    @Test
    void nothingToRecordIsAUsageError() {
        Path ws = Cli.skeleton(dir);
        assertEquals(2, Cli.withInput("", "words", "3", "--workspace", ws.toString()).code());
        assertEquals(2, Cli.withInput("\n\n", "words", "3", "--workspace", ws.toString()).code());
        assertFalse(Cli.load(ws).step(3).words().recorded());
    }

    @Test
    void checkRecordsTheStatusAndWithoutATerminalTipsOnceAtTheFirstPass() {
        Path ws = Cli.passing(dir);
        Cli.Result first = Cli.run("check", "3", "--workspace", ws.toString(), "--lang", "en");
        assertEquals(0, first.code(), first.err());
        assertTrue(Cli.plain(first.out()).contains("./workbook words 3"), first.out());
        StepProgress.CheckMark mark = Cli.load(ws).step(3).check();
        assertEquals("passed", mark.status());
        assertEquals(mark.at(), mark.firstPassedAt());
        assertNull(Cli.load(ws).step(3).words().askedAt(), "nobody was asked");

        Cli.Result again = Cli.run("check", "3", "--workspace", ws.toString(), "--lang", "en");
        assertFalse(Cli.plain(again.out()).contains("./workbook words 3"), "the tip is given once");
    }

    @Test
    void checkStillWorksWhenProgressCannotBeWritten() throws Exception {
        Path ws = Cli.passing(dir);
        Files.writeString(ws.resolve(".workbook"), "a file where the notes folder should be");
        Cli.Result r = Cli.run("check", "1", "--workspace", ws.toString(), "--lang", "en");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("passed"));
        assertTrue(r.err().contains("progress"), "a warning: " + r.err());
        Cli.Result w = Cli.run("words", "1", "--workspace", ws.toString(), "--restate", "a", "--limit", "b");
        assertEquals(2, w.code(), "recording was the whole job of words, and it failed");
    }
}
