package singleflight;

import java.util.ArrayList;
import java.util.List;

/** Where receipts go: append-only and safe for several threads. */
public final class ReceiptLog {
    private final List<Receipt> receipts = new ArrayList<>();

    public synchronized void append(Receipt r) {
        if (r == null) {
            throw new IllegalArgumentException("receipt: null");
        }
        receipts.add(r);
    }

    public synchronized List<Receipt> all() {
        return List.copyOf(receipts);
    }
}
