package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.doji.contract.GrcPortType;
import org.doji.contract.NotAuthorizedFault;
import org.doji.contract.ResourceUnknownFault;
import org.doji.contract.UnknownResourceFault;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocument;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.grc.Cancel;
import org.doji.contract.grc.Modify;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.soap.ResourceReferences;
import org.doji.rm.soap.client.ClientSecurity;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.doji.rm.soap.BaseFaults;

/**
 * Security end to end (DESIGN §11): every call to the GRC carries a WS-Security UsernameToken; users see and
 * change only their own co-allocations; the GRC reaches its RMs with its coordinator account, and the RMs
 * accept reserve/commit from registered coordinators only.
 */
class SecureGridIT {

    private static LocalGrid grid;

    @BeforeAll
    static void start() {
        Map<String, String> users = new HashMap<>();
        user(users, 0, "alice", "{noop}alice-secret", "USER", null);
        user(users, 1, "bob", "{noop}bob-secret", "USER", null);
        user(users, 2, "grc", "{noop}grc-secret", "COORDINATOR", null);
        // a low service level, known to the GRC and to every RM alike (one users file for all)
        user(users, 3, "carol", "{noop}carol-secret", "USER", 0.5);
        user(users, 4, "ops", "{noop}ops-secret", "ADMIN", null);
        // (B) the administrator makes S1 (unit price 1.0) ten times dearer, so S2 (2.0) is preferred
        Map<String, String> grcProps = new HashMap<>(Map.of("doji.grc.notifications.consumers[0]", "http://127.0.0.1:", "doji.grc.slots", "1", "doji.grc.admin.preferences.S1", "10",
                "doji.grc.admin.load-spread-weight", "0.25"));
        for (int i = 0; i < 3; i++) {
            grcProps.put("doji.grc.rms[" + i + "].username", "grc");
            grcProps.put("doji.grc.rms[" + i + "].password", "grc-secret");
        }
        grid = LocalGrid.start(GridTopology.builder()
                .crm("crm-s1", "S1", "D", 2, 8, 1.0, Map.of())
                .crm("crm-s2", "S2", "D", 2, 8, 2.0, Map.of())
                .nrm("nrm-s", "D", List.of("S1", "S2"), List.of(), 1000, 0.01, 0, 0)
                .build(), 0, TestDatabase.grid("mem"), users, grcProps);
    }

    private static void user(Map<String, String> p, int i, String name, String password, String role, Double level) {
        p.put("doji.security.users[" + i + "].name", name);
        p.put("doji.security.users[" + i + "].password", password);
        p.put("doji.security.users[" + i + "].roles[0]", role);
        if (level != null) {
            p.put("doji.security.users[" + i + "].service-level", level.toString());
        }
    }

    @AfterAll
    static void stop() {
        if (grid != null) {
            grid.close();
        }
    }

    private static GrcPortType as(String user, String password, String address) {
        return SecureClients.as(user, password, address, null, null);
    }

    private static CoAllocationRequest oneSite(int day) {
        return SecureClients.oneSite(day, 4);
    }

    private static CoAllocationRequest oneSite(int day, int cores) {
        return SecureClients.oneSite(day, cores);
    }

    @Test
    void usersAuthenticateAndSeeOnlyTheirOwnCoAllocations() throws Exception {
        EndpointReferenceType epr = as("alice", "alice-secret", grid.grcUrl()).createCoAllocation(
                UUID.randomUUID().toString(), oneSite(4), null, null);
        String key = ResourceReferences.keyOf(epr);
        String address = ResourceReferences.addressOf(epr);
        GrcPortType alice = as("alice", "alice-secret", address);
        await().atMost(Duration.ofSeconds(60)).until(() -> CoAllocationDocuments.of(alice).getState(), s -> s == CoAllocationState.RESERVED || s == CoAllocationState.FAILED);
        var doc = CoAllocationDocuments.of(alice);
        assertThat(doc.getState()).as(doc.getReason()).isEqualTo(CoAllocationState.RESERVED);
        assertThat(doc.getOwner()).isEqualTo("alice");

        GrcPortType bob = as("bob", "bob-secret", address);
        // another user's key gets the answer an unknown key gets, word for word: nothing tells bob it exists
        assertThatThrownBy(() -> bob.getResourcePropertyDocument(new GetResourcePropertyDocument()))
                .isInstanceOfSatisfying(ResourceUnknownFault.class,
                        f -> assertThat(BaseFaults.description(f.getFaultInfo())).isEqualTo("no such resource: " + key)
                                .doesNotContain("bob", "own"));
        Cancel cancel = new Cancel();
        cancel.setCorrelationId(UUID.randomUUID().toString());
        assertThatThrownBy(() -> bob.cancel(cancel)).isInstanceOf(UnknownResourceFault.class);
        assertThat(as("bob", "bob-secret", grid.grcUrl()).list(List.of(), null, null, null).getCoAllocation())
                .noneSatisfy(s -> assertThat(s.getKey()).isEqualTo(key));
        assertThat(CoAllocationDocuments.of(alice).getState())
                .isEqualTo(CoAllocationState.RESERVED);
    }

    /**
     * DESIGN §3 (C), applied exactly once: carol's level is 0.5 at the GRC and at every RM; she plans with half of
     * a 16-core site (8 cores fit, 9 do not), not a quarter (the GRC's share of what the RMs had already halved).
     */
    @Test
    void aLowServiceLevelUserSeesHalfOfEachRmsFreeCapacityNotLess() throws Exception {
        GrcPortType carol = as("carol", "carol-secret", grid.grcUrl());
        assertThat(carol.plan(oneSite(7, 8), 1).getPlan()).as("8 of 16 cores: half").hasSize(1);
        assertThat(carol.plan(oneSite(7, 9), 1).getPlan()).as("9 of 16 cores: more than half").isEmpty();
        assertThat(carol.plan(oneSite(7, 9), 1).getInfeasible()).isNotEmpty();
        assertThat(as("alice", "alice-secret", grid.grcUrl()).plan(oneSite(7, 16), 1).getPlan())
                .as("a user without a level sees everything").hasSize(1);
    }

    /** DESIGN §3 (B) in the running GRC: the configured preference steers the plan, and the registry shows it. */
    @Test
    void theAdministratorsPreferencesSteerPlansAndTheRegistryShowsThem() throws Exception {
        GrcPortType alice = as("alice", "alice-secret", grid.grcUrl());
        var plan = alice.plan(oneSite(8, 4), 1).getPlan();
        assertThat(plan).singleElement().satisfies(p -> assertThat(p.getSite()).singleElement()
                .satisfies(s -> assertThat(s.getSite()).as("S1 is ten times dearer by policy").isEqualTo("S2")));
        var policies = alice.listResourceManagers().getPolicies();
        assertThat(policies.getLoadSpreadWeight()).isEqualTo(0.25);
        assertThat(policies.getPreference()).singleElement().satisfies(f -> {
            assertThat(f.getResource()).isEqualTo("S1");
            assertThat(f.getFactor()).isEqualTo(10.0);
        });
    }

    @Test
    void callsWithoutAValidTokenAreRefusedAndStoreNothing() {
        long before = grid.grc().getBean(CoAllocationRepository.class).count();
        for (GrcPortType port : List.of(as(null, null, grid.grcUrl()), as("alice", "wrong", grid.grcUrl()),
                as("mallory", "x", grid.grcUrl()))) {
            assertThatThrownBy(() -> port.createCoAllocation(UUID.randomUUID().toString(), oneSite(5), null, null))
                    .isInstanceOfSatisfying(NotAuthorizedFault.class,
                            f -> assertThat(BaseFaults.errorCode(f.getFaultInfo())).isEqualTo("NOT_AUTHORIZED"));
        }
        assertThat(grid.grc().getBean(CoAllocationRepository.class).count()).isEqualTo(before);
    }

    /**
     * Replay protection on the wire: one createCoAllocation as a WS-Security client signs it up (UsernameToken with
     * Nonce and Created) is captured as raw bytes, and the SAME bytes are posted to the GRC twice. The first creates
     * the co-allocation; the second is refused with the contract's NotAuthorizedFault and creates nothing.
     */
    @Test
    void theSameSignedUpMessageSentTwiceIsRefusedTheSecondTime() throws Exception {
        java.util.concurrent.atomic.AtomicReference<byte[]> body = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicReference<String> contentType = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicReference<String> action = new java.util.concurrent.atomic.AtomicReference<>();
        com.sun.net.httpserver.HttpServer recorder = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        byte[] fault = ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><soap:Fault>"
                + "<faultcode>soap:Server</faultcode><faultstring>recorded</faultstring></soap:Fault></soap:Body>"
                + "</soap:Envelope>").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        recorder.createContext("/services/grc", exchange -> {
            body.set(exchange.getRequestBody().readAllBytes());
            contentType.set(exchange.getRequestHeaders().getFirst("Content-Type"));
            action.set(exchange.getRequestHeaders().getFirst("SOAPAction"));
            exchange.getResponseHeaders().add("Content-Type", "text/xml; charset=utf-8");
            exchange.sendResponseHeaders(500, fault.length);
            exchange.getResponseBody().write(fault);
            exchange.close();
        });
        recorder.start();
        try {
            GrcPortType alice = as("alice", "alice-secret",
                    "http://127.0.0.1:" + recorder.getAddress().getPort() + "/services/grc");
            assertThatThrownBy(() -> alice.createCoAllocation(UUID.randomUUID().toString(), oneSite(11), null, null))
                    .hasMessageContaining("recorded");
        } finally {
            recorder.stop(0);
        }
        String message = new String(body.get(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(message).contains("<wsse:Username>alice</wsse:Username>").contains(":Nonce").contains(":Created");

        long before = grid.grc().getBean(CoAllocationRepository.class).count();
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        java.net.http.HttpRequest post = java.net.http.HttpRequest.newBuilder(java.net.URI.create(grid.grcUrl()))
                .header("Content-Type", contentType.get()).header("SOAPAction", action.get() == null ? "\"\"" : action.get())
                .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body.get())).build();
        var first = http.send(post, java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
        assertThat(first.body()).contains("createCoAllocationResponse");
        var second = http.send(post, java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(second.statusCode()).as(second.body()).isEqualTo(500);
        assertThat(second.body()).contains("NotAuthorizedFault>").contains("NOT_AUTHORIZED")
                .contains("replayed UsernameToken").doesNotContain("createCoAllocationResponse");
        assertThat(grid.grc().getBean(CoAllocationRepository.class).count()).as("one co-allocation, not two")
                .isEqualTo(before + 1);
    }

    /**
     * Another user's modify, cancel and Destroy are refused with the typed fault and change nothing: the
     * co-allocation keeps its state, window, cost and plan, and stays readable by its owner (also once it ended).
     */
    @Test
    void anotherUsersModifyCancelDestroySubscribeAndUnsubscribeAreRefusedAndChangeNothing() throws Exception {
        EndpointReferenceType epr = as("alice", "alice-secret", grid.grcUrl()).createCoAllocation(
                UUID.randomUUID().toString(), oneSite(9), null, null);
        String key = ResourceReferences.keyOf(epr);
        String address = ResourceReferences.addressOf(epr);
        GrcPortType alice = as("alice", "alice-secret", address);
        await().atMost(Duration.ofSeconds(60)).until(() -> document(alice).getState(),
                s -> s == CoAllocationState.RESERVED || s == CoAllocationState.FAILED);
        var before = document(alice);
        assertThat(before.getState()).as(before.getReason()).isEqualTo(CoAllocationState.RESERVED);
        long reservations = grid.rm("crm-s1").getBean(ReservationRepository.class).count()
                + grid.rm("crm-s2").getBean(ReservationRepository.class).count();

        GrcPortType bob = as("bob", "bob-secret", address);
        Modify modify = new Modify();
        modify.setCorrelationId(UUID.randomUUID().toString());
        modify.setRequest(oneSite(10));
        Cancel cancel = new Cancel();
        cancel.setCorrelationId(UUID.randomUUID().toString());
        var subscribe = new org.doji.contract.wsn.Subscribe();
        subscribe.setConsumerReference(ResourceReferences.endpoint("http://127.0.0.1:9/bob"));
        var subscriptions = grid.grc().getBean(org.doji.grc.persistence.SubscriptionRepository.class);
        long subscribed = subscriptions.count();
        for (var call : List.<org.assertj.core.api.ThrowableAssert.ThrowingCallable>of(
                () -> bob.modify(modify), () -> bob.cancel(cancel), () -> bob.destroyResource(),
                () -> bob.subscribe(subscribe))) {
            // the answer an unknown key gets: nothing tells bob that alice's co-allocation exists (Doji's fault on
            // Doji's operations, WS-Resource's ResourceUnknownFault on WS-ResourceLifetime's Destroy and on
            // WS-BaseNotification's Subscribe)
            assertThatThrownBy(call).isInstanceOfAny(UnknownResourceFault.class, ResourceUnknownFault.class).satisfies(t -> {
                var info = t instanceof UnknownResourceFault f ? f.getFaultInfo() : ((ResourceUnknownFault) t).getFaultInfo();
                assertThat(BaseFaults.errorCode(info)).isEqualTo("UNKNOWN_RESOURCE");
                assertThat(BaseFaults.description(info)).isEqualTo("no such resource: " + key);
            });
        }
        var after = document(alice);
        assertThat(after.getState()).isEqualTo(CoAllocationState.RESERVED);
        assertThat(after.getOwner()).isEqualTo("alice");
        assertThat(after.getUpdated()).as("not touched").isEqualTo(before.getUpdated());
        assertThat(after.getPlan().getWindow().getStart()).isEqualTo(before.getPlan().getWindow().getStart());
        assertThat(after.getPlan().getWindow().getEnd()).isEqualTo(before.getPlan().getWindow().getEnd());
        assertThat(after.getPlan().getCost()).isEqualTo(before.getPlan().getCost());
        assertThat(after.getPlan().getSite()).extracting(s -> s.getSite())
                .isEqualTo(before.getPlan().getSite().stream().map(s -> s.getSite()).toList());
        assertThat(after.getRm()).extracting(o -> o.getReservationKey() + ":" + o.getReservationState())
                .isEqualTo(before.getRm().stream().map(o -> o.getReservationKey() + ":" + o.getReservationState()).toList());
        assertThat(grid.rm("crm-s1").getBean(ReservationRepository.class).count()
                + grid.rm("crm-s2").getBean(ReservationRepository.class).count()).as("no RM was asked").isEqualTo(reservations);
        assertThat(subscriptions.count()).as("no subscription for bob").isEqualTo(subscribed);

        // alice's subscription: bob can neither renew nor end it, and learns nothing of it
        var subscription = alice.subscribe(subscribe).getSubscriptionReference();
        String at = ResourceReferences.addressOf(subscription);
        var renew = new org.doji.contract.wsn.Renew();
        renew.setTerminationTime("PT1M");
        var bobs = SecureClients.managerAs("bob", "bob-secret", at);
        for (var call : List.<org.assertj.core.api.ThrowableAssert.ThrowingCallable>of(() -> bobs.renew(renew),
                () -> bobs.unsubscribe(new org.doji.contract.wsn.Unsubscribe()))) {
            assertThatThrownBy(call).isInstanceOfSatisfying(org.doji.contract.wsrf.rw.ResourceUnknownFault.class,
                    f -> assertThat(BaseFaults.description(f.getFaultInfo()))
                            .isEqualTo("no such resource: " + ResourceReferences.keyOf(subscription)));
        }
        assertThatThrownBy(() -> SecureClients.managerAs(null, null, at).unsubscribe(new org.doji.contract.wsn.Unsubscribe()))
                .as("no token, no call").isInstanceOf(jakarta.xml.ws.soap.SOAPFaultException.class);
        SecureClients.managerAs("alice", "alice-secret", at).unsubscribe(new org.doji.contract.wsn.Unsubscribe());
        assertThat(subscriptions.count()).isEqualTo(subscribed);

        // once it ended, bob still cannot forget it for alice
        Cancel own = new Cancel();
        own.setCorrelationId(UUID.randomUUID().toString());
        alice.cancel(own);
        await().atMost(Duration.ofSeconds(60)).until(() -> document(alice).getState(), s -> s == CoAllocationState.CANCELLED);
        assertThatThrownBy(() -> bob.destroyResource()).isInstanceOf(ResourceUnknownFault.class);
        assertThat(document(alice).getState()).isEqualTo(CoAllocationState.CANCELLED);
        assertThat(grid.grc().getBean(CoAllocationRepository.class).findById(key)).isPresent();
    }

    /**
     * With security on the GRC makes no outbound request its operator did not allow: a subscription to a consumer
     * outside doji.grc.notifications.consumers is refused (the cloud metadata address, a public portal not listed,
     * another loopback address), stores nothing, and the listed consumer is accepted.
     */
    @Test
    void withSecurityOnOnlyConsumersTheOperatorListedAreAccepted() throws Exception {
        GrcPortType alice = as("alice", "alice-secret", grid.grcUrl());
        var subscriptions = grid.grc().getBean(org.doji.grc.persistence.SubscriptionRepository.class);
        long before = subscriptions.count();
        for (String consumer : List.of("http://169.254.169.254/latest/meta-data/", "https://portal.example.org/n",
                "http://127.0.0.2:9/alice", "http://localhost:9/alice", "http://127.0.0.1:9@10.0.0.1/alice")) {
            var subscribe = new org.doji.contract.wsn.Subscribe();
            subscribe.setConsumerReference(ResourceReferences.endpoint(consumer));
            assertThatThrownBy(() -> alice.subscribe(subscribe)).as(consumer)
                    .isInstanceOfSatisfying(org.doji.contract.SubscribeCreationFailedFault.class,
                            f -> assertThat(BaseFaults.errorCode(f.getFaultInfo())).isEqualTo("CONSUMER_NOT_ALLOWED"));
        }
        assertThat(subscriptions.count()).isEqualTo(before);
        var listed = new org.doji.contract.wsn.Subscribe();
        listed.setConsumerReference(ResourceReferences.endpoint("http://127.0.0.1:9/alice"));
        var subscription = alice.subscribe(listed).getSubscriptionReference();
        SecureClients.managerAs("alice", "alice-secret", ResourceReferences.addressOf(subscription))
                .unsubscribe(new org.doji.contract.wsn.Unsubscribe());
    }

    private static org.doji.contract.types.CoAllocationDocument document(GrcPortType port) throws Exception {
        return CoAllocationDocuments.of(port);
    }

    @Test
    void rmsAcceptReservationsOnlyFromRegisteredCoordinators() {
        String rmUrl = grid.rmUrls().get("crm-s1");
        long before = grid.rm("crm-s1").getBean(ReservationRepository.class).count();
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(6, ChronoUnit.DAYS);
        ReservationSpec spec = new ReservationSpec(new org.doji.rm.model.TimeWindow(start, start.plusSeconds(3600)),
                List.of(new ComputeDemand("S1", 2, List.of())), List.of(), List.of(), List.of("alice"), "direct");
        var asAlice = new RemoteResourceManager(rmUrl, Duration.ofSeconds(5), Duration.ofSeconds(30),
                ClientSecurity.token("alice", "alice-secret"));
        assertThat(asAlice.describe(org.doji.rm.api.Caller.ANONYMOUS).sites()).extracting(s -> s.name()).containsExactly("S1");
        assertThatThrownBy(() -> asAlice.reserve(org.doji.rm.api.Caller.ANONYMOUS, UUID.randomUUID().toString(), spec, null))
                .isInstanceOfSatisfying(DojiException.class, e -> assertThat(e.kind()).isEqualTo(FaultKind.NOT_AUTHORIZED));
        var asGrc = new RemoteResourceManager(rmUrl, Duration.ofSeconds(5), Duration.ofSeconds(30),
                ClientSecurity.token("grc", "grc-secret"));
        var held = asGrc.reserve(org.doji.rm.api.Caller.ANONYMOUS, UUID.randomUUID().toString(), spec, null);
        assertThat(held.owner()).isEqualTo("grc");
        // at an RM too, another user's reservation gets the answer an unknown key gets, word for word
        String unknown = "r-" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
        String[] answers = new String[2];
        int i = 0;
        for (String key : List.of(held.key(), unknown)) {
            int n = i++;
            assertThatThrownBy(() -> asAlice.get(org.doji.rm.api.Caller.ANONYMOUS, key))
                    .isInstanceOfSatisfying(DojiException.class, e -> {
                        assertThat(e.kind()).isEqualTo(FaultKind.UNKNOWN_RESOURCE);
                        answers[n] = e.getMessage().replace(key, "KEY");
                    });
        }
        assertThat(answers[0]).isEqualTo(answers[1]).doesNotContain("alice", "grc", "own");
        asGrc.abort(org.doji.rm.api.Caller.ANONYMOUS, held.key(), UUID.randomUUID().toString());
        assertThat(grid.rm("crm-s1").getBean(ReservationRepository.class).count()).isEqualTo(before + 1);
    }

    @Test
    void theActuatorsPagesButHealthAreForOperatorsOnly() throws Exception {
        var http = java.net.http.HttpClient.newHttpClient();
        java.util.function.BiFunction<String, String, Integer> get = (url, credentials) -> {
            var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(url));
            if (credentials != null) {
                request.header("Authorization", "Basic " + java.util.Base64.getEncoder()
                        .encodeToString(credentials.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            }
            try {
                return http.send(request.build(), java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
        List<String> bases = new java.util.ArrayList<>(List.of(grid.grcUrl().replace("/services/grc", "")));
        grid.rmUrls().values().forEach(u -> bases.add(u.replace("/services/rm", "")));
        for (String base : bases) {
            assertThat(get.apply(base + "/actuator/metrics", null)).as(base).isEqualTo(401);
            assertThat(get.apply(base + "/actuator/metrics/jvm.memory.used", null)).as(base).isEqualTo(401);
            assertThat(get.apply(base + "/actuator/metrics", "alice:alice-secret")).as(base).isEqualTo(401);
            assertThat(get.apply(base + "/actuator/metrics", "ops:wrong")).as(base).isEqualTo(401);
            assertThat(get.apply(base + "/actuator/metrics", "ops:ops-secret")).as(base).isEqualTo(200);
            assertThat(get.apply(base + "/actuator/health", null)).as(base).isEqualTo(200);
        }
    }
}
