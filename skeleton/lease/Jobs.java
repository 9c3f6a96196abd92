package lease;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * 작업 테이블 하나를 소유권 임대(lease)와 세대 번호(fence)로 지키는 실습 파일입니다.
 *
 * <p>각 메서드는 아직 "not yet — step N" 예외를 던집니다. 단계 순서대로 본문을 채우고
 * {@code ./workbook check} 로 확인하세요. 메서드의 이름과 시그니처는 바꾸지 마세요:
 * 공식 시험과 채점 도구가 바로 이 모양에 의존합니다.
 *
 * <p>시간({@code now})은 호출자가 주는, 줄어들지 않는 숫자입니다. 벽시계를 읽지 마세요.
 * 모든 호출은 자기 연결을 새로 엽니다 (아래 {@link #open(Path)} 를 써도 됩니다).
 */
public final class Jobs {
    private Jobs() {}

    /** jobs 테이블의 한 행. {@code done} 은 테이블의 0/1 을 boolean 으로 옮긴 것입니다. */
    public record State(String id, String owner, double until, long fence, String result, boolean done) {}

    /**
     * 1단계 — 임대 상태 테이블을 만든다.
     *
     * <p>{@code jobs(id TEXT PRIMARY KEY, owner TEXT, until REAL NOT NULL DEFAULT 0,
     * fence INTEGER NOT NULL DEFAULT 0, result TEXT, done INTEGER NOT NULL DEFAULT 0)} 를 만듭니다.
     * 두 번째 호출(워커 재시작)은 아무것도 바꾸지 않아야 합니다: 이미 있는 행과 fence 는 그대로입니다.
     */
    static void initDb(Path db) {
        throw new UnsupportedOperationException("not yet — step 1 (아직 구현하지 않았습니다: 1단계 initDb)");
    }

    /**
     * 2단계 — 최초 작업만 등록한다.
     *
     * <p>없는 id 는 기본 상태(owner 없음, until 0, fence 0, result 없음, done 0)로 넣고 {@code true}.
     * 이미 있는 id 는 상태를 전혀 바꾸지 않고 {@code false}.
     */
    static boolean enqueue(Path db, String jobId) {
        throw new UnsupportedOperationException("not yet — step 2 (아직 구현하지 않았습니다: 2단계 enqueue)");
    }

    /**
     * 3단계 — 현재 상태를 읽는다.
     *
     * <p>별도의 연결로 저장된 행을 읽어 {@link State} 로 돌려줍니다. 행이 없으면 {@code Optional.empty()}.
     */
    static Optional<State> state(Path db, String jobId) {
        throw new UnsupportedOperationException("not yet — step 3 (아직 구현하지 않았습니다: 3단계 state)");
    }

    /**
     * 4단계 — 만료된 임대를 원자적으로 가져간다.
     *
     * <ul>
     *   <li>{@code ttl <= 0} 이면 {@link IllegalArgumentException}.</li>
     *   <li>없는 작업, 완료된 작업, {@code until > now} 인 작업은 {@code OptionalLong.empty()}.</li>
     *   <li>그 밖에는 owner 와 {@code until = now + ttl} 을 저장하고 fence 를 1 올려 새 fence 를 돌려준다.</li>
     *   <li>경계 {@code now == until} 은 다시 가져갈 수 있다.</li>
     *   <li>읽기와 쓰기는 하나의 {@code BEGIN IMMEDIATE} 트랜잭션 안에서.</li>
     * </ul>
     */
    static OptionalLong claim(Path db, String jobId, String owner, double now, double ttl) {
        throw new UnsupportedOperationException("not yet — step 4 (아직 구현하지 않았습니다: 4단계 claim)");
    }

    /**
     * 5단계 — 현재 세대만 임대를 갱신한다.
     *
     * <p>{@code ttl <= 0} 이면 {@link IllegalArgumentException}. owner 와 fence 가 모두 일치하고
     * {@code done = 0}, {@code until > now} 일 때만 {@code until = now + ttl} 로 바꾸고 {@code true}.
     * 그 밖에는 아무것도 바꾸지 않고 {@code false}.
     */
    static boolean renew(Path db, String jobId, String owner, long fence, double now, double ttl) {
        throw new UnsupportedOperationException("not yet — step 5 (아직 구현하지 않았습니다: 5단계 renew)");
    }

    /**
     * 6단계 — 오래된 완료를 거절한다.
     *
     * <p>현재 임대(owner·fence 일치, {@code done = 0}, {@code until > now})일 때만 result 와
     * {@code done = 1} 을 저장하고 {@code true}. 그 밖에는 {@code false} 이고 기존 결과는 그대로 남는다.
     * result 와 done 만 바꾼다 (owner·until·fence 와 다른 작업의 행은 그대로). 검사와 쓰기는 한 문장에서.
     */
    static boolean complete(Path db, String jobId, String owner, long fence, double now, String result) {
        throw new UnsupportedOperationException("not yet — step 6 (아직 구현하지 않았습니다: 6단계 complete)");
    }

    /**
     * 7단계 — 현재 워커만 임대를 반납한다.
     *
     * <p>owner·fence 가 같고 {@code done = 0} 인 행만 {@code owner = NULL, until = 0} 으로 바꾸고 {@code true}.
     * fence 는 그대로 둔다. 그 밖에는 {@code false}.
     */
    static boolean release(Path db, String jobId, String owner, long fence) {
        throw new UnsupportedOperationException("not yet — step 7 (아직 구현하지 않았습니다: 7단계 release)");
    }

    /**
     * 8단계 — 동시 claim 에 승자는 하나다.
     *
     * <p>owners 의 각 owner 에 대해 스레드 풀에서 동시에 {@link #claim} 을 부르고, 결과를 입력 순서대로 돌려준다.
     * 비어 있는 작업이라면 정확히 한 owner 만 fence 를 얻고 나머지는 {@code OptionalLong.empty()}.
     * claim 이 던진 예외는 그대로 밖으로 나온다.
     */
    static List<OptionalLong> claimMany(Path db, String jobId, List<String> owners, double now, double ttl) {
        throw new UnsupportedOperationException("not yet — step 8 (아직 구현하지 않았습니다: 8단계 claimMany)");
    }

    /**
     * 연결을 여는 도우미. busy_timeout 을 주면 동시에 쓰려는 연결이 바로 실패하지 않고 차례를 기다린다.
     * 쓰지 않아도 되고, 고쳐 써도 됩니다.
     */
    static Connection open(Path db) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + db + "?busy_timeout=10000");
    }
}
