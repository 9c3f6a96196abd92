package workbook.child.hooks;

/**
 * Which variant a schemata build runs as (see {@link workbook.compile.MethodBodies#schemata}): 0 for the reference,
 * k for the k-th mutant. Set by the child before each run of that build and back to 0 after. A test that sets it
 * itself only changes which code it tests there: a kill counts once it is confirmed on the mutant's own build.
 */
public final class Active {
    private static volatile int variant;

    private Active() {}

    /** Called by schemata code at the start of each changed body. */
    public static boolean is(int k) {
        return variant == k;
    }

    static void set(int k) {
        variant = k;
    }
}
