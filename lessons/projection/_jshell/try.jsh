// The workbook's JShell session for lab 3: your classes are loaded, with a fresh store file in `db` (schema made).
// Call them through Lab (a world per db: one connection per worker, each worker's ownership, projector and last batch):
//   Lab.stream(db, 6)   Lab.mark(db, "A", 1, 10, 8, 4)   Lab.stateOf(db, 5)   Lab.resumeAfter(db)
//   Lab.take(db, "A", 0, 10)   Lab.markSeen(db, "A", 3)   Lab.advance(db, "A", 2)   Lab.intruder(db, "C", 2)
//   Lab.read(db, "A", 3)   Lab.apply(db, "A")   Lab.count(db)   Lab.probe(db, 1, 2, 5, 60)
//   Lab.row(db, "balances") shows the mark, the applied positions and the balance total.
// Or go direct: Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Marks.take(c, "balances", "A", 0, 10)
import java.nio.file.*;
import java.sql.*;
import java.util.*;
import projection.*;
Path db = Lab.fresh();
