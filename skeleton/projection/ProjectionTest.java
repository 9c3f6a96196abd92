package projection;

import static org.junit.jupiter.api.Assertions.*;

import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;

/**
 * 내 시험. ./workbook mutants 가 이 시험들을 먼저 기준 구현에서 돌려(통과해야 유효), 그다음 뮤턴트마다 돌립니다.
 * 유효한 시험이 뮤턴트에서 실패하면 그 뮤턴트를 잡은 것입니다.
 *
 * <p>주어진 파일(Schema, Streams, Mark, Crashes, FailoverProbe, …)은 시험에서 마음껏 쓰세요. 정상 사례 하나로는
 * 워크시트의 오해가 드러나지 않습니다: 경계(position == projected, == seen, lease_until == now), 다른 owner가 든
 * 같은 revision, read 뒤 apply 전에 죽는 worker(Crashes), 되살아난 옛 소유자의 늦은 apply를 관측하세요.
 * 시계는 시험이 건네는 long 하나입니다: 잠들지 마세요.
 */
class ProjectionTest {
    /** 예시: 정상 사례. 이 시험만으로는 어떤 뮤턴트도 잡지 못할 수 있습니다. */
    @Test
    void aFreshMarkIsTakenWithRevisionOne() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            Schema.create(c);
            Ownership own = Marks.take(c, "balances", "w0", 0, 100);
            assertEquals(1, own.revision());
            assertEquals(0, own.resumeAfter());
        }
    }

    // 1단계 stateOf/resumeAfter — position == projected, == seen 에서는? projected > seen 인 mark 는?

    // 2단계 take/advance/markSeen — lease_until == now 인 순간은? 같은 revision 을 든 다른 owner 는?
    //                              앞서가는 to 로 온 옛 소유자의 advance 는?

    // 3단계 read/apply — read 직후 죽으면(Crashes.dyingAt) 새 소유자는 어디서 이어 가나? 거절된 배치는 무엇을 남기나?

    // 4단계 count — 세 번 적용된 위치는 중복 몇 개? FailoverProbe.run 을 같은 seed 로 두 번 돌리면?
}
