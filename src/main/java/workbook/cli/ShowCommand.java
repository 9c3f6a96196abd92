package workbook.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Step;
import workbook.report.Markdown;
import workbook.report.Pager;
import workbook.report.Terminal;

@Command(name = "show", description = {"Print step N's lesson (without N: the opening story).",
        "N단계 수업을 보여 줍니다 (N 없이: 처음 이야기)."})
final class ShowCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", arity = "0..1", paramLabel = "N", description = "step number")
    Integer step;

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        Path page = page(lab);
        String text = fit(read(page, lab), Terminal.columns(), Terminal.styled());
        Pager.system(!options.noPager).show(text, options.out());
        return 0;
    }

    /** The step's lesson in the chosen language, or the opening story without a step (Korean when untranslated). */
    private Path page(Lab lab) {
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
        return page;
    }

    private static String read(Path page, Lab lab) {
        try {
            return Files.readString(page, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lesson Markdown (a step, a hint, an afterword) laid out for this terminal, with styles when it takes them. */
    static String lesson(String markdown) {
        return fit(markdown, Terminal.columns(), Terminal.styled());
    }

    /** The lesson's Markdown laid out for a terminal {@code width} cells wide (see {@link Markdown}). */
    static String fit(String markdown, int width, boolean styled) {
        return Markdown.render(markdown, width, styled);
    }
}
