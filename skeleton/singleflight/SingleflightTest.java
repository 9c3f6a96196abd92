package singleflight;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * 내 시험. ./workbook mutants 가 이 시험들을 먼저 기준 구현에서 돌려(통과해야 유효), 그다음 뮤턴트마다 돌립니다.
 * 유효한 시험이 뮤턴트에서 실패하면 그 뮤턴트를 잡은 것입니다.
 *
 * <p>주어진 파일(FakeClocks, FakeTenantServer, Replay, …)은 시험에서 마음껏 쓰세요. 정상 사례 하나로는
 * 워크시트의 오해가 드러나지 않습니다: 경계(now == expires, attempt == 예산), 벽시계 점프, 2xx인데 적용 안 됨,
 * 겹친 트리거를 관측하세요.
 */
class SingleflightTest {
    /** 예시: 정상 사례. 이 시험만으로는 어떤 뮤턴트도 잡지 못할 수 있습니다. */
    @Test
    void appliedIsSuccess() {
        Reply ok = Reply.of(200, "{}").withApplied(true, "t1@09:00");
        assertEquals(ReplyClass.SUCCESS, OutcomeTable.classify(ok, "t1@09:00"));
    }

    // 1단계 classify/decide — 200 applied:false는? attempt == attemptBudget에서는?

    // 2단계 receipts — 비밀이 든 본문에서 만든 줄에 무엇이 남나?

    // 3단계 acquire — now == expires인 순간, REPLACE의 fence, 한도가 찬 뒤 두 시간은?

    // 4단계 renew — 벽시계가 뒤로 가면? 만료 순간의 renew는?

    // 5단계 execute — FakeTenantServer.start()로 409, 503, APPLY_THEN_DROP을 보내 보세요.

    // 6단계 handle — 크론 쓰기 직전에 수동 재시도가 끼어들면 (server.before(...))?
}
