package org.doji.rm.soap.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.doji.rm.api.Caller;
import org.doji.rm.app.RmApplication;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.soap.client.ClientSecurity;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.testing.CapturedMessage;
import org.doji.rm.testing.RestartableRm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replay protection survives a restart: a reserve as the coordinator signs it (UsernameToken with Nonce and Created)
 * is captured on the wire and posted to the RM as it was: taken once, refused when sent again, and refused again
 * after the RM restarted on its database (the accepted tokens are kept there, not only in the process's memory),
 * while the token is still fresh. One reservation, not two.
 */
class ReplayAfterRestartTest {

    @TempDir
    Path dir;

    @Test
    void aCapturedMessageIsRefusedAgainAfterTheRmRestarted() throws Exception {
        Map<String, Object> props = new java.util.HashMap<>(Map.of("doji.rm.id", "crm-replay",
                "doji.rm.simulated.sites[0].name", "siteA", "doji.rm.simulated.sites[0].nodes", "2",
                "doji.rm.simulated.sites[0].cores-per-node", "8"));
        props.put("doji.security.users[0].name", "grc");
        props.put("doji.security.users[0].password", "{noop}grc-secret");
        props.put("doji.security.users[0].roles", "COORDINATOR");
        try (RestartableRm rm = new RestartableRm(RmApplication.class, dir.resolve("crm-replay"), props, ctx -> { }).start()) {
            Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.DAYS);
            CapturedMessage captured = CapturedMessage.of("/services/rm", address -> new RemoteResourceManager(address,
                    Duration.ofSeconds(5), Duration.ofSeconds(5), ClientSecurity.token("grc", "grc-secret")).reserve(
                    Caller.ANONYMOUS, UUID.randomUUID().toString(), new ReservationSpec(new TimeWindow(start,
                    start.plusSeconds(3600)), List.of(new ComputeDemand("siteA", 2, List.of())), List.of(), List.of(),
                    List.of("alice"), null), null));
            assertThat(captured.body()).contains(":Nonce", ":Created", "reserve");
            long before = rm.bean(ReservationRepository.class).count();
            assertThat(captured.postTo(rm.url("http")).statusCode()).as("the first time").isEqualTo(200);
            assertThat(captured.postTo(rm.url("http")).body()).as("again").contains("NOT_AUTHORIZED", "replayed UsernameToken");
            rm.restart();
            HttpResponse<String> after = captured.postTo(rm.url("http"));
            assertThat(after.statusCode()).as(after.body()).isEqualTo(500);
            assertThat(after.body()).as("after the restart").contains("NOT_AUTHORIZED", "replayed UsernameToken")
                    .doesNotContain("reserveResponse");
            assertThat(rm.bean(ReservationRepository.class).count()).as("one reservation").isEqualTo(before + 1);
        }
    }
}
