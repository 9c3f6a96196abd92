package workbook.catalogue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One lesson step: its folder, the method it is about, its official tests. */
public final class Step {
    private final int number;
    private final String slug;
    private final String method;
    private final String file;
    private final String testClass;
    private final Text title;
    private final Path folder;
    private final List<OfficialTest> tests = new ArrayList<>();
    private final List<Clause> clauses = new ArrayList<>();
    private final List<String> also = new ArrayList<>();
    private int points = DEFAULT_POINTS;

    /** What a step is worth in a class's grade ({@code points} in step.json) when its step.json does not say. */
    public static final int DEFAULT_POINTS = 10;

    Step(int number, String slug, String method, String file, String testClass, Text title, Path folder) {
        this.number = number;
        this.slug = slug;
        this.method = method;
        this.file = file;
        this.testClass = testClass;
        this.title = title;
        this.folder = folder;
    }

    void add(String testMethod, String clause, Text name, boolean happy, boolean race) {
        tests.add(new OfficialTest(this, testMethod, clause, name, happy, race));
    }

    void points(int points) {
        if (points < 0) {
            throw new IllegalArgumentException("step " + number + ": points must not be negative, not " + points);
        }
        this.points = points;
    }

    void alsoCovers(String otherMethod) {
        also.add(otherMethod);
    }

    void addClause(String id, Text text) {
        clauses.add(new Clause(number, id, text));
    }

    public int number() { return number; }
    public String slug() { return slug; }
    public String method() { return method; }
    /** The step's method first, then the other methods of its class it fixes ({@code methods} in step.json). */
    public List<String> methods() {
        List<String> all = new ArrayList<>(List.of(method));
        all.addAll(also);
        return List.copyOf(all);
    }
    /** The learner class this step's method is in ({@code file} in step.json); null for the lab's main class. */
    public String file() { return file; }
    public String testClass() { return testClass; }
    /**
     * What the step is worth in a class's grade (GitHub Classroom): {@code points} in step.json, else
     * {@link #DEFAULT_POINTS}; shared out over its official tests so that partial work earns part of it.
     */
    public int points() { return points; }
    public Text title() { return title; }
    public Path folder() { return folder; }
    public List<OfficialTest> tests() { return List.copyOf(tests); }
    /** The contract's clauses, in the order the step lists them. */
    public List<Clause> clauses() { return List.copyOf(clauses); }

    public java.util.Optional<Clause> clause(String id) {
        return clauses.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** The folder name, e.g. {@code 04-slug}. */
    public String folderName() {
        return folder.getFileName().toString();
    }

    public Path testSource() {
        return folder.resolve(testClass + ".java");
    }

    /** A file of this step in the given language, e.g. {@code ko.md} or {@code hints.en.md}; Korean when missing. */
    public Path localized(String prefix, String lang, String suffix) {
        Path p = folder.resolve(prefix + lang + suffix);
        return p.toFile().exists() ? p : folder.resolve(prefix + "ko" + suffix);
    }
}
