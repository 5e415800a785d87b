package org.doji.grc.dashboard;

import static com.fasterxml.jackson.annotation.JsonFormat.Shape.STRING;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The JSON documents of the dashboard's endpoints (read-only views; nothing here is stored). Instants are
 * ISO-8601 strings whatever the application's Jackson defaults, since the page parses them as such.
 */
public final class DashboardViews {

    private DashboardViews() {
    }

    /** The page header: who serves, when, how often to refresh, and co-allocations counted by state. */
    public record Overview(String grcId, @JsonFormat(shape = STRING) Instant now, long refreshMillis,
                           Map<String, Long> states, long total, int rmsReachable, int rmsRegistered) {
    }

    public record CoAllocationRow(String key, String owner, String state, String reason, String description,
                                  String policy,
                                  @JsonFormat(shape = STRING) Instant start,
                                  @JsonFormat(shape = STRING) Instant end,
                                  boolean planned, Double cost,
                                  @JsonFormat(shape = STRING) Instant created,
                                  @JsonFormat(shape = STRING) Instant updated,
                                  List<SiteRow> sites, List<LinkRow> links, List<OutcomeRow> outcomes) {
    }

    /** A requested site; {@code site}/{@code rmId} are null until planned. */
    public record SiteRow(String requestSite, int cores, String site, String rmId) {
    }

    /** A requested link; {@code hops} is its route over NRM paths once planned (empty before). */
    public record LinkRow(String from, String to, long bandwidthMbps, List<HopRow> hops) {
    }

    public record HopRow(String rmId, String from, String to) {
    }

    /** What one RM answered: its reservation and states, or its refusal. */
    public record OutcomeRow(String rmId, String reservationKey, String reservationState, String lifecycleState,
                             List<String> handles, String errorCode, String message) {
    }

    public record Timeline(@JsonFormat(shape = STRING) Instant from,
                           @JsonFormat(shape = STRING) Instant to,
                           @JsonFormat(shape = STRING) Instant now,
                           List<TimelineRow> rows) {
    }

    /** One resource of the Gantt chart: a compute site or a network path; {@code lanes} stack overlapping bars. */
    public record TimelineRow(String kind, String id, String label, String rmId, int lanes, List<Bar> bars) {
    }

    /** One reservation on one resource; {@code amount} is cores or Mbps. */
    public record Bar(String key, String state,
                      @JsonFormat(shape = STRING) Instant start,
                      @JsonFormat(shape = STRING) Instant end,
                      long amount, int lane) {
    }

    public record Graph(List<Node> nodes, List<Edge> edges) {
    }

    /** A compute site or an exchange point; cores in use are those of reservations running now. */
    public record Node(String id, String kind, String rmId, List<String> domains, int totalCores, int nodes,
                       Double unitPrice, int coresInUse, Map<String, String> attributes) {
    }

    /** A path of an NRM's abstract graph; Mbps in use are those of reservations running now. */
    public record Edge(String id, String rmId, String domain, String from, String to, long capacityMbps,
                       double unitPrice, Double latencyMs, long mbpsInUse) {
    }

    /**
     * Health of one registered RM. {@code reachable} is null until the first probe answered or failed;
     * {@code lastAnswer} is the last time it answered at all.
     */
    public record RmHealth(String rmId, String address, String kind, String domain, String backend,
                           Boolean reachable,
                           @JsonFormat(shape = STRING) Instant checkedAt,
                           @JsonFormat(shape = STRING) Instant lastAnswer,
                           Long latencyMillis, String error) {
    }

    /** @param page the port's service page: operations, documentation, samples, try it */
    public record Service(String name, String role, String address, String wsdl, String page) {
    }
}
