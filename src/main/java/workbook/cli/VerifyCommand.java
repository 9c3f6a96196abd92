package workbook.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Mutant;
import workbook.catalogue.Step;
import workbook.grade.Grader;
import workbook.verdict.Verdicts;
import workbook.receipt.Receipt;
import workbook.receipt.Receipts;
import workbook.receipt.Verification;
import workbook.report.Json;
import workbook.words.Messages;
import workbook.workspace.Workspace;

@Command(name = "verify", description = {
        "Run the work a receipt records again on DIR, and say whether the same verdicts come out and what changed.",
        "영수증에 적힌 채점을 DIR 에서 다시 돌려, 같은 판정이 나오는지, 무엇이 바뀌었는지 알려 줍니다."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:nothing changed and every verdict came out the same", "1:something changed or a verdict differs",
                "2:usage or setup error (not a receipt, no such workspace)"})
final class VerifyCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", index = "0", paramLabel = "RECEIPT", description = "a receipt (.workbook/<lab>/receipts/*.json, or grade's receipts/<student>.json)")
    Path receipt;

    @Parameters(descriptionKey = "arg1", index = "1", paramLabel = "DIR", description = "the workspace (or the student's folder) it is about")
    Path dir;

    @Option(names = "--mutants", paramLabel = "DIR", description = "The private mutant set the graded run used, if any.")
    List<Path> extra = new ArrayList<>();

    @Override
    public Integer call() {
        Messages plain = Messages.of(options.lang());
        if (!Files.isRegularFile(receipt)) {
            throw new Lab.SetupError(plain.get("verify.noReceipt", Workspace.display(receipt)));
        }
        Receipt r = Receipts.read(receipt).orElseThrow(() -> new Lab.SetupError(plain.get("verify.notAReceipt",
                Workspace.display(receipt))));
        if (options.workspace != null || (options.lab != null && !options.lab.equals(r.lab()))) {
            // DIR names the workspace, and the receipt names its lab: another one would be a different question
            throw new Lab.SetupError(plain.get("verify.ownArguments", r.lab()));
        }
        Options o = options.forLab(r.lab());
        o.workspace = dir;
        Lab lab = Lab.open(o, extra);
        Workspace ws = new Workspace(dir, lab.course);
        if (!ws.exists()) {
            throw new Lab.SetupError(lab.msg.get("verify.notItsWorkspace", Workspace.display(dir), r.lab(),
                    Workspace.display(ws.jobsFile())));
        }
        ws = lab.workspace(options.err());
        Verification v = verify(lab, ws, r);
        if (options.json) {
            options.out().println(Json.of(v));
        } else {
            print(lab.msg, v, options.out());
        }
        return v.same() ? 0 : 1;
    }

    /** The receipt's work, run again the same way, and what came of it. */
    static Verification verify(Lab lab, Workspace ws, Receipt r) {
        List<Step> steps = lab.course.steps().stream().filter(s -> r.steps().contains(s.number())).toList();
        Grader grader = lab.grader();
        boolean checks = r.work().gradesCode();
        Verdicts.Check check = checks ? grader.check(ws, steps) : null;
        List<Mutant> mutants = lab.course.mutants().stream().filter(m -> r.steps().contains(m.step())).toList();
        boolean own = r.work().gradesOwnTests() && Files.isRegularFile(ws.testFile())
                && (check == null || check.compile().ok());
        Verdicts.Mutants killed = own ? lab.grader().mutants(ws, mutants, r.firstKiller()) : null;
        return Receipts.verify(lab.sealer(), r, lab.course, ws, Receipts.verdicts(check, killed));
    }

    private static void print(Messages msg, Verification v, java.io.PrintStream out) {
        if (v.seal() == Receipts.SealCheck.ELSEWHERE || v.seal() == Receipts.SealCheck.UNKEYED) {
            // not a change: a student's own receipt, made on their machine, is checked by running it again
            out.println("ⓘ " + msg.get("verify.seal." + v.seal().wire()));
        }
        if (v.same()) {
            out.println(msg.get("verify.same", v.receiptOf()));
            return;
        }
        for (Verification.Change c : v.changes()) {
            out.println("✗ " + msg.get("verify.change." + c.kind().wire(), c.what()));
        }
        if (v.differences().isEmpty()) {
            out.println(msg.get("verify.verdictsSame"));
        } else {
            out.println(msg.get("verify.verdictsDiffer", v.differences().size()));
            v.differences().stream().limit(20).forEach(d -> out.println("  " + d.verdict() + ": "
                    + (d.was() == null ? "—" : d.was()) + " → " + (d.now() == null ? "—" : d.now())));
            if (v.differences().size() > 20) {
                out.println("  " + msg.get("verify.more", v.differences().size() - 20));
            }
        }
    }
}
