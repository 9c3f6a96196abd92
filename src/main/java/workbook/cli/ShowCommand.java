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

    @Parameters(arity = "0..1", paramLabel = "N", description = "step number (1-8)")
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
            System.out.println(Files.readString(page, StandardCharsets.UTF_8).stripTrailing());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return 0;
    }
}
