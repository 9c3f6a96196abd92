package workbook.progress;

import java.util.List;
import workbook.catalogue.Course;
import workbook.catalogue.Mutant;

/**
 * A step's worksheet fragment as the learner sees it before predicting: the mutant's one-line description and the
 * lines it puts into the code (the "replace" side of each edit), never the reference around them.
 *
 * @param mutant      the mutant's id
 * @param description the description in the chosen language
 * @param lines       the replaced lines, each edit's indentation removed so the fragment reads on its own
 */
public record Fragment(String mutant, String description, List<String> lines) {
    public Fragment {
        lines = List.copyOf(lines);
    }

    /** The worksheet ({@code source = doc}) mutants of step {@code n}, as fragments. */
    public static List<Fragment> of(Course course, int n, String lang) {
        return course.mutantsOf(n).stream().filter(Mutant::fromWorksheet)
                .map(m -> new Fragment(m.id(), m.description().in(lang), m.edits().stream()
                        .flatMap(e -> dedent(e.replace()).stream()).toList()))
                .toList();
    }

    static List<String> dedent(String text) {
        List<String> lines = text.lines().map(String::stripTrailing).toList();
        int indent = lines.stream().filter(l -> !l.isBlank())
                .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
        return lines.stream().map(l -> l.isBlank() ? "" : l.substring(indent)).toList();
    }
}
