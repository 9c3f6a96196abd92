package singleflight;

import java.time.Duration;
import java.util.Optional;

/**
 * 1단계: 응답이 업무에 무엇을 뜻하는지 분류하고, 미리 고정한 표(Outcomes.TABLE)대로 다음 행동을 정합니다.
 * 계약: lessons/singleflight/01-outcome-table/ko.md
 */
public final class OutcomeTable {
    private OutcomeTable() {}

    /** {@code key}를 쓴 요청의 응답 분류. 2xx라고 다 성공이 아닙니다. */
    public static ReplyClass classify(Reply reply, String key) {
        throw new UnsupportedOperationException("not yet — step 1 (아직 구현하지 않았습니다: 1단계 classify)");
    }

    /** {@code attempt}번 보낸 뒤, 실행 시작부터 {@code elapsedNanos}가 지났을 때의 다음 행동. */
    public static Decision decide(ReplyClass cls, int attempt, long elapsedNanos, Optional<Duration> retryAfter, Config cfg) {
        throw new UnsupportedOperationException("not yet — step 1 (아직 구현하지 않았습니다: 1단계 decide)");
    }
}
