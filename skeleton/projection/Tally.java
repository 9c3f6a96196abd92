package projection;

import java.sql.Connection;

/**
 * 4단계: 표가 말하는 일: 이벤트 수, 한 번도 적용되지 않은 이벤트(잃음), 처음 이후의 적용(중복).
 * 계약: lessons/projection/04-probe/ko.md, lessons/projection/CONTRACT.md
 */
public final class Tally {
    private Tally() {}

    /** 4단계: events와 applied를 SQL로 세어 Counts를 돌려줍니다. */
    public static Counts count(Connection c) {
        throw new UnsupportedOperationException("not yet — step 4 (아직 구현하지 않았습니다: 4단계 count)");
    }
}
