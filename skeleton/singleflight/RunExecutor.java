package singleflight;

/**
 * 5단계: 실행 하나의 쓰기. 매 회차 renew, 키로 읽어 보기, 임대 자신의 fence로 쓰기 한 번, 그리고 표대로 결정.
 * 계약: lessons/singleflight/05-fenced-commit/ko.md
 */
public final class RunExecutor {
    private final LeaseKeeper keeper;
    private final TenantClient client;
    private final Clocks clocks;
    private final Config cfg;
    private final ReceiptLog log;

    public RunExecutor(LeaseKeeper keeper, TenantClient client, Clocks clocks, Config cfg, ReceiptLog log) {
        this.keeper = keeper;
        this.client = client;
        this.clocks = clocks;
        this.cfg = cfg;
        this.log = log;
    }

    public RunOutcome execute(Lease lease) {
        throw new UnsupportedOperationException("not yet — step 5 (아직 구현하지 않았습니다: 5단계 execute)");
    }
}
