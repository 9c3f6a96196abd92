package workbook.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import workbook.run.Host;
import picocli.CommandLine.Option;

/** The options every result command takes. */
public final class Options {
    @Option(names = "--json", description = "Print the verdict as JSON (for other tools).")
    boolean json;

    @Option(names = "--lang", defaultValue = "ko", paramLabel = "ko|en",
            description = "Language of the messages: ko (default) or en.")
    String lang;

    @Option(names = "--workspace", paramLabel = "DIR",
            description = "The folder that holds your package folder with your files (default: workspace).")
    Path workspace;

    @Option(names = "--lab", paramLabel = "ID",
            description = "Which lab (a folder under lessons/); needed only when several are installed and the workspace does not say.")
    String lab;

    @Option(names = "--time-budget", paramLabel = "SECONDS",
            description = "Wall-clock limit for all the child JVMs of one run together (default 150).")
    Integer timeBudget;

    @Option(names = "--no-pager", description = "Print straight to the screen, never through a pager (less).")
    boolean noPager;

    @Option(names = "--pg-url", paramLabel = "JDBC-URL",
            description = "For a lab on PostgreSQL: use this server (e.g. a class's shared one) instead of starting one. Its role needs CREATE on the database.")
    String pgUrl;

    /** The machine and streams of this command ({@code Main} sets them before the command runs). */
    private Host host;

    /** What this command started and must stop when it ends (a lab's server), shared by every lab it is about. */
    private Scope scope;

    /** Sets the host and scope of this command (in {@code Main}, once, before it runs). */
    void bind(Host host, Scope scope) {
        this.host = host;
        this.scope = scope;
    }

    Host host() {
        if (host == null) {
            throw new IllegalStateException("Options.bind was not called");
        }
        return host;
    }

    Scope scope() {
        if (scope == null) {
            throw new IllegalStateException("Options.bind was not called");
        }
        return scope;
    }

    /** The screen: where the command prints what it shows. */
    PrintStream out() {
        return host().out();
    }

    /** What the learner types. */
    java.io.InputStream in() {
        return host().in();
    }

    /** Progress and notices. */
    PrintStream err() {
        return host().err();
    }

    /** The same options, about lab {@code id}. */
    Options forLab(String id) {
        Options o = new Options();
        o.host = host;
        o.scope = scope;
        o.json = json;
        o.lang = lang;
        o.workspace = workspace;
        o.pgUrl = pgUrl;
        o.lab = id;
        o.timeBudget = timeBudget;
        o.noPager = noPager;
        return o;
    }

    String lang() {
        return "en".equalsIgnoreCase(lang) ? "en" : "ko";
    }
}
