package singleflight;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The outcome table, fixed before anything runs: each reply class and the action it leads to. It is data, not code
 * in an if: the lesson prints it, replay reads it, and a run may only follow it (RETRY still within the attempt
 * budget and the deadline).
 */
public final class Outcomes {
    private Outcomes() {}

    public static final Map<ReplyClass, NextAction> TABLE;

    static {
        EnumMap<ReplyClass, NextAction> t = new EnumMap<>(ReplyClass.class);
        t.put(ReplyClass.SUCCESS, NextAction.DONE);
        t.put(ReplyClass.NOT_APPLIED, NextAction.ASK_PERSON);
        t.put(ReplyClass.RETRYABLE, NextAction.RETRY);
        t.put(ReplyClass.UNKNOWN_EFFECT, NextAction.READ_BACK);
        t.put(ReplyClass.TERMINAL, NextAction.QUARANTINE);
        t.put(ReplyClass.FENCED, NextAction.STOP);
        TABLE = Collections.unmodifiableMap(t);
    }
}
