package workbook.report;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import workbook.catalogue.Text;
import workbook.story.Conductor;
import workbook.story.Script;
import workbook.words.Messages;

/** A played story on the terminal: one line per moment, then each worker's lane across the story's time. */
public final class StoryView {
    private StoryView() {}

    public static void render(Script script, Conductor.Play play, Messages msg, PrintStream out) {
        Terminal term = new Terminal();
        String lang = msg.lang();
        out.println(term.bold(msg.get("story.title", script.title().in(lang))));
        List<Conductor.Moment> shown = play.moments().stream().filter(m -> script.workers().containsKey(m.who())).toList();
        long zero = shown.isEmpty() ? 0 : shown.get(0).millis();
        for (Conductor.Moment m : shown) {
            String who = switch (m.event()) {
                case "stop" -> "⏸ " + m.who();
                case "cont" -> "▶ " + m.who();
                default -> m.who();
            };
            String prefix = String.format(java.util.Locale.ROOT, "%6.2fs  %s  ", (m.millis() - zero) / 1000.0, Terminal.pad(who, 3));
            List<String> lines = Terminal.fit(words(script, m, lang), Terminal.width(prefix));
            out.println(prefix + lines.get(0));
            lines.stream().skip(1).forEach(l -> out.println(" ".repeat(Terminal.width(prefix)) + l));
        }
        for (Conductor.Moment m : play.last()) {
            List<String> lines = Terminal.fit(words(script, m, lang), 4);
            out.println(term.bold("  " + lines.get(0)));
            lines.stream().skip(1).forEach(l -> out.println(term.bold("    " + l)));
        }
        if (play.stopped() != null) {
            out.println(term.red(msg.get("story.stopped", play.stopped())));
            play.output().stream().limit(12).forEach(l -> out.println("  " + l));
        }
        lanes(script, shown, zero, msg, out);
        Terminal.fit(term.dim(msg.get("story.clock")), 0).forEach(out::println);
    }

    /** A moment in the reader's words: the act's narration, or the event's sentence with its fields filled in. */
    static String words(Script script, Conductor.Moment m, String lang) {
        if (m.says() != null) {
            return m.says().in(lang);
        }
        Text t = script.events().get(m.event());
        if (t == null) {
            return m.event() + " " + m.fields();
        }
        String s = t.byLang().getOrDefault(lang, t.in(lang));
        for (Map.Entry<String, String> f : m.fields().entrySet()) {
            s = s.replace("{" + f.getKey() + "}", f.getValue());
        }
        return new Text(Map.of(lang, s)).in(lang);
    }

    private static void lanes(Script script, List<Conductor.Moment> shown, long zero, Messages msg, PrintStream out) {
        long end = shown.stream().mapToLong(m -> m.millis() - zero).max().orElse(0) + 1;
        int width = Math.max(20, Math.min(Terminal.columns(), 100) - 6);
        out.println(msg.get("story.lanes"));
        for (String who : script.workers().keySet()) {
            List<Conductor.Moment> mine = shown.stream().filter(m -> m.who().equals(who))
                    .map(m -> new Conductor.Moment(m.millis() - zero, m.who(), m.event(), m.fields(), m.says())).toList();
            if (mine.isEmpty()) {
                continue;
            }
            char[] lane = new char[width];
            java.util.Arrays.fill(lane, ' ');
            long from = mine.get(0).millis();
            long to = mine.get(mine.size() - 1).millis();
            for (int i = 0; i < width; i++) {
                long t = end * i / width;
                if (t >= from && t <= to) {
                    lane[i] = stoppedAt(mine, t) ? '░' : '━';
                }
            }
            int last = (int) Math.min(width - 1, to * width / end);
            lane[last] = mark(mine);
            out.println("  " + Terminal.pad(who, 3) + new String(lane).stripTrailing());
        }
    }

    private static boolean stoppedAt(List<Conductor.Moment> mine, long t) {
        boolean stopped = false;
        for (Conductor.Moment m : mine) {
            if (m.millis() > t) {
                break;
            }
            if (m.event().equals("stop")) {
                stopped = true;
            } else if (m.event().equals("cont")) {
                stopped = false;
            }
        }
        return stopped;
    }

    private static char mark(List<Conductor.Moment> mine) {
        for (int i = mine.size() - 1; i >= 0; i--) {
            switch (mine.get(i).event()) {
                case "completed": return '✓';
                case "complete-refused": case "refused": return '✗';
                case "error": return '!';
                default: break;
            }
        }
        return '━';
    }
}
