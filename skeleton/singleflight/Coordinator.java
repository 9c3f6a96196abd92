package singleflight;

import java.nio.file.Path;
import java.util.Optional;

/**
 * 3·4단계: 효과 범위(scope)마다 실행 하나. 임대는 SQLite 파일에 두어 fence가 재시작을 넘어 살아남게 합니다.
 * 계약: lessons/singleflight/03-acquire/ko.md, 04-renew/ko.md
 */
public final class Coordinator implements LeaseKeeper {
    private final Path db;
    private final Clocks clocks;
    private final Config cfg;
    private final ReceiptLog log;

    public Coordinator(Path db, Clocks clocks, Config cfg, ReceiptLog log) {
        this.db = db;
        this.clocks = clocks;
        this.cfg = cfg;
        this.log = log;
    }

    /** 3단계: 트리거 하나가 범위를 청합니다. */
    public Acquisition acquire(Trigger t) {
        throw new UnsupportedOperationException("not yet — step 3 (아직 구현하지 않았습니다: 3단계 acquire)");
    }

    /** 3단계: 지금 허가를 쥔 실행 수. */
    public int inFlight() {
        throw new UnsupportedOperationException("not yet — step 3 (아직 구현하지 않았습니다: 3단계 inFlight)");
    }

    /** 3단계: 범위에 저장된, 아직 반납되지 않은 임대. */
    @Override
    public Optional<Lease> current(String scope) {
        throw new UnsupportedOperationException("not yet — step 3 (아직 구현하지 않았습니다: 3단계 current)");
    }

    /** 4단계: 임대를 ttl만큼 더 살립니다. 아직 이 실행의 것이고 살아 있을 때만. */
    @Override
    public RenewVerdict renew(Lease lease) {
        throw new UnsupportedOperationException("not yet — step 4 (아직 구현하지 않았습니다: 4단계 renew)");
    }

    /** 3단계: 실행이 끝났습니다. 지금 임대면 범위를 비우고(fence는 그대로), 허가를 돌려주고, 합류한 이들에게 결과를 알립니다. */
    public boolean release(Lease lease, RunOutcome outcome) {
        throw new UnsupportedOperationException("not yet — step 3 (아직 구현하지 않았습니다: 3단계 release)");
    }
}
