package workbook.receipt;

import java.util.List;
import java.util.Map;

/**
 * What one {@code check}, {@code mutants} or {@code grade} run found, and on what: enough to run the same work again
 * and see whether the same verdicts come out ({@code workbook verify}). It holds hashes and verdicts only: no absolute
 * path, user name, host name or environment.
 *
 * @param format       the receipt format (1)
 * @param runner       the runner's version and the SHA-256 of its code
 * @param command      {@code check}, {@code mutants} or {@code grade}
 * @param lab          the lab's id
 * @param steps        the steps the run was about (all of them: every step)
 * @param firstKiller  whether each mutant's run stopped at its first failing test (grade)
 * @param learnerFiles the learner's files the command grades (the code for check, the own tests for mutants, both for
 *                     grade), by path relative to the workspace, and their SHA-256
 * @param content      the official content's SHA-256, by part: {@code tests} (the lab's tests, support and given
 *                     code, step files; not for mutants), {@code reference}, {@code mutants} (every mutant used,
 *                     private ones included; not for check), {@code lessons} (the lesson text)
 * @param verdicts     every verdict, flat: {@code step 4} → {@code passed}, {@code test ClaimTest#x} → {@code failed},
 *                     {@code own JobsTest#y} → {@code valid}, {@code mutant 04-x} → {@code killed}
 * @param at           when, in UTC (ISO-8601)
 * @param seal         an HMAC-SHA256 of all of the above with this machine's key ({@code hmac-sha256:<key id>:<hex>}),
 *                     or, where there is no key, their plain SHA-256: a receipt edited by hand no longer matches it, and
 *                     one sealed again without the key is not this machine's
 */
public record Receipt(int format, String runner, String command, String lab, List<Integer> steps, boolean firstKiller,
                      Map<String, String> learnerFiles, Map<String, String> content, Map<String, String> verdicts,
                      String at, String seal) {
    public static final int FORMAT = 1;

    /** This receipt with {@code seal} as its seal (see {@link Sealer#seal}). */
    Receipt withSeal(String seal) {
        return new Receipt(format, runner, command, lab, steps, firstKiller, learnerFiles, content, verdicts, at, seal);
    }

    /** What the receipt's command graded (a receipt read back has a known command: see {@link Receipts#read}). */
    public Work work() {
        return Work.of(command).orElseThrow();
    }
}
