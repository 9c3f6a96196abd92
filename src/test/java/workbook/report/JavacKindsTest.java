package workbook.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class JavacKindsTest {
    @Test
    void namesTheCommonKindsByJavacsFirstLine() {
        assertEquals(Optional.of("javac.cantResolve"), JavacKinds.of("cannot find symbol\n  symbol:   class Statement\n  location: class lease.Jobs"));
        assertEquals(Optional.of("javac.syntax"), JavacKinds.of("';' expected"));
        assertEquals(Optional.of("javac.endOfFile"), JavacKinds.of("reached end of file while parsing"));
        assertEquals(Optional.of("javac.incompatibleTypes"), JavacKinds.of("incompatible types: possible lossy conversion from double to long"));
        assertEquals(Optional.of("javac.wrongArguments"), JavacKinds.of("method claim in class Jobs cannot be applied to given types;"));
        assertEquals(Optional.of("javac.uncheckedThrow"), JavacKinds.of("unreported exception java.sql.SQLException; must be caught or declared to be thrown"));
        assertEquals(Optional.empty(), JavacKinds.of("something javac has never said"));
    }

    @Test
    void everyKindHasItsKoreanWords() {
        for (String lang : new String[] {"ko"}) {
            java.util.ResourceBundle b = java.util.ResourceBundle.getBundle("workbook.messages", java.util.Locale.forLanguageTag(lang));
            for (String key : new String[] {"javac.cantResolve", "javac.syntax", "javac.endOfFile", "javac.other", "javac.lossy"}) {
                assertEquals(true, b.containsKey(key), lang + " lacks " + key);
            }
        }
    }
}
