package workbook.catalogue;

import java.util.Map;

/**
 * A sentence in several languages; falls back to Korean, then to any language there is. Korean text may write a
 * particle pair after a name ({@code initDb이(가)}); it is read with the form that fits ({@link Particles}).
 */
public record Text(Map<String, String> byLang) {
    public Text {
        byLang = byLang == null ? Map.of() : Map.copyOf(byLang);
    }

    /** The same words in every language (a name, or a test's sentence). */
    public static Text same(String words) {
        return new Text(Map.of("en", words, "ko", words));
    }

    public String in(String lang) {
        String s = byLang.get(lang);
        if (s == null) {
            s = byLang.get("ko");
        }
        if (s == null) {
            s = byLang.values().stream().findFirst().orElse("");
        }
        return Particles.fix(s); // only Korean has the pairs it reads
    }
}
