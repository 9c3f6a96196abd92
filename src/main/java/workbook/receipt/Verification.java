package workbook.receipt;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import workbook.verdict.Wire;

/**
 * What {@code workbook verify} found: what changed since the receipt was made (each named), and which verdicts came
 * out differently when the same work was run again.
 *
 * @param same whether nothing changed and every verdict came out as the receipt says
 */
public record Verification(String command, String receiptOf, String lab, boolean same, List<Change> changes,
                           List<Difference> differences, Receipts.SealCheck seal) {

    /** What may have changed since a receipt was made. */
    public enum Kind implements Wire {
        /** The receipt itself was edited: its seal no longer matches. */
        RECEIPT_EDITED,
        /** A learner file (code or own tests) is not the one graded. */
        LEARNER_FILE,
        /** The lab's official tests, support or given code changed. */
        OFFICIAL_TESTS,
        /** The reference changed. */
        REFERENCE,
        /** A mutant was changed, added or removed. */
        MUTANTS,
        /** The lesson text changed (verdicts do not depend on it). */
        LESSONS,
        /** Another version of the runner. */
        RUNNER
    }

    /** One change: its kind, and what it is about (a file's path, or a part of the content). */
    public record Change(Kind kind, String what) {}

    /** A verdict that came out differently: {@code was} in the receipt, {@code now} on this run (null: absent). */
    public record Difference(String verdict, String was, String now) {}

    /** The changes between a receipt and the files and content as they are now. */
    static List<Change> changes(Receipt r, Map<String, String> learnerNow, Map<String, String> contentNow, String runnerNow,
            Receipts.SealCheck seal) {
        List<Change> out = new ArrayList<>();
        if (seal == Receipts.SealCheck.EDITED) {
            out.add(new Change(Kind.RECEIPT_EDITED, "seal"));
        }
        // What the command grades now: a file or part the receipt holds beyond those (an older receipt hashed every
        // file for every command) is not this work's, and says nothing.
        for (String f : new TreeSet<>(learnerNow.keySet())) {
            if (!String.valueOf(r.learnerFiles().get(f)).equals(String.valueOf(learnerNow.get(f)))) {
                out.add(new Change(Kind.LEARNER_FILE, f));
            }
        }
        part(r, contentNow, "tests", Kind.OFFICIAL_TESTS, out);
        part(r, contentNow, "reference", Kind.REFERENCE, out);
        part(r, contentNow, "mutants", Kind.MUTANTS, out);
        part(r, contentNow, "lessons", Kind.LESSONS, out);
        if (!String.valueOf(r.runner()).equals(runnerNow)) {
            out.add(new Change(Kind.RUNNER, shortly(r.runner()) + " → " + shortly(runnerNow)));
        }
        return out;
    }

    /** A runner's name with its code hash cut to 12 digits, enough to tell two apart. */
    private static String shortly(String runner) {
        String s = String.valueOf(runner);
        int space = s.lastIndexOf(' ');
        return space >= 0 && s.length() - space > 13 ? s.substring(0, space + 13) : s;
    }

    private static void part(Receipt r, Map<String, String> now, String key, Kind kind, List<Change> out) {
        if (now.containsKey(key) && !String.valueOf(r.content().get(key)).equals(String.valueOf(now.get(key)))) {
            out.add(new Change(kind, key));
        }
    }

    /** The verdicts that differ, by name. */
    static List<Difference> differences(Map<String, String> was, Map<String, String> now) {
        List<Difference> out = new ArrayList<>();
        for (String k : new TreeSet<>(union(was, now))) {
            if (!String.valueOf(was.get(k)).equals(String.valueOf(now.get(k)))) {
                out.add(new Difference(k, was.get(k), now.get(k)));
            }
        }
        return out;
    }

    private static java.util.Set<String> union(Map<String, String> a, Map<String, String> b) {
        java.util.Set<String> s = new TreeSet<>(a == null ? java.util.Set.of() : a.keySet());
        if (b != null) {
            s.addAll(b.keySet());
        }
        return s;
    }
}
