package workbook.catalogue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a {@code .mutant} file: {@code key = value} lines ({@code step}, {@code source}, {@code trials},
 * {@code clause} (the ids of the step's contract clauses it breaks, comma-separated), one
 * description per language such as {@code ko} and {@code en}; any number of {@code flip = PATTERN => REPLACEMENT}
 * lines for the learner's own code; {@code #} starts a comment), then one or more edits:
 * <pre>
 * &lt;&lt;&lt;&lt;&lt;&lt;&lt; find
 * exact lines of the reference
 * =======
 * what they become
 * &gt;&gt;&gt;&gt;&gt;&gt;&gt; replace
 * </pre>
 * The file name without {@code .mutant} is the mutant's id.
 */
public final class MutantFile {
    private MutantFile() {}

    public static Mutant read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String id = file.getFileName().toString().replaceFirst("\\.mutant$", "");
        Map<String, String> header = new HashMap<>();
        Map<String, String> description = new HashMap<>();
        List<Mutant.Edit> edits = new ArrayList<>();
        List<Mutant.Flip> flips = new ArrayList<>();
        StringBuilder find = null;
        StringBuilder replace = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("<<<<<<<")) {
                find = new StringBuilder();
                replace = null;
            } else if (line.equals("=======") && find != null) {
                replace = new StringBuilder();
            } else if (line.startsWith(">>>>>>>") && replace != null) {
                edits.add(new Mutant.Edit(trimLastNewline(find), trimLastNewline(replace)));
                find = null;
                replace = null;
            } else if (replace != null) {
                replace.append(line).append('\n');
            } else if (find != null) {
                find.append(line).append('\n');
            } else if (!line.isBlank() && !line.startsWith("#")) {
                int eq = line.indexOf('=');
                if (eq < 0) {
                    throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected key = value");
                }
                String key = line.substring(0, eq).strip();
                String value = line.substring(eq + 1).strip();
                if (key.length() == 2) {
                    description.put(key, value);
                } else if (key.equals("flip")) {
                    int arrow = value.indexOf(" => ");
                    if (arrow < 0) {
                        throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected flip = PATTERN => REPLACEMENT");
                    }
                    flips.add(new Mutant.Flip(value.substring(0, arrow), value.substring(arrow + 4)));
                } else {
                    header.put(key, value);
                }
            }
        }
        if (find != null) {
            throw new IllegalArgumentException(file + ": an edit is not closed with >>>>>>> replace");
        }
        if (edits.isEmpty() || !header.containsKey("step")) {
            throw new IllegalArgumentException(file + ": a mutant needs 'step = N' and at least one edit");
        }
        return new Mutant(id, Integer.parseInt(header.get("step")), header.getOrDefault("source", "extra"), header.get("target"),
                Integer.parseInt(header.getOrDefault("trials", "0")),
                Double.parseDouble(header.getOrDefault("detect", "0.9")), new Text(description),
                java.util.Arrays.stream(header.getOrDefault("clause", "").split(",")).map(String::strip)
                        .filter(c -> !c.isEmpty()).toList(), List.copyOf(edits),
                List.copyOf(flips), file);
    }

    private static String trimLastNewline(StringBuilder sb) {
        int n = sb.length();
        return n > 0 && sb.charAt(n - 1) == '\n' ? sb.substring(0, n - 1) : sb.toString();
    }
}
