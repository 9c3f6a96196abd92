package workbook.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Spec;

/**
 * {@code workbook man}: a manual page in roff, made from the commands themselves (their options and texts, in the
 * chosen language): {@code ./workbook man | man -l -}, or {@code ./workbook man > workbook.1} for a MANPATH.
 */
@Command(name = "man", description = {"Print the manual page (roff): ./workbook man | man -l -",
        "매뉴얼 페이지(roff)를 출력합니다: ./workbook man | man -l -"})
final class ManCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** The page's language: the texts are those of --help in that language (read by {@link HelpText}). */
    @picocli.CommandLine.Option(names = "--lang", defaultValue = "ko", paramLabel = "ko|en",
            description = "Language of the page: ko (default) or en.")
    String lang;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(page(spec.root()));
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** The whole page of {@code root}. */
    static String page(CommandSpec root) {
        StringBuilder m = new StringBuilder();
        String version = root.version().length > 0 ? root.version()[0] : root.name();
        m.append(".TH ").append(root.name().toUpperCase(java.util.Locale.ROOT)).append(" 1 \"\" \"")
                .append(esc(version)).append("\" \"User Commands\"\n");
        m.append(".SH NAME\n").append(esc(root.name())).append(" \\- ").append(esc(first(root))).append('\n');
        m.append(".SH SYNOPSIS\n.B ").append(esc(root.name())).append("\n[OPTIONS] [COMMAND] [ARGS]\n");
        m.append(".SH DESCRIPTION\n");
        for (String line : root.usageMessage().description()) {
            m.append(esc(line)).append("\n.PP\n");
        }
        m.append(".SH OPTIONS\n");
        options(root, m);
        m.append(".SH COMMANDS\n");
        for (CommandLine sub : root.subcommands().values()) {
            CommandSpec s = sub.getCommandSpec();
            m.append(".TP\n.B ").append(esc(s.name()));
            for (PositionalParamSpec p : s.positionalParameters()) {
                m.append(' ').append(esc(p.paramLabel()));
            }
            m.append('\n').append(esc(first(s))).append('\n');
            boolean own = s.options().stream().anyMatch(o -> root.findOption(o.longestName()) == null && !o.usageHelp()
                    && !o.versionHelp());
            if (own) {
                m.append(".RS\n");
                for (OptionSpec o : s.options()) {
                    if (root.findOption(o.longestName()) == null && !o.usageHelp() && !o.versionHelp()) {
                        option(o, m);
                    }
                }
                m.append(".RE\n");
            }
        }
        m.append(".SH EXIT STATUS\n");
        for (var e : root.usageMessage().exitCodeList().entrySet()) {
            m.append(".TP\n.B ").append(esc(e.getKey().strip())).append('\n').append(esc(e.getValue())).append('\n');
        }
        return m.toString();
    }

    private static void options(CommandSpec spec, StringBuilder m) {
        spec.options().forEach(o -> option(o, m));
    }

    private static void option(OptionSpec o, StringBuilder m) {
        m.append(".TP\n.B ").append(esc(String.join(", ", o.names())));
        if (o.arity().max() > 0) {
            m.append(" ").append(esc(o.paramLabel()));
        }
        m.append('\n').append(esc(String.join(" ", o.description()))).append('\n');
    }

    private static String first(CommandSpec s) {
        String[] d = s.usageMessage().header().length > 0 ? s.usageMessage().header() : s.usageMessage().description();
        return d.length > 0 ? d[0] : "";
    }

    /** Text as roff reads it literally: backslashes and dashes escaped, no line starting as a request. */
    static String esc(String s) {
        String out = s.replace("\\", "\\e").replace("-", "\\-");
        return out.startsWith(".") || out.startsWith("'") ? "\\&" + out : out;
    }
}
