package org.doji.it.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import org.doji.contract.types.StateChange;
import org.doji.grc.demo.GridTopology;
import org.doji.it.faults.GrcProcess;
import org.doji.it.faults.RmFleet;
import org.doji.rm.api.Caller;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.soap.NotificationSender;
import org.doji.rm.soap.client.ClientSecurity;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Notifications to a secured GRC (in a process of its own) are signed: an RM's real notification (a hold that timed
 * out) signs in with the account the GRC's calls to that RM use (doji.grc.rms[i].username and password on the GRC,
 * the same account among the RM's users) and is taken; an unsigned Notify, and one signed with a wrong password,
 * are refused as the sender's fault (soap:Client) with one WARN line in the GRC's log, and never acted on.
 */
class NotificationAuthenticationIT {

    private static Path dir;
    private static RmFleet fleet;
    private static GrcProcess grc;
    private static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        dir = GrcProcess.itDirectory("NotificationAuthenticationIT");
        fleet = RmFleet.start(GridTopology.builder().crm("crm-a", "A", "D", 1, 8, 1.0, Map.of()).build(), dir, Map.of(
                "doji.rm.tick-interval", "PT0.2S", "doji.rm.hold-timeout", "PT2S",
                "doji.security.users[0].name", "grc", "doji.security.users[0].password", "{noop}grc-secret",
                "doji.security.users[0].roles[0]", "COORDINATOR"), false);
        List<String> args = new ArrayList<>(fleet.grcRegistryArgs());
        args.addAll(List.of("--doji.grc.rms[0].username=grc", "--doji.grc.rms[0].password=grc-secret",
                "--doji.security.users[0].name=alice", "--doji.security.users[0].password={noop}alice-secret",
                "--doji.security.users[0].roles[0]=USER"));
        grc = GrcProcess.start(dir.resolve("grc"), dir.resolve("grc.log"), args);
    }

    @AfterAll
    static void stop() {
        if (grc != null) {
            grc.close();
        }
        if (fleet != null) {
            fleet.close();
        }
    }

    private static String notifyAddress() {
        return grc.url().replace("/services/grc", "/services/notify");
    }

    private static String notify(String resource) {
        return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<wsnt:Notify xmlns:wsnt=\"http://docs.oasis-open.org/wsn/b-2\"><wsnt:NotificationMessage><wsnt:Message>"
                + "<t:stateChange xmlns:t=\"http://doji.org/ns/2026/types\"><t:resource>" + resource + "</t:resource>"
                + "<t:time>2030-01-01T00:00:00Z</t:time><t:reservationState>ReserveTimeout</t:reservationState>"
                + "</t:stateChange></wsnt:Message></wsnt:NotificationMessage></wsnt:Notify></soap:Body></soap:Envelope>";
    }

    @Test
    void anUnsignedNotifyIsTheSendersFaultAndIsNotActedOn() throws Exception {
        String resource = "r-unsigned-" + UUID.randomUUID().toString().substring(0, 8);
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(notifyAddress()))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "\"http://docs.oasis-open.org/wsn/bw-2/NotificationConsumer/Notify\"")
                .POST(HttpRequest.BodyPublishers.ofString(notify(resource))).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(500);
        assertThat(answer.body()).contains(":Client</faultcode>", "authentication required").doesNotContain("Exception");
        await().atMost(Duration.ofSeconds(10)).until(() -> grc.text().contains(" at /services/notify: authentication required"));
        assertThat(grc.text()).doesNotContain("notification from anonymous").doesNotContain(resource + " ");
        assertThat(grc.text().lines().filter(l -> l.contains(" ERROR ") || l.startsWith("\tat "))).isEmpty();
    }

    @Test
    void aNotifySignedWithAWrongPasswordIsRefused() throws Exception {
        String resource = "r-wrong-" + UUID.randomUUID().toString().substring(0, 8);
        StateChange change = new StateChange();
        change.setResource(resource);
        change.setTime(Instant.now());
        change.setReservationState(org.doji.contract.types.ReservationState.RESERVE_TIMEOUT);
        var sender = new NotificationSender(Executors.newSingleThreadExecutor());
        sender.send(notifyAddress(), change, ClientSecurity.token("grc", "not-the-secret").withPasswordDigest(true)::tokenHeader);
        await().atMost(Duration.ofSeconds(20)).until(() -> grc.text().contains("wrong password digest for 'grc'"));
        assertThat(grc.text()).doesNotContain(resource + " ");
    }

    /** The RM's own notification of a hold it timed out reaches the GRC signed in as the GRC's account there. */
    @Test
    void anRmsRealNotificationIsSignedAndTaken() throws Exception {
        var asGrc = new RemoteResourceManager(fleet.directUrl("crm-a"), Duration.ofSeconds(5), Duration.ofSeconds(30),
                ClientSecurity.token("grc", "grc-secret"));
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(3, ChronoUnit.DAYS);
        var held = asGrc.reserve(Caller.ANONYMOUS, UUID.randomUUID().toString(), new ReservationSpec(
                new TimeWindow(start, start.plusSeconds(3600)), List.of(new ComputeDemand("A", 2, List.of())), List.of(),
                List.of(), List.of("alice"), null), notifyAddress());
        // nobody commits: the RM times the hold out after 2 s and tells its coordinator
        await().atMost(Duration.ofSeconds(30)).until(() -> grc.text().contains("notification from grc (crm-a): " + held.key()));
        assertThat(grc.text()).contains(held.key() + " RESERVE_TIMEOUT");
    }
}
