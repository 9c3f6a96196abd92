package singleflight;

import java.util.regex.Pattern;

/** What an identifier looks like: 1–64 of letters, digits and {@code . _ : @ -}. Nothing else is one. */
public final class Ids {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:@-]{1,64}");

    private Ids() {}

    public static boolean ok(String s) {
        return s != null && ID.matcher(s).matches();
    }

    /**
     * What a receipt may name a scope, a run or an owner by: an id without {@code @}, so an e-mail address (personal
     * data) is never one. (Work-item keys such as {@code t1@2026-03-01T09:00} are ids, and receipts do not hold them.)
     */
    public static boolean synthetic(String s) {
        return ok(s) && s.indexOf('@') < 0;
    }
}
