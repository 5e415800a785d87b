package org.doji.crm.torque;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.doji.crm.torque.sched.AdvanceReservation;
import org.doji.crm.batch.BatchSite;
import org.doji.rm.spi.ReservationContext;

/**
 * The advance reservations the kernel has committed at this site, keyed by reservation key, as the
 * scheduling core sees them: whole nodes over [start, end), identified by the handle users put on their
 * jobs ({@code qsub -A HANDLE} or {@code -l advres=HANDLE}). Rebuilt from the kernel on reconcile.
 */
final class ReservationBook {

    record Entry(String key, String handle, AdvanceReservation reservation) {
    }

    private final Map<String, Entry> byKey = new ConcurrentHashMap<>();
    private final String prefix;
    private final BatchSite site;

    ReservationBook(String prefix, BatchSite site) {
        this.prefix = prefix;
        this.site = site;
    }

    /** A handle usable as an account string: the prefix plus the key's letters, digits, '-' and '_'. */
    String handleFor(String key) {
        String clean = key.replaceAll("[^A-Za-z0-9_-]", "");
        if (clean.length() > 48) {
            clean = clean.substring(clean.length() - 48);
        }
        return prefix + clean;
    }

    /** Records the reservation's nodes at this site; returns the entry, or null when it has none here. */
    Entry put(ReservationContext ctx) {
        List<String> nodes = site.nodesOf(ctx);
        if (nodes.isEmpty()) {
            byKey.remove(ctx.key());
            return null;
        }
        String handle = handleFor(ctx.key());
        Entry e = new Entry(ctx.key(), handle, new AdvanceReservation(handle, nodes,
                ctx.spec().window().start().getEpochSecond(), ctx.spec().window().end().getEpochSecond()));
        byKey.put(ctx.key(), e);
        return e;
    }

    Entry remove(String key) {
        return byKey.remove(key);
    }

    Entry get(String key) {
        return byKey.get(key);
    }

    void replaceAll(Collection<ReservationContext> expected) {
        byKey.clear();
        for (ReservationContext ctx : expected) {
            if (ctx.lifecycle() == null || !ctx.lifecycle().isFinal()) {
                put(ctx);
            }
        }
    }

    List<AdvanceReservation> reservations() {
        List<AdvanceReservation> out = new ArrayList<>();
        for (Entry e : byKey.values()) {
            out.add(e.reservation());
        }
        return out;
    }
}
