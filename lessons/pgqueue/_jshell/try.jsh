// The workbook's JShell session: your Leases is loaded, with a fresh schema of its own in `db` (on the server the
// workbook started for this session). JShell cannot call package-private methods, so call your Leases through Lab:
//   Lab.put(db, "j", null, 0, null, null, false)      a free job j
//   Lab.claim(db, "j", "A", 30)    Lab.claimWithClock(db, "j", "B", 30, 3600)   (a worker whose clock runs an hour fast)
//   Lab.renew(db, "j", "A", 1, 30)   Lab.complete(db, "j", "A", 1, "done")   Lab.release(db, "j", "A", 1)
//   Lab.expire(db, "j")   ends j's lease by the server's clock      Lab.row(db, "j")   the stored row, read directly
//   Lab.failing(db, 2, "40001")   inTransaction with a work that fails twice    Lab.claimNext(db, "W", 30)
//   Lab.remaining(db, "j", "A", 1, 0)
import java.util.*;
import pgqueue.Lab;
var db = Lab.fresh();
