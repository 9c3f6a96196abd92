package lease;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InitDbTest {
    @TempDir Path dir;

    @Test
    void createsTheJobsTable() {
        Path db = dir.resolve("jobs.db");
        Jobs.initDb(db);
        assertTrue(Files.exists(db), "initDb(db) should create the database file");
        assertFalse(Db.columns(db).isEmpty(), "after initDb(db) a table named jobs exists");
    }

    @Test
    void schemaHasTheSixColumnsWithTheirTypesAndDefaults() {
        Path db = dir.resolve("jobs.db");
        Jobs.initDb(db);
        assertEquals(List.of(
                "id TEXT notnull=0 default=null pk=1",
                "owner TEXT notnull=0 default=null pk=0",
                "until REAL notnull=1 default=0 pk=0",
                "fence INTEGER notnull=1 default=0 pk=0",
                "result TEXT notnull=0 default=null pk=0",
                "done INTEGER notnull=1 default=0 pk=0"), Db.columns(db), "PRAGMA table_info(jobs)");
    }

    @Test
    void defaultsApplyToANewRow() {
        Path db = dir.resolve("jobs.db");
        Jobs.initDb(db);
        Db.exec(db, "INSERT INTO jobs(id) VALUES ('j')");
        assertEquals(new Db.Row("j", null, 0.0, 0, null, 0), Db.row(db, "j"), "row after INSERT INTO jobs(id)");
    }

    @Test
    void secondCallDoesNotFail() {
        Path db = dir.resolve("jobs.db");
        Jobs.initDb(db);
        assertDoesNotThrow(() -> Jobs.initDb(db), "initDb(db) called again on the same file (a restart)");
    }

    @Test
    void restartKeepsRowsAndFences() {
        Path db = dir.resolve("jobs.db");
        Jobs.initDb(db);
        Db.exec(db, "INSERT INTO jobs(id, owner, until, fence, result, done) VALUES ('j', 'A', 15.5, 7, NULL, 0)");
        Db.exec(db, "INSERT INTO jobs(id, owner, until, fence, result, done) VALUES ('k', NULL, 0, 3, 'ok', 1)");
        try {
            Jobs.initDb(db);
        } catch (RuntimeException e) {
            fail("initDb(db) threw on restart: " + e);
        }
        assertEquals(new Db.Row("j", "A", 15.5, 7, null, 0), Db.row(db, "j"), "row j after a restart");
        assertEquals(new Db.Row("k", null, 0.0, 3, "ok", 1), Db.row(db, "k"), "row k after a restart");
        assertEquals(2, Db.count(db), "number of rows after a restart");
    }

    @Test
    void idIsUnique() {
        Path db = dir.resolve("jobs.db");
        Jobs.initDb(db);
        Db.exec(db, "INSERT INTO jobs(id) VALUES ('j')");
        assertThrows(IllegalStateException.class, () -> Db.exec(db, "INSERT INTO jobs(id) VALUES ('j')"),
                "a second row with the same id must be rejected by the table");
    }

    /** A restart on any stored rows: initDb leaves every row as it was. */
    @Test
    void aRestartKeepsRandomRows() throws Exception {
        Prop.check(dir, 1, 12, Prop.JobCase::draw, Prop.JobCase::simpler, (c, t) -> {
            List<Db.Row> before = c.setUp(t);
            Prop.Got got = Prop.call(() -> {
                Jobs.initDb(t.db);
                return "returns";
            });
            List<Db.Row> after = t.rows();
            Prop.Got want = Prop.Got.of("returns");
            Db.Row j = c.j();
            return Prop.differs(before, "initDb(db) on a table that holds these rows (a restart)", got, after, want, j);
        });
    }

    @Test
    void sqlErrorsAreThrownAsIllegalStateException() {
        assertThrows(IllegalStateException.class, () -> Jobs.initDb(dir),
                "initDb on a path that is a folder, not a database file: the SQL error must come out as an IllegalStateException, not be hidden");
    }
}
