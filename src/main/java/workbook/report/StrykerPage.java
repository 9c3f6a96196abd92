package workbook.report;

import workbook.words.Messages;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * One self-contained HTML file that shows a {@link StrykerReport} through the stock {@code mutation-testing-elements}
 * web component, from {@code file://} with no network: the component's script is inlined (it comes from the
 * {@code io.stryker-mutator:mutation-testing-elements} jar on the class path) and the report is set as the element's
 * {@code report} property, the way StrykerJS's single-file reporter does. A content security policy forbids every
 * fetch, so the page cannot reach out even by mistake.
 */
public final class StrykerPage {
    /** Where the jar keeps the bundled component. */
    static final String SCRIPT = "/elements/mutation-test-elements.js";

    private StrykerPage() {}

    /** The page for {@code report}, titled {@code title}, its fallback sentence in the chosen language. */
    public static String html(StrykerReport.Report report, String title, Messages msg) {
        return """
                <!DOCTYPE html>
                <html lang="%s">
                <head>
                <meta charset="utf-8">
                <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; \
                style-src 'unsafe-inline'; img-src data:; font-src data:">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>%s</title>
                <script>
                %s
                </script>
                </head>
                <body>
                <mutation-test-report-app title-postfix="%s"><p>%s</p></mutation-test-report-app>
                <script>
                const app = document.querySelector('mutation-test-report-app');
                app.report = %s;
                function paintBackground() { document.body.style.backgroundColor = app.themeBackgroundColor; }
                app.addEventListener('theme-changed', paintBackground);
                paintBackground();
                </script>
                </body>
                </html>
                """.formatted(msg.lang(), escape(title), inlineable(script()), escape(title),
                escape(msg.get("stryker.page.noScript")), StrykerReport.jsonForScript(report));
    }

    /** The component's script as the jar ships it. */
    static String script() {
        try (InputStream in = StrykerPage.class.getResourceAsStream(SCRIPT)) {
            if (in == null) {
                throw new IllegalStateException("mutation-testing-elements is not on the class path (" + SCRIPT + ")");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The script made safe to sit inside a script element: a {@code </script} in it would end the element early. In
     * JavaScript {@code <\/} means what {@code </} does wherever such text can occur (a string, a regular expression,
     * a template, a comment), so the escape changes nothing for the engine. (The other trap, {@code <!--} followed by
     * {@code <script}, needs a {@code <script} in the code; the shipped script has none, and a test keeps it so.)
     */
    static String inlineable(String js) {
        return js.replaceAll("(?i)</(script)", "<\\\\/$1");
    }

    /** Text for an HTML attribute or element. */
    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
