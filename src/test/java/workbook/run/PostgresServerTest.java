package workbook.run;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bundled PostgreSQL: started once for the class (as root here, through setpriv as nobody; as a normal user,
 * directly), reachable by the learner role alone, and gone without a trace when closed.
 */
class PostgresServerTest {
    private static PostgresServer server;

    @BeforeAll
    static void start() {
        assumeTrue(PostgresServer.available(), "no bundled PostgreSQL for this machine");
        server = PostgresServer.start(Path.of(System.getProperty("java.io.tmpdir"), "workbook-test-cache"), Host.current());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theLearnerRoleLogsInAndIsNoSuperuser() throws SQLException {
        try (Connection c = DriverManager.getConnection(server.url()); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT current_user, current_database(), rolsuper FROM pg_roles WHERE rolname = current_user")) {
            assertTrue(r.next());
            assertEquals(PostgresServer.USER, r.getString(1));
            assertEquals(PostgresServer.DATABASE, r.getString(2));
            assertFalse(r.getBoolean(3), "the role learner code logs in as must not be a superuser");
        }
    }

    @Test
    void noProgramRunsOnTheServersMachine() throws SQLException {
        try (Connection c = DriverManager.getConnection(server.url()); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.execute("COPY (SELECT 1) TO PROGRAM 'id'"));
            assertTrue(e.getMessage().contains("superuser") || e.getMessage().contains("pg_execute_server_program"), e.getMessage());
        }
    }

    @Test
    void theSuperuserCannotLogIn() {
        String url = server.url().replace("user=" + PostgresServer.USER, "user=" + PostgresServer.SUPERUSER);
        SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url).close());
        assertTrue(e.getMessage().contains("pg_hba.conf"), e.getMessage());
    }

    @Test
    void itListensOnLoopbackAndItsSocket() {
        assertTrue(Files.exists(server.socket()), "the Unix socket " + server.socket());
        assertTrue(server.url().contains("127.0.0.1:" + server.port()));
        assertTrue(server.startMillis() > 0);
    }

    @Test
    void aServerStoppedLeavesNoProcessAndNoFolder() throws Exception {
        PostgresServer other = PostgresServer.start(Path.of(System.getProperty("java.io.tmpdir"), "workbook-test-cache"), Host.current());
        Path folder = other.socket().getParent().getParent();
        int port = other.port();
        other.close();
        assertFalse(Files.exists(folder), "the server's folder " + folder + " after close");
        Path data = Path.of("/dev/shm", folder.getFileName() + "-data");
        assertFalse(Files.exists(data), "the server's data folder " + data + " after close");
        assertTrue(ProcessHandle.allProcesses().noneMatch(p -> p.info().commandLine().orElse("").contains("-p " + port)),
                "a postgres on port " + port + " after close");
        assertThrows(SQLException.class, () -> DriverManager.getConnection(PostgresServer.url(port)).close());
    }
}
