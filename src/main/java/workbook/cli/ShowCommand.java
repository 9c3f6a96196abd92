package workbook.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Step;

@Command(name = "show", description = {"Print step N's lesson (without N: the opening story).",
        "N단계 수업을 보여 줍니다 (N 없이: 처음 이야기)."})
final class ShowCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", arity = "0..1", paramLabel = "N", description = "step number")
    Integer step;

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        String lang = options.lang();
        Path page;
        if (step == null) {
            Path intro = lab.course.intro().resolve(lang + ".md");
            page = Files.exists(intro) ? intro : lab.course.intro().resolve("ko.md");
        } else {
            Step s = Steps.one(lab, step);
            page = s.localized("", lang, ".md");
        }
        if (!Files.exists(page)) {
            throw new Lab.SetupError(lab.msg.get("setup.noLesson", page));
        }
        try {
            System.out.println(fit(Files.readString(page, StandardCharsets.UTF_8).stripTrailing(), workbook.report.Terminal.columns()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return 0;
    }

    /**
     * The lesson wrapped at spaces to the terminal's width: code blocks and tables as they are, a list item's
     * continuation lines under its text, so a Korean word is never cut in two by the terminal.
     */
    static String fit(String markdown, int width) {
        StringBuilder out = new StringBuilder();
        boolean code = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.strip().startsWith("```")) {
                code = !code;
            }
            if (code || line.strip().startsWith("```") || line.strip().startsWith("|") || workbook.report.Terminal.width(line) <= width) {
                out.append(line).append('\n');
                continue;
            }
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(\\s*(?:[-*] |\\d+\\. |> )?)(.*)$").matcher(line);
            m.matches();
            String head = m.group(1);
            String pad = " ".repeat(workbook.report.Terminal.width(head));
            java.util.List<String> parts = workbook.report.Terminal.wrap(m.group(2), Math.max(20, width - pad.length()));
            for (int i = 0; i < parts.size(); i++) {
                out.append(i == 0 ? head : pad).append(parts.get(i)).append('\n');
            }
        }
        return out.toString().stripTrailing();
    }
}
