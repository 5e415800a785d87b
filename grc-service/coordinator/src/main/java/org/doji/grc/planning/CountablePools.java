package org.doji.grc.planning;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.doji.grc.model.CoPlan;
import org.doji.rm.model.CountableDemand;
import org.doji.rm.model.SlotAvailability;

/**
 * Which RM's pool a request takes each countable resource (e.g. licences) from, in one slot (DESIGN §2: countables
 * are extra capacity rows of the program). A countable is taken whole from one pool, the cheapest with enough free
 * in that slot (ties: the RM id). Which pool is chosen changes neither where sites go nor how links are routed, so
 * choosing it before the program keeps the program's optimum. When no pool has enough, the largest is named, so
 * the slot is infeasible with what is free.
 */
final class CountablePools {

    /** One RM's pool of a countable in one slot. */
    record Pool(String name, String rmId, long free, double unitPrice) {
    }

    private CountablePools() {
    }

    /** The request's countables, one entry per name (amounts of a name given twice are added). */
    static Map<String, Long> demanded(List<CountableDemand> demands) {
        Map<String, Long> out = new TreeMap<>();
        demands.forEach(d -> out.merge(d.name(), d.amount(), Math::addExact));
        return out;
    }

    /** The pool chosen for each demanded countable in slot {@code slot}; a name no RM offers is missing. */
    static Map<String, Pool> choose(Map<String, Long> demanded, Map<String, List<SlotAvailability>> availability,
                                    int slot) {
        Map<String, Pool> chosen = new LinkedHashMap<>();
        demanded.forEach((name, amount) -> availability.entrySet().stream()
                .filter(e -> e.getValue().size() > slot)
                .flatMap(e -> e.getValue().get(slot).countables().stream().filter(c -> c.name().equals(name))
                        .map(c -> new Pool(name, e.getKey(), c.free(), c.unitPrice())))
                .min(Comparator.comparing((Pool p) -> p.free() < amount)
                        .thenComparing(p -> p.free() < amount ? -p.free() : 0L)
                        .thenComparingDouble(Pool::unitPrice)
                        .thenComparing(Pool::rmId))
                .ifPresent(p -> chosen.put(name, p)));
        return chosen;
    }

    /** The plan's countables: each demanded amount from the RM whose pool was chosen. */
    static List<CoPlan.PlacedCountable> placed(Map<String, Long> demanded, Map<String, Pool> pools) {
        return demanded.entrySet().stream().filter(e -> pools.containsKey(e.getKey()))
                .map(e -> new CoPlan.PlacedCountable(e.getKey(), e.getValue(), pools.get(e.getKey()).rmId())).toList();
    }
}
