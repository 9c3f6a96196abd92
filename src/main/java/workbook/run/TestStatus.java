package workbook.run;

/** What happened to one test in one run. {@code NOT_YET}: the skeleton's "not yet — step N" was thrown. */
public enum TestStatus {
    PASSED, FAILED, ERROR, TIMEOUT, NOT_YET, SKIPPED;

    public static TestStatus parse(String s) {
        return switch (s) {
            case "passed" -> PASSED;
            case "failed" -> FAILED;
            case "timeout" -> TIMEOUT;
            case "notYet" -> NOT_YET;
            case "skipped" -> SKIPPED;
            default -> ERROR;
        };
    }

    public String json() {
        return switch (this) {
            case NOT_YET -> "not-started";
            default -> name().toLowerCase();
        };
    }
}
