package workbook.jshell;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import workbook.catalogue.Text;

/**
 * A step's scene, read from {@code lessons/NN-slug/scenario.json}: Java statements JShell runs in order against a
 * fresh database {@code db}, each a moment on the worksheet's timeline.
 *
 * @param job    the job whose row is shown after every call
 * @param setup  statements run first and not shown (the scene's starting point)
 * @param rows   the timeline
 */
public record Scenario(String job, List<String> setup, List<Row> rows) {
    /**
     * @param t      the caller's clock at this moment
     * @param who    the worker making the call (A, B, …)
     * @param call   a Java expression or statement, e.g. {@code Bridge.call(db, "j", 0)}
     * @param clause the contract clause this moment is about
     * @param hide   fields left out of the state column (e.g. owner when the winner of a race may differ)
     */
    public record Row(double t, String who, String call, Text clause, List<String> hide) {
        /**
         * The call as a learner reads it: without the bridge class ({@code bridge}, its simple name) and the database
         * argument; a bridge method named {@code xSummary(…)} stands for the contract's {@code x(…)}.
         */
        public String shown(String bridge) {
            return call.replace(bridge + ".", "").replace("(db, ", "(").replace("(db)", "()")
                    .replace("java.util.List.of(", "List.of(").replaceAll("(\\w+)Summary\\(", "$1(");
        }
    }

    public static Path file(Path stepFolder) {
        return stepFolder.resolve("scenario.json");
    }

    public static Scenario read(Path file) {
        JsonObject o;
        try {
            o = new Gson().fromJson(Files.readString(file, StandardCharsets.UTF_8), JsonObject.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        List<String> setup = new ArrayList<>();
        if (o.has("setup")) {
            o.getAsJsonArray("setup").forEach(e -> setup.add(e.getAsString()));
        }
        List<Row> rows = new ArrayList<>();
        for (JsonElement e : o.getAsJsonArray("rows")) {
            JsonObject r = e.getAsJsonObject();
            Map<String, String> clause = new HashMap<>();
            r.entrySet().stream().filter(f -> f.getKey().length() == 2).forEach(f -> clause.put(f.getKey(), f.getValue().getAsString()));
            List<String> hide = new ArrayList<>();
            if (r.has("hide")) {
                r.getAsJsonArray("hide").forEach(h -> hide.add(h.getAsString()));
            }
            rows.add(new Row(r.has("t") ? r.get("t").getAsDouble() : 0, r.has("who") ? r.get("who").getAsString() : "-",
                    r.get("call").getAsString(), new Text(clause), List.copyOf(hide)));
        }
        return new Scenario(o.has("job") ? o.get("job").getAsString() : "j", List.copyOf(setup), List.copyOf(rows));
    }
}
