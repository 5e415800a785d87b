package org.doji.grc.dashboard;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import org.doji.grc.dashboard.DashboardViews.CoAllocationRow;
import org.doji.grc.dashboard.DashboardViews.Graph;
import org.doji.grc.dashboard.DashboardViews.Overview;
import org.doji.grc.dashboard.DashboardViews.RmHealth;
import org.doji.grc.dashboard.DashboardViews.Service;
import org.doji.grc.dashboard.DashboardViews.Timeline;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/** The dashboard's JSON: small read-only documents the page fetches on every refresh. */
@RestController
@RequestMapping(path = "/dashboard/api", produces = "application/json")
@ConditionalOnProperty(name = "doji.dashboard.enabled", matchIfMissing = true)
public class DashboardController {

    private final DashboardQuery query;
    private final String soapPath;

    public DashboardController(DashboardQuery query, @Value("${cxf.path:/services}") String soapPath) {
        this.query = query;
        this.soapPath = soapPath;
    }

    @GetMapping("/overview")
    public Overview overview() {
        return query.overview();
    }

    @GetMapping("/co-allocations")
    public List<CoAllocationRow> coAllocations() {
        return query.coAllocations();
    }

    /** {@code from} and {@code to} are optional ISO-8601 instants. */
    @GetMapping("/timeline")
    public Timeline timeline(@RequestParam(required = false) String from, @RequestParam(required = false) String to) {
        return query.timeline(instant("from", from), instant("to", to));
    }

    @GetMapping("/graph")
    public Graph graph() {
        return query.graph();
    }

    @GetMapping("/health")
    public List<RmHealth> health() {
        return query.health();
    }

    @GetMapping("/services")
    public List<Service> services() {
        return query.services(ServletUriComponentsBuilder.fromCurrentContextPath().path(soapPath).path("/grc").toUriString());
    }

    @ExceptionHandler(IllegalArgumentException.class)
    public ResponseEntity<Map<String, String>> badRequest(IllegalArgumentException e) {
        return ResponseEntity.status(HttpStatus.BAD_REQUEST).body(Map.of("error", e.getMessage()));
    }

    private static Instant instant(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(name + ": not an ISO-8601 instant (e.g. 2026-01-31T12:00:00Z): " + value);
        }
    }
}
