// The workbook's JShell session: your Jobs is loaded, with a fresh database in `db`.
// JShell cannot call package-private methods, so call your Jobs through Lab:
//   Lab.initDb(db)   Lab.enqueue(db, "j")   Lab.state(db, "j")   Lab.claim(db, "j", "A", 1, 10)
//   Lab.renew(db, "j", "A", 1, 5, 10)   Lab.complete(db, "j", "A", 1, 5, "done")   Lab.release(db, "j", "A", 1)
//   Lab.row(db, "j") shows the stored row, read directly.
import java.nio.file.*;
import java.util.*;
import lease.Lab;
Path db = Lab.fresh();
