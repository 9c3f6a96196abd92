package singleflight;

/**
 * 6단계: 크론이든 수동이든 모든 트리거는 coordinator를 거치고, 시작한 실행은 반드시 반납됩니다.
 * 계약: lessons/singleflight/06-overlap/ko.md
 */
public final class Worker {
    private final Coordinator coordinator;
    private final RunExecutor executor;

    public Worker(Coordinator coordinator, RunExecutor executor) {
        this.coordinator = coordinator;
        this.executor = executor;
    }

    public Acquisition handle(Trigger t) {
        throw new UnsupportedOperationException("not yet — step 6 (아직 구현하지 않았습니다: 6단계 handle)");
    }
}
