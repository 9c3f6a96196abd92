// The workbook's JShell session for lab 2: your classes are loaded, with a fresh store file in `db`.
// Call them through Lab (a world per db: fake clocks, a receipt log, a coordinator, the fake tenant):
//   Lab.config(db, "REPLACE", 30, 4, 3, 60)   Lab.tick(db, 10)   Lab.mono(db, 30)   Lab.wall(db, "2026-03-01T08:00:00Z")
//   Lab.classify(db, 200, "false", "t1@09:00")   Lab.decide(db, "RETRYABLE", 1, 0, 7)   Lab.receiptOf(db, "host-a", 200)
//   Lab.acquire(db, "t1", "t1@09:00", "run-a")   Lab.renew(db, "run-a")   Lab.release(db, "run-a", "COMMITTED")
//   Lab.script(db, "t1", "APPLY_THEN_DROP")   Lab.execute(db, "run-a")   Lab.cron(db, "t1", "t1@09:00", "run-cron")
//   Lab.row(db, "t1") shows the lease, the tenant's effects and the new receipts.
import java.nio.file.*;
import java.util.*;
import singleflight.*;
Path db = Lab.fresh();
