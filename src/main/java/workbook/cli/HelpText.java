package workbook.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.ResourceBundle;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * picocli's help in one language. The annotations hold the English text (some still carry a Korean line after it);
 * {@code help_ko.properties} holds the Korean. Every command gets a bundle of its own, so its description, its options
 * and its positional parameters are all in the language asked for: English without the Korean lines, or Korean where
 * the file has it.
 */
final class HelpText {
    private HelpText() {}

    static void apply(CommandLine root, String lang) {
        Properties ko = load("ko".equals(lang) ? "ko" : "en");
        List<CommandLine> all = new ArrayList<>();
        all.add(root);
        all.addAll(root.getSubcommands().values());
        // All texts first: once a bundle is set, picocli reads descriptions through it (and a subcommand through its parent's).
        List<ResourceBundle> bundles = all.stream().map(cl -> bundle(cl.getCommandSpec(), ko)).toList();
        for (int i = 0; i < all.size(); i++) {
            all.get(i).setResourceBundle(bundles.get(i));
        }
    }

    /** @param ko the texts of the language asked for ({@code help_ko}: all of it; {@code help_en}: a few overrides) */
    private static ResourceBundle bundle(CommandSpec spec, Properties ko) {
        boolean korean = "ko".equals(ko.getProperty("language"));
        Map<String, Object> m = new HashMap<>();
        String name = spec.name();
        ko.stringPropertyNames().stream().filter(k -> k.startsWith("usage.")).forEach(k -> m.put(k, ko.getProperty(k)));
        Map<String, String> codes = spec.usageMessage().exitCodeList();
        if (codes.isEmpty()) {
            m.remove("usage.exitCodeListHeading");
        } else {
            m.putIfAbsent("usage.exitCodeListHeading", spec.usageMessage().exitCodeListHeading());
            int i = 0;
            for (Map.Entry<String, String> c : codes.entrySet()) {
                String text = ko.getProperty(name + ".exit." + c.getKey().strip(), c.getValue());
                m.put("usage.exitCodeList." + i++, c.getKey().strip() + ":" + text);
            }
        }
        put(m, "usage.description", pick(spec.usageMessage().description(), ko.getProperty(name + ".description"), korean));
        if (spec.usageMessage().header().length > 0) {
            // picocli's own help command lists itself by its header: in Korean help, in Korean too
            put(m, "usage.header", pick(spec.usageMessage().header(), ko.getProperty(name + ".description"), korean));
        }
        for (OptionSpec o : spec.options()) {
            String key = o.descriptionKey() != null && !o.descriptionKey().isEmpty() ? o.descriptionKey()
                    : o.longestName().replaceFirst("^-+", "");
            String bare = o.longestName().replaceFirst("^-+", "");
            put(m, key, pick(o.description(), ko.getProperty(name + "." + bare, ko.getProperty(bare)), korean));
        }
        for (PositionalParamSpec p : spec.positionalParameters()) {
            String key = p.descriptionKey() != null && !p.descriptionKey().isEmpty() ? p.descriptionKey() : null;
            if (key != null) {
                put(m, key, pick(p.description(), ko.getProperty(name + ".param." + (key.matches("arg\\d+") ? key.substring(3) : String.valueOf(p.index().min()))), korean));
            }
        }
        return new ResourceBundle() {
            @Override
            protected Object handleGetObject(String key) {
                return m.get(key);
            }

            @Override
            public Enumeration<String> getKeys() {
                return Collections.enumeration(m.keySet());
            }
        };
    }

    /** A text of one or more lines, the way picocli reads a bundle: {@code key}, or {@code key.0}, {@code key.1} … */
    private static void put(Map<String, Object> m, String key, String[] lines) {
        if (lines.length == 1) {
            m.put(key, lines[0]);
            return;
        }
        for (int i = 0; i < lines.length; i++) {
            m.put(key + "." + i, lines[i]);
        }
    }

    /** The lines for one language: the Korean text when there is one, else the annotation's lines in that language. */
    private static String[] pick(String[] lines, String korean, boolean wantKorean) {
        if (korean != null) {
            return new String[] {korean};
        }
        List<String> mine = new ArrayList<>();
        for (String l : lines) {
            if (hangul(l) == wantKorean) {
                mine.add(l);
            }
        }
        return mine.isEmpty() ? lines : mine.toArray(String[]::new);
    }

    private static boolean hangul(String s) {
        return s.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HANGUL);
    }

    private static Properties load(String lang) {
        Properties p = new Properties();
        try (InputStream in = HelpText.class.getResourceAsStream("/workbook/help_" + lang + ".properties")) {
            if (in != null) {
                p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
