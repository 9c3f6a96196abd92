package lease;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.Optional;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateTest {
    @TempDir Path dir;

    @Test
    void readsAFreshRow() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        assertEquals(Optional.of(new Jobs.State("j", null, 0.0, 0, null, false)), Jobs.state(db, "j"), "state(db, \"j\")");
    }

    @Test
    void missingJobIsEmpty() {
        Path db = Db.fresh(dir);
        Db.insert(db, "other", null, 0.0, 0, null, 0);
        assertEquals(Optional.empty(), Jobs.state(db, "missing"), "state(db, \"missing\") for an id that was never enqueued");
    }

    @Test
    void missingJobOnAnEmptyTableIsEmpty() {
        Path db = Db.fresh(dir);
        assertEquals(Optional.empty(), Jobs.state(db, "j"), "state(db, \"j\") on an empty table");
    }

    @Test
    void readsEveryField() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 12.5, 3, null, 0);
        Db.insert(db, "k", "B", 7.25, 9, "done-by-B", 1);
        assertEquals(Optional.of(new Jobs.State("j", "A", 12.5, 3, null, false)), Jobs.state(db, "j"), "state of a held job");
        assertEquals(Optional.of(new Jobs.State("k", "B", 7.25, 9, "done-by-B", true)), Jobs.state(db, "k"), "state of a finished job");
    }

    @Test
    void seesChangesMadeThroughAnotherConnection() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", null, 0.0, 0, null, 0);
        Jobs.state(db, "j");
        Db.exec(db, "UPDATE jobs SET owner = 'B', until = 20, fence = 5 WHERE id = 'j'");
        assertEquals(Optional.of(new Jobs.State("j", "B", 20.0, 5, null, false)), Jobs.state(db, "j"),
                "state(db, \"j\") after another connection changed the row");
        Db.exec(db, "DELETE FROM jobs WHERE id = 'j'");
        assertEquals(Optional.empty(), Jobs.state(db, "j"), "state(db, \"j\") after another connection deleted the row");
    }

    @Test
    void doesNotChangeTheRow() {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 4.0, 2, null, 0);
        Jobs.state(db, "j");
        Jobs.state(db, "missing");
        assertEquals(new Db.Row("j", "A", 4.0, 2, null, 0), Db.row(db, "j"), "row j after reading it");
        assertEquals(1, Db.count(db), "number of rows after reading a missing id");
    }

    @Test
    void readsEpochSecondsAndLargeFencesExactly() {
        Path db = Db.fresh(dir);
        double until = 1.7e9 + 0.1;
        Db.insert(db, "j", "A", until, 3_000_000_000L, null, 0);
        assertEquals(Optional.of(new Jobs.State("j", "A", until, 3_000_000_000L, null, false)), Jobs.state(db, "j"),
                "state of a job held until 1.7e9 + 0.1 (epoch seconds) with fence 3000000000");
    }

    /** The contract of state as a model: the stored row, or empty; and no row changes. */
    @Test
    void agreesWithTheContractOnRandomRows() throws Exception {
        Prop.check(dir, 3, 12, Prop.JobCase::draw, Prop.JobCase::simpler, (c, t) -> {
            List<Db.Row> before = c.setUp(t);
            Prop.Got got = Prop.call(() -> Jobs.state(t.db, "j"));
            List<Db.Row> after = t.rows();
            Db.Row j = c.j();
            Prop.Got want = Prop.Got.of(j == null ? Optional.empty()
                    : Optional.of(new Jobs.State("j", j.owner(), j.until(), j.fence(), j.result(), j.done() != 0)));
            return Prop.differs(before, "state(db, \"j\")", got, after, want, j);
        });
    }

    @Test
    void sqlErrorsAreThrownAsIllegalStateException() {
        Path db = dir.resolve("no-table.db");
        assertThrows(IllegalStateException.class, () -> Jobs.state(db, "j"),
                "state on a database without a jobs table: the SQL error must come out as an IllegalStateException, not be hidden");
    }

    @Test
    void readsTheFileAsItIsNow() throws Exception {
        Path db = Db.fresh(dir);
        Db.insert(db, "j", "A", 5.0, 1, null, 0);
        assertEquals(Optional.of(new Jobs.State("j", "A", 5.0, 1, null, false)), Jobs.state(db, "j"), "state before the file is replaced");
        java.nio.file.Files.delete(db);
        Db.fresh(dir);
        Db.insert(db, "j", "B", 9.0, 4, null, 0);
        assertEquals(Optional.of(new Jobs.State("j", "B", 9.0, 4, null, false)), Jobs.state(db, "j"),
                "state after the database file was replaced by another one (a restored backup): every call opens its own connection");
    }
}
