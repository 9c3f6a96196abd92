package workbook.report;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/** Learner-facing sentences from {@code workbook/messages_<lang>.properties}; Korean unless English is asked for. */
public final class Messages {
    private final ResourceBundle bundle;
    private final String lang;

    private Messages(String lang) {
        this.lang = "en".equals(lang) ? "en" : "ko";
        this.bundle = ResourceBundle.getBundle("workbook.messages", Locale.forLanguageTag(this.lang),
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    public static Messages of(String lang) {
        return new Messages(lang);
    }

    public String lang() {
        return lang;
    }

    public Locale locale() {
        return Locale.forLanguageTag(lang);
    }

    public String get(String key, Object... args) {
        String pattern;
        try {
            pattern = bundle.getString(key);
        } catch (MissingResourceException e) {
            return key;
        }
        return new MessageFormat(pattern, locale()).format(args);
    }
}
