package workbook.report;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What kind of compile error javac's (English) message names, as a message key: a Korean screen says it in Korean
 * above javac's own words. Read from the message's first line, which is javac's fixed wording for each error.
 */
public final class JavacKinds {
    private JavacKinds() {}

    private static final Map<Pattern, String> KINDS = new LinkedHashMap<>();

    static {
        kind("^cannot find symbol", "javac.cantResolve");
        kind("^reached end of file while parsing", "javac.endOfFile");
        kind("^unclosed (string|character) literal|^unclosed text block", "javac.unclosedLiteral");
        kind("^unclosed comment", "javac.unclosedComment");
        kind("^incompatible types", "javac.incompatibleTypes");
        kind("^missing return statement", "javac.missingReturn");
        kind("^unreported exception", "javac.uncheckedThrow");
        kind("cannot be applied to given types|^no suitable (method|constructor) found|^constructor .* cannot be applied", "javac.wrongArguments");
        kind("might not have been initialized|might already have been assigned", "javac.uninitialized");
        kind("is already defined", "javac.alreadyDefined");
        kind("^unreachable statement", "javac.unreachable");
        kind("cannot be referenced from a static context", "javac.staticContext");
        kind("^class, interface, enum, or record expected|^illegal start of (expression|type)|^'.+' expected|^<identifier> expected|^not a statement|^orphaned", "javac.syntax");
        kind("does not override or implement|is not abstract and does not override", "javac.override");
        kind("has private access|is not public in", "javac.access");
        kind("^cannot assign a value to final variable", "javac.finalAssign");
        kind("^bad operand types? for", "javac.badOperands");
        kind("^possible lossy conversion", "javac.lossy");
    }

    private static void kind(String regex, String key) {
        KINDS.put(Pattern.compile(regex), key);
    }

    /** The message key of the kind of error {@code javacMessage} names, if it is one of the common ones. */
    public static Optional<String> of(String javacMessage) {
        String first = javacMessage == null ? "" : javacMessage.lines().findFirst().orElse("").strip();
        return KINDS.entrySet().stream().filter(e -> e.getKey().matcher(first).find()).map(Map.Entry::getValue).findFirst();
    }
}
