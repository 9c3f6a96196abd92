package workbook.words;

import java.text.MessageFormat;
import workbook.catalogue.Particles;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/** Learner-facing sentences from {@code workbook/messages_<lang>.properties}; Korean unless English is asked for. */
public final class Messages {
    private final ResourceBundle bundle;
    private final String lang;
    private final java.util.Map<String, String> lab;
    private final String flags;

    private Messages(String lang, java.util.Map<String, String> lab) {
        this(lang, lab, "");
    }

    private Messages(String lang, java.util.Map<String, String> lab, String flags) {
        this.flags = flags;
        this.lang = "en".equals(lang) ? "en" : "ko";
        this.bundle = ResourceBundle.getBundle("workbook.messages", Locale.forLanguageTag(this.lang),
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
        this.lab = java.util.Map.copyOf(lab);
    }

    public static Messages of(String lang) {
        return new Messages(lang, java.util.Map.of());
    }

    /**
     * The same messages with a lab's own words in front ({@code words} in its course.json, by language): the names of
     * the prediction choices, the board's words. A key the bundle does not have is refused by the lint.
     */
    public Messages withLabWords(java.util.Map<String, java.util.Map<String, String>> words) {
        return new Messages(lang, words.getOrDefault(lang, java.util.Map.of()), flags);
    }

    /**
     * The same messages, with every {@code ./workbook …} they suggest carrying {@code flags} (the {@code --lab},
     * {@code --workspace} and {@code --lang} the learner gave), so a suggested command works when pasted as it is.
     */
    public Messages withCommandFlags(String flags) {
        Messages m = new Messages(lang, lab, flags == null ? "" : flags.strip());
        return m;
    }

    /** Whether the workbook's own bundle in this language has {@code key}. */
    public boolean has(String key) {
        return bundle.containsKey(key);
    }

    public String lang() {
        return lang;
    }

    public Locale locale() {
        return Locale.forLanguageTag(lang);
    }

    public String get(String key, Object... args) {
        String pattern = lab.get(key);
        try {
            pattern = pattern != null ? pattern : bundle.getString(key);
        } catch (MissingResourceException e) {
            return key;
        }
        String text = new MessageFormat(pattern, locale()).format(args);
        if (!flags.isEmpty()) {
            text = text.replace("./workbook ", "./workbook " + flags + " ");
        }
        return "ko".equals(lang) ? Particles.fix(text) : text;
    }
}
