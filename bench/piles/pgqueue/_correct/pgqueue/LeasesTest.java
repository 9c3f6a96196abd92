package pgqueue;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Clock;
import java.util.OptionalLong;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * 내 시험. ./workbook mutants가 이 시험들을 먼저 기준 구현에서 돌려(통과해야 유효), 그다음 뮤턴트마다 돌립니다.
 * 유효한 시험이 뮤턴트에서 실패하면 그 뮤턴트를 잡은 것입니다.
 *
 * <p>서버는 워크북이 띄웁니다: {@code Server.freshSchema()}가 이 시험만의 빈 스키마를 줍니다. 임대를 끝내려면
 * {@code Server.sql(db, "UPDATE jobs SET until = now() - interval '1 second' WHERE id = ?", "j")}처럼 하세요.
 */
class LeasesTest {
    /** 예시: 정상 사례. 이 시험만으로는 어떤 뮤턴트도 잡지 못할 수 있습니다. */
    @Test
    void aFreeJobIsClaimedWithFenceOne() {
        DataSource db = Server.freshSchema();
        Leases.initDb(db);
        Leases worker = new Leases(db, Clock.systemUTC());
        assertTrue(worker.enqueue("j"));
        assertEquals(OptionalLong.of(1), worker.claim("j", "A", 30));
    }

    // 1단계 claim — 워커가 둘이면 fence는? 시계가 한 시간 빠른 워커는?

    // 2단계 renew, complete, release — 멈췄다 깨어난 워커의 옛 fence는?

    // 3단계 inTransaction — 늘 40001로 실패하는 work는 몇 번 돌까?

    // 4단계 claimNext — 다른 트랜잭션이 잠근 행은?

    // 5단계 remaining — 시계가 느린 워커가 물으면?
}
