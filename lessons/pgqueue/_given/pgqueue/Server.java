package pgqueue;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * 주어진 파일: 워크북이 명령마다 띄우는 PostgreSQL 서버에 닿는 길. 내 시험(LeasesTest)도 이것으로 스키마 하나를 새로 받습니다.
 * Given: the way to the PostgreSQL server the workbook starts for each command; your own tests get a fresh schema here.
 *
 * <pre>
 *   DataSource db = Server.freshSchema();   // 빈 스키마, 이 시험만의 것 · an empty schema of this test's own
 *   Leases.initDb(db);                      // jobs 테이블 · the jobs table
 *   Server.sql(db, "UPDATE jobs SET until = now() - interval '1 second' WHERE id = ?", "j");  // 임대를 끝낸다 · ends a lease
 * </pre>
 */
public final class Server {
    private Server() {}

    /** The server's JDBC URL ({@code workbook.server.url}, set by the workbook for every test run). */
    public static String url() {
        String url = System.getProperty("workbook.server.url");
        if (url == null) {
            throw new IllegalStateException("no PostgreSQL server: run the tests with ./workbook (workbook.server.url is not set)");
        }
        return url;
    }

    /** A new, empty schema of its own: every connection of the {@code DataSource} works in it. */
    public static DataSource freshSchema() {
        String name = "s_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("could not make a schema: " + e.getMessage(), e);
        }
        return new Schema(url() + "&currentSchema=" + name);
    }

    /** The schema {@code name}, made if it is not there yet (processes of one story share one). */
    public static DataSource freshSchemaNamed(String name) {
        if (!name.matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("not a schema name: " + name);
        }
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("could not make a schema: " + e.getMessage(), e);
        }
        return new Schema(url() + "&currentSchema=" + name);
    }

    /** Runs one SQL statement with {@code args} on a connection of {@code db} (to set up or end a lease in a test). */
    public static int sql(DataSource db, String sql, Object... args) {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            return s.execute() ? 0 : s.getUpdateCount();
        } catch (SQLException e) {
            throw new IllegalStateException("SQL failed: " + e.getMessage(), e);
        }
    }

    /** A schema's connections, each new (DriverManager). */
    private static final class Schema implements DataSource {
        private final String url;

        Schema(String url) {
            this.url = url;
        }

        @Override
        public Connection getConnection() throws SQLException {
            return DriverManager.getConnection(url);
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return getConnection();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {}

        @Override
        public void setLoginTimeout(int seconds) {}

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }
}
