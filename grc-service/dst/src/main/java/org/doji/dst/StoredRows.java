package org.doji.dst;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.grc.persistence.DelegatedReservationRecord;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationState;
import org.doji.rm.persistence.ReservationColumns;
import org.doji.rm.persistence.ReservationRecord;

/**
 * A participant's stored rows read for the checker on their own terms: the columns and the JSON documents parsed
 * as trees, not through the kernel's or the coordinator's types, so a mistake there cannot hide here.
 */
final class StoredRows {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One reservation as stored at an RM or a GRC's RM port. */
    record Part(String holder, String key, String globalId, ReservationState state, LifecycleState lifecycle,
                PendingChange pending, Instant start, Instant end, Map<String, Long> amounts, Instant pendingStart,
                Instant pendingEnd, Map<String, Long> pendingAmounts, List<String[]> parts) {

        /** A committed booking that still counts: its lifecycle not over. */
        boolean committed() {
            return (lifecycle == LifecycleState.Created || lifecycle == LifecycleState.Active) && start != null;
        }

        boolean held() {
            return pending != PendingChange.None;
        }

        boolean live() {
            return committed() || held() && (lifecycle == LifecycleState.Created || lifecycle == LifecycleState.Active);
        }

        /**
         * Committed, with nothing pending. A change that timed out unacknowledged (ReserveTimeout: a late copy of an
         * aborted change's prepare held it) leaves the booking as committed; the next change acknowledges it.
         */
        boolean settledCommitted() {
            return committed() && !held()
                    && (state == ReservationState.ReserveStart || state == ReservationState.ReserveTimeout);
        }

        String describe() {
            return holder + "/" + key + " (" + state + "/" + lifecycle + (held() ? ", " + pending + " held" : "") + ")";
        }
    }

    private StoredRows() {
    }

    static Part of(String rm, ReservationRecord r) {
        JsonNode spec = tree(r.getSpecJson());
        JsonNode pending = tree(r.getPendingSpecJson());
        return new Part(rm, r.getKey(), r.getGlobalId(), r.getReservationState(), r.getLifecycleState(), r.getPendingChange(),
                instant(spec, "start"), instant(spec, "end"), amounts(tree(r.getAllocationJson())),
                instant(pending, "start"), instant(pending, "end"), amounts(tree(r.getPendingAllocationJson())), List.of());
    }

    static Part of(String grc, DelegatedReservationRecord r) {
        JsonNode spec = tree(r.getSpecJson());
        List<String[]> parts = new ArrayList<>();
        JsonNode list = tree(r.getParticipantsJson());
        if (list != null && list.has("parts")) {
            list.get("parts").forEach(p -> {
                if (p.hasNonNull("reservationKey")) {
                    parts.add(new String[] {p.get("rmId").asText(), p.get("reservationKey").asText()});
                }
            });
        }
        // the RM port keeps the spec also while the first hold is pending: committed only after its commit
        boolean committedOnce = r.getPendingChange() != PendingChange.Reserve;
        return new Part(grc, r.getKey(), spec == null ? null : text(spec, "globalId"), r.getReservationState(),
                r.getLifecycleState(), r.getPendingChange(), committedOnce ? instant(spec, "start") : null,
                committedOnce ? instant(spec, "end") : null, Map.of(), null, null, Map.of(), parts);
    }

    /** The (holder, key) pairs a co-allocation's stored outcomes name. */
    static List<String[]> outcomes(String outcomesJson) {
        List<String[]> out = new ArrayList<>();
        JsonNode list = tree(outcomesJson);
        if (list != null) {
            list.forEach(o -> {
                if (o.hasNonNull("reservationKey")) {
                    out.add(new String[] {o.get("rmId").asText(), o.get("reservationKey").asText()});
                }
            });
        }
        return out;
    }

    static JsonNode tree(String json) {
        try {
            return json == null ? null : JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("unreadable stored document: " + json, e);
        }
    }

    private static String text(JsonNode n, String field) {
        return n != null && n.hasNonNull(field) ? n.get(field).asText() : null;
    }

    private static Instant instant(JsonNode spec, String field) {
        if (spec == null || !spec.has("window")) {
            return null;
        }
        return Instant.parse(spec.get("window").get(field).asText());
    }

    /** What an allocation books: each node whole (1), each link the sum of its paths' bandwidth, each countable its amount. */
    private static Map<String, Long> amounts(JsonNode allocation) {
        Map<String, Long> out = new LinkedHashMap<>();
        if (allocation == null) {
            return out;
        }
        allocation.path("compute").forEach(c -> c.path("nodes").forEach(n -> out.put(n.asText(), 1L)));
        allocation.path("network").forEach(n -> n.path("links").forEach(l -> out.merge(l.asText(),
                n.get("bandwidthMbps").asLong(), Long::sum)));
        allocation.path("countables").forEach(c -> out.merge(c.get("name").asText(), c.get("amount").asLong(), Long::sum));
        return out;
    }

    static String globalIdOf(ReservationColumns r) {
        JsonNode spec = tree(r.getSpecJson() != null ? r.getSpecJson() : r.getPendingSpecJson());
        return text(spec, "globalId");
    }
}
