package workbook.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import workbook.catalogue.Mutant;

/** For instructors and the benchmark: the reference with one mutant applied, as source. */
@Command(name = "mutant-source", hidden = true, description = "Print the reference with mutant ID applied (instructors).")
final class MutantSourceCommand implements Callable<Integer> {
    @Mixin Options options = new Options();

    @Parameters(descriptionKey = "arg0", paramLabel = "ID", description = "mutant id, e.g. 04-held-at-expiry-instant")
    String id;

    @Override
    public Integer call() {
        Lab lab = Lab.open(options);
        Mutant m = lab.course.mutants().stream().filter(x -> x.id().equals(id)).findFirst()
                .orElseThrow(() -> new Lab.SetupError(lab.msg.get("setup.noMutant", id)));
        try {
            options.out().print(lab.builds().mutantSource(m));
        } catch (Mutant.NotApplicable e) {
            throw new Lab.SetupError(e.getMessage());
        }
        return 0;
    }
}
