package projection;

import java.sql.Connection;
import java.util.List;

/**
 * 3단계: 소유자 하나의 투영. read는 다음 이벤트를 건네고 seen으로만 기록합니다. apply는 효과와 projected 표식을 한
 * 트랜잭션으로 커밋해서, 충돌(crash)이나 거절이 나도 배치 전부가 남거나 아무것도 남지 않게 합니다.
 * 계약: lessons/projection/03-one-transaction/ko.md, lessons/projection/CONTRACT.md
 */
public final class Projector {
    private final Connection c;
    private final Ownership own;

    public Projector(Connection c, Ownership own) {
        this.c = c;
        this.own = own;
    }

    /** 3단계: 커서 다음의 이벤트를 위치 순서로 최대 max개, seen으로 기록하고 건넵니다. */
    public List<Event> read(int max) {
        throw new UnsupportedOperationException("not yet — step 3 (아직 구현하지 않았습니다: 3단계 read)");
    }

    /** 3단계: 배치의 효과와 projected 표식을 BEGIN IMMEDIATE 트랜잭션 하나로. 전부이거나 아무것도 아니거나. */
    public void apply(List<Event> batch) {
        throw new UnsupportedOperationException("not yet — step 3 (아직 구현하지 않았습니다: 3단계 apply)");
    }
}
