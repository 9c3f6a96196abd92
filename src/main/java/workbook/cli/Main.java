package workbook.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import workbook.run.Host;

/** {@code workbook}: with no command, the status board; otherwise one of the subcommands. */
@Command(name = "workbook", mixinStandardHelpOptions = true, version = "workbook 0.1.0",
        description = {"A workbook of labs: steps with official tests, and hidden mutants that grade your own tests.",
                "실습 워크북: 단계마다 공식 시험, 그리고 내 시험을 재는 숨은 뮤턴트."},
        subcommands = {StatusCommand.class, ShowCommand.class, CheckCommand.class, MutantsCommand.class,
                AuditCommand.class, GradeCommand.class, VerifyCommand.class, ProbeCommand.class, LintCommand.class, RevealCommand.class, ResetCommand.class, WatchCommand.class, TraceCommand.class, StoryCommand.class, BenchCommand.class, TryCommand.class, MutantSourceCommand.class,
                HintCommand.class, PredictCommand.class, WordsCommand.class,
                CompletionCommand.class, ManCommand.class, CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every requested verdict is good", "1:a verdict failed", "2:usage or setup error"})
public final class Main implements java.util.concurrent.Callable<Integer> {
    @CommandLine.Mixin
    Options options = new Options();

    @Override
    public Integer call() {
        return StatusCommand.board(options, options.out());
    }

    public static void main(String[] args) {
        System.exit(run(Host.current(), args));
    }

    /**
     * Runs one command line on {@code host}: its class path and Java for the children, its temp and home folders, and
     * its two streams for what the command prints. Nothing of this JVM's own state is changed, so a test may run
     * several at once with hosts of their own.
     */
    public static int run(Host host, String... args) {
        workbook.run.Timing.mark("main");
        PrintStream out = host.out();
        java.util.Set<String> commands = commandNames();
        String[] argv = commandFirst(args, commands);
        boolean wrapped = wrapped(argv, commands);
        boolean paged = paged(argv, commands);
        // The screen's stream: the pager's buffer for a long screen, else one word wrap for every line (a long line
        // breaks between words, never inside one), else standard output as it is. picocli's help goes there too.
        java.io.ByteArrayOutputStream screen = new java.io.ByteArrayOutputStream();
        PrintStream shown = paged ? new PrintStream(screen, true, StandardCharsets.UTF_8)
                : wrapped ? new PrintStream(new workbook.report.Wrapping(out, workbook.report.Terminal.columns()), true,
                        StandardCharsets.UTF_8)
                : out;
        int code;
        try (Scope scope = new Scope()) { // the lab's server lives as long as the command
            code = commandLine(args, host.withOut(shown), scope).execute(argv);
        } finally {
            shown.flush();
        }
        if (paged) {
            // A screen taller than the terminal goes through the pager, as git's do (less -FRX: it quits at once when
            // the screen fits). Standard error (progress) still goes straight to the terminal.
            String text = screen.toString(StandardCharsets.UTF_8);
            if (wrapped) {
                int width = workbook.report.Terminal.columns();
                text = text.lines().flatMap(l -> workbook.report.Wrapping.wrap(l, width).stream())
                        .collect(java.util.stream.Collectors.joining("\n", "", text.endsWith("\n") ? "\n" : ""));
            }
            if (!text.isEmpty()) {
                workbook.report.Pager.system(true).show(text.endsWith("\n") ? text.substring(0, text.length() - 1) : text, out);
            }
        }
        return code;
    }

    /** The names of the subcommands, read from this class's {@code @Command}. */
    private static java.util.Set<String> commandNames() {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Class<?> c : Main.class.getAnnotation(Command.class).subcommands()) {
            Command cmd = c.getAnnotation(Command.class);
            if (cmd != null) {
                names.add(cmd.name());
                names.addAll(java.util.List.of(cmd.aliases()));
            }
        }
        return names;
    }

    /**
     * The command line with help in the learner's language and the workbook's own error handlers, every command's
     * options bound to {@code host} and {@code scope}, and picocli's own output (help, usage errors) on its streams.
     */
    private static CommandLine commandLine(String[] args, Host host, Scope scope) {
        CommandLine cli = new CommandLine(new Main());
        bind(cli, host, scope);
        cli.setOut(new java.io.PrintWriter(new java.io.OutputStreamWriter(host.out(), StandardCharsets.UTF_8), true));
        cli.setErr(new java.io.PrintWriter(new java.io.OutputStreamWriter(host.err(), StandardCharsets.UTF_8), true));
        // Every subcommand answers -h/--help (and -V) the way picocli users expect.
        cli.getSubcommands().values().forEach(sub -> sub.getCommandSpec().mixinStandardHelpOptions(true));
        // --help in the learner's language: Korean unless --lang en (the annotations' Korean lines are dropped in English).
        HelpText.apply(cli, langOf(args));
        // picocli breaks a Korean line between any two syllables; it writes each help line whole instead, and the
        // screen's one word wrap (report.Wrapping) breaks it between words, under its description column.
        cli.setUsageHelpWidth(1000);
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof Lab.SetupError) {
                cmd.getErr().println("workbook: " + e.getMessage());
                if (java.util.List.of(args).contains("--json")) {
                    // A tool that asked for JSON gets the setup error as JSON too, on standard output.
                    com.google.gson.JsonObject o = new com.google.gson.JsonObject();
                    o.addProperty("command", "error");
                    o.addProperty("exit", 2);
                    o.addProperty("message", e.getMessage());
                    host.out().println(o);
                }
                return 2;
            }
            throw e;
        });
        String lang = langOf(args);
        // A usage mistake is one line in the learner's language and where to read more, not the whole usage text.
        cli.setParameterExceptionHandler((e, argv) -> {
            CommandLine cmd = e.getCommandLine();
            String name = cmd.getCommandName().equals("workbook") ? "" : " " + cmd.getCommandName();
            cmd.getErr().println("workbook: " + usageError(e.getMessage(), lang) + " — ./workbook" + name + " --help");
            return 2;
        });
        return cli;
    }

    /** Binds the options of {@code cli} and of each of its subcommands to {@code host} and {@code scope}. */
    private static void bind(CommandLine cli, Host host, Scope scope) {
        cli.getCommandSpec().mixins().values().forEach(m -> {
            if (m.userObject() instanceof Options o) {
                o.bind(host, scope);
            }
        });
        cli.getSubcommands().values().forEach(sub -> bind(sub, host, scope));
    }

    /** The commands whose screens may be long and ask nothing: paged when standard output is a terminal. */
    private static final java.util.Set<String> PAGED = java.util.Set.of("status", "check", "mutants", "audit", "trace",
            "probe", "reveal", "lint", "hint", "verify");

    /** The commands that talk with the learner line by line (a prompt, a key), or print a file (a script, a manual page): not re-wrapped. */
    private static final java.util.Set<String> UNWRAPPED = java.util.Set.of("try", "watch", "completion", "man");

    /** Whether this command line's screen goes through the last word wrap: a screen for a person, not JSON. */
    private static boolean wrapped(String[] argv, java.util.Set<String> commands) {
        java.util.List<String> a = java.util.List.of(argv);
        String command = a.stream().filter(commands::contains).findFirst().orElse("status");
        return !a.contains("--json") && !UNWRAPPED.contains(command);
    }

    /** Whether this command line's screen goes through the pager: a terminal, no --json, no --no-pager, no --help. */
    private static boolean paged(String[] argv, java.util.Set<String> commands) {
        java.util.List<String> a = java.util.List.of(argv);
        if (!workbook.report.Terminal.outputIsTerminal() || a.contains("--json") || a.contains("--no-pager") || a.contains("--help")
                || a.contains("-h") || a.contains("--version") || a.contains("-V")) {
            return false;
        }
        String command = a.stream().filter(commands::contains).findFirst().orElse("status");
        return PAGED.contains(command);
    }

    private static String langOf(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--lang=en") || (args[i].equals("--lang") && i + 1 < args.length && args[i + 1].equals("en"))) {
                return "en";
            }
        }
        return "ko";
    }

    /** picocli's usage messages, the common ones in the learner's language (Korean unless --lang en). */
    static String usageError(String message, String lang) {
        workbook.words.Messages msg = workbook.words.Messages.of(lang);
        java.util.regex.Matcher m;
        if ((m = java.util.regex.Pattern.compile("Invalid value for .*\\((\\S+)\\): '(.*)' is not an int").matcher(message)).matches()) {
            return msg.get("usage.notANumber", m.group(2), m.group(1));
        }
        if ((m = java.util.regex.Pattern.compile("Unknown options?: (.*)").matcher(message)).matches()) {
            return msg.get("usage.unknownOption", m.group(1));
        }
        if ((m = java.util.regex.Pattern.compile("Missing required parameters?: (.*)").matcher(message)).matches()) {
            return msg.get("usage.missing", m.group(1));
        }
        if ((m = java.util.regex.Pattern.compile("Unmatched arguments? (?:from|at) index \\d+: (.*)").matcher(message)).matches()) {
            return msg.get("usage.unmatched", m.group(1));
        }
        return message;
    }

    /** The options every command takes; those with a value take the next word unless written {@code --x=value}. */
    private static final java.util.Set<String> SHARED_WITH_VALUE = java.util.Set.of("--lab", "--workspace", "--lang", "--time-budget");
    private static final java.util.Set<String> SHARED_FLAGS = java.util.Set.of("--json", "--no-pager");

    /**
     * {@code workbook --lab ID check 3} means what {@code workbook check 3 --lab ID} means: the options every command
     * shares, written before the command, are moved after it (picocli would give them to the board, not the command).
     */
    static String[] commandFirst(String[] args, java.util.Set<String> commands) {
        java.util.List<String> shared = new java.util.ArrayList<>();
        int i = 0;
        while (i < args.length) {
            String a = args[i];
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (SHARED_FLAGS.contains(a)) {
                shared.add(a);
                i++;
            } else if (SHARED_WITH_VALUE.contains(name)) {
                shared.add(a);
                if (!a.contains("=") && i + 1 < args.length) {
                    shared.add(args[i + 1]);
                    i++;
                }
                i++;
            } else {
                break;
            }
        }
        if (shared.isEmpty() || i >= args.length || !commands.contains(args[i])) {
            return args;
        }
        java.util.List<String> out = new java.util.ArrayList<>(java.util.List.of(args).subList(i, args.length));
        out.addAll(1, shared);
        return out.toArray(String[]::new);
    }
}
