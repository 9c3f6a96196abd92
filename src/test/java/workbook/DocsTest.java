package workbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documentation: a short README in each language, the pages beside it in both languages, relative links that
 * lead somewhere, and the README's test command being the one CI runs ({@code .ci/run}).
 */
class DocsTest {

    private static final Path HOME = Path.of(System.getProperty("workbook.home", ".")).toAbsolutePath().normalize();

    /** The README's test command line, as it stands in its fenced block; {@code .ci/run} runs its command part. */
    private static final String TEST_COMMAND_LINE =
            "mvn -B verify       # 워크북 자체의 시험 전부 · all the workbook's own tests (CI runs exactly this: .ci/run)";

    /** Every page that exists as {@code X.md} (Korean) and {@code X.en.md} (English). */
    private static final List<String> PAGES = List.of(
            "README", "ARCHITECTURE", "docs/student", "docs/instructor", "docs/json", "docs/labs", "docs/sandbox");

    /** {@code [text](target)}, with an optional title after the target. */
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");

    private static final Pattern FENCED = Pattern.compile("(?ms)^```.*?^```[ \\t]*$");

    private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");

    @Test
    void theReadmesAreShort() throws IOException {
        for (String name : List.of("README.md", "README.en.md")) {
            long size = Files.size(HOME.resolve(name));
            assertTrue(size < 10_000, name + " is " + size + " bytes; keep it under 10,000 and move the rest to docs/");
        }
    }

    @Test
    void everyPageExistsInBothLanguages() {
        for (String page : PAGES) {
            for (String file : List.of(page + ".md", page + ".en.md")) {
                assertTrue(Files.isRegularFile(HOME.resolve(file)), file + " is missing");
            }
        }
    }

    @Test
    void theReadmeShowsTheTestCommandCiRuns() throws IOException {
        String ciCommand = Files.readAllLines(HOME.resolve(".ci/run"), StandardCharsets.UTF_8).stream()
                .map(String::strip)
                .filter(line -> line.startsWith("mvn ") && (line.contains(" test") || line.contains(" verify")))
                .findFirst()
                .orElseThrow(() -> new AssertionError(".ci/run runs no mvn test or verify"));
        assertEquals("mvn -B verify", ciCommand, ".ci/run's test command changed: change the README's with it");
        assertTrue(TEST_COMMAND_LINE.startsWith(ciCommand + " "), "the README line must start with .ci/run's command");
        for (String name : List.of("README.md", "README.en.md")) {
            List<String> fenced = fencedLines(Files.readString(HOME.resolve(name), StandardCharsets.UTF_8));
            assertTrue(fenced.contains(TEST_COMMAND_LINE),
                    name + " must show, in a fenced block, the line\n" + TEST_COMMAND_LINE);
        }
    }

    @Test
    void everyRelativeLinkLeadsToAFile() throws IOException {
        List<Path> pages = new ArrayList<>();
        try (Stream<Path> top = Files.list(HOME)) {
            top.filter(DocsTest::isMarkdown).forEach(pages::add);
        }
        Path docs = HOME.resolve("docs");
        if (Files.isDirectory(docs)) {
            try (Stream<Path> walk = Files.walk(docs)) {
                walk.filter(DocsTest::isMarkdown).forEach(pages::add);
            }
        }
        assertTrue(pages.size() >= PAGES.size() * 2, "pages found: " + pages);
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            String text = Files.readString(page, StandardCharsets.UTF_8);
            text = INLINE_CODE.matcher(FENCED.matcher(text).replaceAll("")).replaceAll("");
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.startsWith("http://") || target.startsWith("https://") || target.startsWith("mailto:")
                        || target.startsWith("#")) {
                    continue;
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                if (!Files.exists(page.getParent().resolve(file).normalize())) {
                    broken.add(HOME.relativize(page) + ": " + target);
                }
            }
        }
        assertTrue(broken.isEmpty(), "links to nowhere:\n" + String.join("\n", broken));
    }

    private static boolean isMarkdown(Path p) {
        return Files.isRegularFile(p) && p.getFileName().toString().endsWith(".md");
    }

    /** The lines inside the fenced code blocks of a Markdown text. */
    private static List<String> fencedLines(String text) {
        List<String> lines = new ArrayList<>();
        boolean inside = false;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("```")) {
                inside = !inside;
            } else if (inside) {
                lines.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
            }
        }
        return lines;
    }
}
