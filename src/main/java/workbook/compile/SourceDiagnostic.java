package workbook.compile;

/** A compiler error in a source file, 1-based line and column. */
public record SourceDiagnostic(String file, long line, long column, String message) {
    @Override
    public String toString() {
        return file + ":" + line + ":" + column + ": " + message;
    }
}
