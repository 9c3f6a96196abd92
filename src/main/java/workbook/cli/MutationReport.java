package workbook.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import workbook.report.StrykerPage;
import workbook.report.StrykerReport;
import workbook.workspace.AtomicWrite;
import workbook.workspace.Workspace;

/**
 * {@code --report DIR} of {@code audit} and {@code mutants}: {@code mutation-report.json} (Stryker's schema) and
 * {@code index.html} (the stock viewer, offline) written into DIR, each atomically, then one line saying where.
 */
final class MutationReport {
    static final String JSON = "mutation-report.json";
    static final String PAGE = "index.html";

    private MutationReport() {}

    /** Writes both files into {@code dir} and tells {@code out} where they are. */
    static void write(Path dir, StrykerReport.Report report, String title, Lab lab, PrintStream out) {
        Path json = dir.resolve(JSON);
        Path page = dir.resolve(PAGE);
        try {
            AtomicWrite.text(json, StrykerReport.json(report) + "\n");
            AtomicWrite.text(page, StrykerPage.html(report, title, lab.msg));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println(lab.msg.get("stryker.written", Workspace.display(json), Workspace.display(page)));
    }

    /** The workbook's own version, as {@code --version} prints it without the name. */
    static String version() {
        String v = Main.class.getAnnotation(Command.class).version()[0];
        return v.startsWith("workbook ") ? v.substring("workbook ".length()) : v;
    }
}
