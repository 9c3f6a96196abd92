package projection;

/**
 * 1단계: 상태는 둘이 아니라 셋입니다. 위치(position)는 UNSEEN(아직 아무 read도 건네지 않음), SEEN(건네졌지만 효과가
 * 커밋됐는지 모름), PROJECTED(효과가 커밋됨) 가운데 하나입니다. 새 소유자는 seen이 아니라 projected 표식에서 이어 갑니다.
 * 계약: lessons/projection/01-three-states/ko.md, lessons/projection/CONTRACT.md
 */
public final class MarkStates {
    private MarkStates() {}

    /** 1단계: mark에 비추어 position이 어느 상태인지. position < 1은 IllegalArgumentException, 깨진 mark는 IllegalStateException. */
    public static State stateOf(long position, Mark mark) {
        throw new UnsupportedOperationException("not yet — step 1 (아직 구현하지 않았습니다: 1단계 stateOf)");
    }

    /** 1단계: 새 소유자가 이 위치 다음부터 읽습니다. */
    public static long resumeAfter(Mark mark) {
        throw new UnsupportedOperationException("not yet — step 1 (아직 구현하지 않았습니다: 1단계 resumeAfter)");
    }
}
