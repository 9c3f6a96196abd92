package projection;

import java.sql.Connection;

/**
 * 2단계: owner-safe 상태 기계로서의 mark. take는 mark를 새 소유자에게 넘기고 revision(펜스)을 올립니다. advance와
 * markSeen은 (projector, owner, revision) 튜플 전체에 대한 compare-and-set으로만 mark를 바꾸고, 한 행도 바꾸지 못한
 * CAS는 조용한 성공이 아니라 거절(StaleOwner)입니다.
 * 계약: lessons/projection/02-cas/ko.md, lessons/projection/CONTRACT.md
 */
public final class Marks {
    private Marks() {}

    /** 2단계: 살아 있는 다른 임대가 없으면 worker가 projector의 mark를 가져갑니다 (BEGIN IMMEDIATE 트랜잭션 하나). */
    public static Ownership take(Connection c, String projector, String worker, long now, long ttl) {
        throw new UnsupportedOperationException("not yet — step 2 (아직 구현하지 않았습니다: 2단계 take)");
    }

    /** 2단계: 호출한 쪽의 트랜잭션 안에서 projected = to, seen = max(seen, to). 튜플이 맞을 때만. */
    public static void advance(Connection c, Ownership own, long to) {
        throw new UnsupportedOperationException("not yet — step 2 (아직 구현하지 않았습니다: 2단계 advance)");
    }

    /** 2단계: read가 upTo까지 건넸다는 기록: seen만 올립니다. */
    public static void markSeen(Connection c, Ownership own, long upTo) {
        throw new UnsupportedOperationException("not yet — step 2 (아직 구현하지 않았습니다: 2단계 markSeen)");
    }
}
