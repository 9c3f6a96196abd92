package workbook.words;

import java.text.MessageFormat;
import workbook.catalogue.Particles;
import workbook.catalogue.TestMessages;
import workbook.catalogue.Text;
import workbook.verdict.Reason;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/** Learner-facing sentences from {@code workbook/messages_<lang>.properties}; Korean unless English is asked for. */
public final class Messages {
    private final ResourceBundle bundle;
    private final String lang;
    private final java.util.Map<String, java.util.Map<String, String>> labWords;
    private final java.util.Map<String, String> lab;
    private final String flags;
    private final TestMessages testWords;

    private Messages(String lang, java.util.Map<String, java.util.Map<String, String>> labWords, String flags,
                     TestMessages testWords) {
        this.flags = flags == null ? "" : flags.strip();
        this.lang = "en".equals(lang) ? "en" : "ko";
        this.bundle = ResourceBundle.getBundle("workbook.messages", Locale.forLanguageTag(this.lang),
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
        this.labWords = java.util.Map.copyOf(labWords);
        this.lab = this.labWords.getOrDefault(this.lang, java.util.Map.of());
        this.testWords = testWords;
    }

    public static Messages of(String lang) {
        return new Messages(lang, java.util.Map.of(), "", TestMessages.none());
    }

    /**
     * The same messages with a lab's own words in front ({@code words} in its course.json, by language): the names of
     * the prediction choices, the board's words. A key the bundle does not have is refused by the lint.
     */
    public Messages withLabWords(java.util.Map<String, java.util.Map<String, String>> words) {
        return new Messages(lang, words, flags, testWords);
    }

    /**
     * The same messages, with every {@code ./workbook …} they suggest carrying {@code flags} (the {@code --lab},
     * {@code --workspace} and {@code --lang} the learner gave), so a suggested command works when pasted as it is.
     */
    public Messages withCommandFlags(String flags) {
        return new Messages(lang, labWords, flags, testWords);
    }

    /** The same messages, with the lab's translations of its official tests' words ({@link Reason#SAID}). */
    public Messages withTestWords(TestMessages words) {
        return new Messages(lang, labWords, flags, words);
    }

    /**
     * The same messages in English, as {@code --json} writes them whatever the learner's language: the lab's English
     * words, the tests' own words, and suggested commands without {@code --lang}.
     */
    public Messages forJson() {
        String plain = (" " + flags).replaceAll(" --lang [a-z]+", "").strip();
        return new Messages("en", labWords, plain, TestMessages.none());
    }

    /** {@code reason} as a sentence in this language; null for none. */
    public String text(Reason reason) {
        if (reason == null) {
            return null;
        }
        return switch (reason.code()) {
            case Reason.AS_IS -> String.valueOf(reason.args().get(0));
            case Reason.TEXT -> String.valueOf(argument(reason.args().get(0)));
            case Reason.SAID -> {
                String out = testWords.in(String.valueOf(reason.args().get(0)));
                yield "ko".equals(lang) ? Particles.fix(out) : out;
            }
            default -> get(reason.code(), reason.args().toArray());
        };
    }

    /** A lab's sentence in this language; null for none. */
    public String text(Text text) {
        return text == null ? null : text.in(lang);
    }

    private Object argument(Object a) {
        if (a instanceof Reason r) {
            return text(r);
        }
        if (a instanceof Text t) {
            return text(t);
        }
        return a;
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
        Object[] shown = args == null ? new Object[0] : java.util.Arrays.stream(args).map(this::argument).toArray();
        String text = new MessageFormat(pattern, locale()).format(shown);
        if (!flags.isEmpty()) {
            text = text.replace("./workbook ", "./workbook " + flags + " ");
        }
        return "ko".equals(lang) ? Particles.fix(text) : text;
    }
}
