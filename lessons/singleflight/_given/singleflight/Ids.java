package singleflight;

import java.util.regex.Pattern;

/** What a synthetic identifier looks like: 1–64 of letters, digits and {@code . _ : @ -}. Nothing else is one. */
public final class Ids {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:@-]{1,64}");

    private Ids() {}

    public static boolean ok(String s) {
        return s != null && ID.matcher(s).matches();
    }
}
