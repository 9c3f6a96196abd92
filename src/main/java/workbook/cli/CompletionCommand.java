package workbook.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code workbook completion}: the shell completion script, made by picocli from the commands themselves, so it
 * never falls behind them. Bash: {@code source <(./workbook completion)}; zsh: {@code autoload -U +X bashcompinit &&
 * bashcompinit} first. It completes {@code workbook} on the PATH and {@code ./workbook} in the project folder.
 */
@Command(name = "completion", description = {"Print the bash/zsh completion script: source <(./workbook completion).",
        "bash·zsh 자동 완성 스크립트를 출력합니다: source <(./workbook completion)."})
final class CompletionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        String script = AutoComplete.bash("workbook", spec.root().commandLine());
        java.io.PrintWriter out = spec.commandLine().getOut();
        out.print(script);
        // picocli registers the name alone; the README runs the workbook as ./workbook
        out.println("complete -F _complete_workbook -o default ./workbook");
        out.flush();
        return 0;
    }
}
