package workbook.compile;

import java.nio.file.Path;
import java.util.List;

/** Where the classes went, or why there are none. */
public record CompileResult(boolean ok, Path classes, List<SourceDiagnostic> diagnostics) {
    public static CompileResult success(Path classes) {
        return new CompileResult(true, classes, List.of());
    }
}
