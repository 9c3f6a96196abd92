package workbook.catalogue;

import java.util.Map;

/** A sentence in several languages; falls back to Korean, then to any language there is. */
public record Text(Map<String, String> byLang) {
    public Text {
        byLang = byLang == null ? Map.of() : Map.copyOf(byLang);
    }

    public String in(String lang) {
        String s = byLang.get(lang);
        if (s == null) {
            s = byLang.get("ko");
        }
        if (s == null) {
            s = byLang.values().stream().findFirst().orElse("");
        }
        return s;
    }
}
