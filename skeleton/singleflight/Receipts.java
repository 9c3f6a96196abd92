package singleflight;

/**
 * 2단계: 결정을 재생할 만큼은 남기고 비밀은 하나도 남기지 않는 영수증.
 * 계약: lessons/singleflight/02-receipts/ko.md
 */
public final class Receipts {
    private Receipts() {}

    /** {@code lease}에 대한 결정 하나의 영수증. 요청이 없던 결정이면 {@code reply}는 null입니다. */
    public static Receipt of(long at, String kind, Lease lease, String verdict, int attempt, Reply reply) {
        throw new UnsupportedOperationException("not yet — step 2 (아직 구현하지 않았습니다: 2단계 of)");
    }

    /** 본문 UTF-8 바이트의 {@code sha256:} 해시. 빈 본문은 빈 문자열. */
    public static String hash(String body) {
        throw new UnsupportedOperationException("not yet — step 2 (아직 구현하지 않았습니다: 2단계 hash)");
    }

    /** 영수증에 담을 수 있는 값인지 검사하고 그대로 돌려줍니다. 아니면 필드 이름만 말하는 IllegalArgumentException. */
    public static Receipt check(Receipt r) {
        throw new UnsupportedOperationException("not yet — step 2 (아직 구현하지 않았습니다: 2단계 check)");
    }

    /** 한 줄: 레코드 순서의 name=value 쌍, 한 칸씩 띄어서. */
    public static String line(Receipt r) {
        throw new UnsupportedOperationException("not yet — step 2 (아직 구현하지 않았습니다: 2단계 line)");
    }

    /** {@link #line}이 쓴 줄을 다시 영수증으로. */
    public static Receipt parse(String line) {
        throw new UnsupportedOperationException("not yet — step 2 (아직 구현하지 않았습니다: 2단계 parse)");
    }
}
