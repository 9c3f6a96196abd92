package lease;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 내 시험. ./workbook mutants 가 이 시험들을 먼저 기준 구현에서 돌려(통과해야 유효), 그다음 뮤턴트마다 돌립니다.
 * 유효한 시험이 뮤턴트에서 실패하면 그 뮤턴트를 잡은 것입니다.
 *
 * <p>정상 사례 하나로는 워크시트의 변경 조각이 드러나지 않습니다. 거절되어야 할 입력, 던져져야 할 예외,
 * 실패한 호출 뒤의 상태를 관측하세요. 시험에서는 계약의 메서드(와 Jobs.open)만 쓸 수 있습니다.
 */
class JobsTest {
    @TempDir Path dir;

    /** 예시: 정상 사례. 이 시험만으로는 어떤 뮤턴트도 잡지 못할 수 있습니다. */
    @Test
    void enqueuedJobStartsFree() {
        Path db = dir.resolve("jobs.db");
        Jobs.initDb(db);
        assertTrue(Jobs.enqueue(db, "j"));
        assertEquals(Optional.of(new Jobs.State("j", null, 0.0, 0, null, false)), Jobs.state(db, "j"));
    }

    // 1단계 initDb — 재시작(두 번째 initDb) 뒤에 무엇이 남아 있어야 할까요?

    // 2단계 enqueue — 이미 있는 id 를 다시 넣으면 무엇을 돌려주고, 상태는 어떻게 되어야 할까요?

    // 3단계 state — 없는 작업은?

    // 4단계 claim — 경계 now == until, ttl <= 0, 완료된 작업, fence 는?

    // 5단계 renew — 만료 시각과 같은 순간의 갱신은?

    // 6단계 complete — 이미 끝난 작업, 늦게 돌아온 옛 세대는?

    // 7단계 release — 반납 뒤 fence 는? 그다음 claim 은?

    // 8단계 claimMany — 결과의 개수와 순서, 승자의 수는?
}
