package pgqueue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * 1번 실습의 임대와 fence를, 여러 워커 프로세스가 함께 쓰는 PostgreSQL 서버로 옮기는 실습 파일입니다.
 *
 * <p>각 메서드는 아직 "not yet — step N" 예외를 던집니다. 단계 순서대로 본문을 채우고 {@code ./workbook check}로
 * 확인하세요. 이름과 시그니처는 바꾸지 마세요: 공식 시험과 채점 도구가 이 모양에 의존합니다.
 *
 * <p><b>시간은 서버의 것입니다.</b> until과 비교하는 것도, 새 until을 정하는 것도 SQL 안의 {@code now()}로 합니다.
 * {@code clock}은 이 워커 자신의 시계이고, 다른 워커의 시계와 어긋나 있을 수 있습니다.
 *
 * <p>연결은 {@code db.getConnection()}으로 빌리고, 어떤 경로에서든 닫아 돌려줍니다 (try-with-resources).
 * 돌려줄 때 트랜잭션이 열려 있으면 안 됩니다: 커밋하거나 롤백하세요.
 */
public final class Leases {
    /** claimNext가 내준 작업: id와 함께 받은 fence. */
    public record Claim(String id, long fence) {}

    /** inTransaction이 돌리는 한 번의 시도: autocommit이 꺼진 연결에서. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private final DataSource db;
    /** 이 워커의 시계. 다른 워커와 어긋날 수 있습니다. */
    private final Clock clock;

    public Leases(DataSource db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** 주어짐 — jobs 테이블을 만든다 (이미 있으면 그대로). */
    public static void initDb(DataSource db) {
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS jobs(id text PRIMARY KEY, owner text, "
                    + "until timestamptz NOT NULL DEFAULT '-infinity', fence bigint NOT NULL DEFAULT 0, "
                    + "result text, done boolean NOT NULL DEFAULT false)");
        } catch (SQLException e) {
            throw new IllegalStateException("initDb failed: " + e.getMessage(), e);
        }
    }

    /** 주어짐 — 새 작업을 넣는다 (아무도 쥐지 않은 상태). 이미 있으면 false. */
    public boolean enqueue(String id) {
        try (Connection c = db.getConnection();
             PreparedStatement s = c.prepareStatement("INSERT INTO jobs(id) VALUES (?) ON CONFLICT (id) DO NOTHING")) {
            s.setString(1, id);
            return s.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("enqueue failed: " + e.getMessage(), e);
        }
    }

    /**
     * 1단계 — 작업 하나를 가져간다.
     *
     * <ul>
     *   <li>ttl &lt;= 0이면 무엇보다 먼저 IllegalArgumentException.</li>
     *   <li>있고, 완료되지 않았고, 서버 시계로 임대가 끝난({@code until <= now()}) 작업이면: owner를 적고
     *       {@code until = now() + ttl}, {@code fence = 저장된 fence + 1}로 바꾸고 그 fence를 돌려준다.</li>
     *   <li>그 밖에는 empty, 행은 그대로.</li>
     *   <li>두 워커가 동시에 불러도 승자는 하나: 판단하는 읽기와 쓰기를 한 문장({@code UPDATE … WHERE … RETURNING fence})으로
     *       하거나, 행 잠금을 쥔 한 트랜잭션({@code SELECT … FOR UPDATE}, autocommit을 끄고)으로.</li>
     *   <li>SQL 오류는 IllegalStateException.</li>
     * </ul>
     */
    OptionalLong claim(String id, String owner, double ttl) {
        throw new UnsupportedOperationException("not yet — step 1 (아직 구현하지 않았습니다: 1단계 claim)");
    }

    /** 2단계 — 살아 있고 owner·fence가 맞는 임대를 {@code now() + ttl}까지 늘린다. 아니면 false. */
    boolean renew(String id, String owner, long fence, double ttl) {
        throw new UnsupportedOperationException("not yet — step 2 (아직 구현하지 않았습니다: 2단계 renew)");
    }

    /** 2단계 — 살아 있고 owner·fence가 맞으면 result를 적고 done으로 만든다. 아니면 false. */
    boolean complete(String id, String owner, long fence, String result) {
        throw new UnsupportedOperationException("not yet — step 2 (아직 구현하지 않았습니다: 2단계 complete)");
    }

    /** 2단계 — owner·fence가 맞고 완료되지 않았으면 owner를 NULL, until을 -infinity로 (fence는 그대로). 아니면 false. */
    boolean release(String id, String owner, long fence) {
        throw new UnsupportedOperationException("not yet — step 2 (아직 구현하지 않았습니다: 2단계 release)");
    }

    /**
     * 3단계 — work를 한 트랜잭션으로 돌린다: autocommit을 끄고, 돌리고, 커밋하고, work의 값을 돌려준다.
     * SQLSTATE 40001·40P01이면 롤백하고 다시 (모두 합쳐 최대 5번, 그 뒤엔 마지막 SQLException을 원인으로
     * IllegalStateException). 다른 실패는 롤백하고 곧바로 던진다. 그리고 claim이 이것을 쓰게 바꾼다.
     */
    <T> T inTransaction(Work<T> work) {
        throw new UnsupportedOperationException("not yet — step 3 (아직 구현하지 않았습니다: 3단계 inTransaction)");
    }

    /**
     * 4단계 — 가져갈 수 있는 작업 가운데 id가 가장 작은 것을 claim처럼 가져간다. 다른 워커가 잠근 행은 기다리지 않고
     * 건너뛴다 ({@code FOR UPDATE SKIP LOCKED}). 없으면 empty.
     */
    Optional<Claim> claimNext(String owner, double ttl) {
        throw new UnsupportedOperationException("not yet — step 4 (아직 구현하지 않았습니다: 4단계 claimNext)");
    }

    /** 5단계 — 서버 시계로 남은 초. owner·fence가 맞고 살아 있고 완료되지 않았을 때만; 아니면 empty. */
    OptionalDouble remaining(String id, String owner, long fence) {
        throw new UnsupportedOperationException("not yet — step 5 (아직 구현하지 않았습니다: 5단계 remaining)");
    }
}
