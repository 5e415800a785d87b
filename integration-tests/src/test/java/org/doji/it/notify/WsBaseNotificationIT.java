package org.doji.it.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import jakarta.xml.bind.JAXBElement;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.AddressingFeature;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.xml.namespace.QName;
import org.doji.contract.GrcPortType;
import org.doji.contract.GrcService;
import org.doji.contract.InvalidFilterFault;
import org.doji.contract.ResourceUnknownFault;
import org.doji.contract.SubscriptionManagerService;
import org.doji.contract.TopicExpressionDialectUnknownFault;
import org.doji.contract.TopicNotSupportedFault;
import org.doji.contract.UnacceptableInitialTerminationTimeFault;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.grc.Cancel;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.wsn.FilterType;
import org.doji.contract.wsn.ObjectFactory;
import org.doji.contract.wsn.Renew;
import org.doji.contract.wsn.Subscribe;
import org.doji.contract.wsn.SubscribeResponse;
import org.doji.contract.wsn.TopicExpressionType;
import org.doji.contract.wsn.Unsubscribe;
import org.doji.contract.wsn.ports.SubscriptionManager;
import org.doji.grc.demo.GridTopology;
import org.doji.it.faults.GrcClient;
import org.doji.it.faults.GrcProcess;
import org.doji.it.faults.RmFleet;
import org.doji.rm.soap.ResourceReferences;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * WS-BaseNotification 1.3 against a GRC in a JVM of its own (real RMs, durable H2): Subscribe to a co-allocation
 * and to all of a user's, topic filters, Renew and Unsubscribe at the subscription manager, the OASIS faults, and
 * the operator's allow-list of consumers, the outbox: a consumer that refuses is retried with backoff, the co-allocation goes ahead unchanged, and a
 * notification not yet delivered when the GRC is killed with {@code kill -9} is delivered by the restarted GRC.
 * The consumer is a plain HTTP server that reads the XML as any WS-N consumer would.
 */
class WsBaseNotificationIT {

    private static final String SIMPLE = "http://docs.oasis-open.org/wsn/t-1/TopicExpression/Simple";
    private static final Duration OUTCOME = Duration.ofSeconds(90);

    private static Path dir;
    private static RmFleet fleet;
    private static GrcProcess grc;
    private static int starts;
    private static GrcClient client;

    @BeforeAll
    static void start() throws Exception {
        dir = GrcProcess.itDirectory("WsBaseNotificationIT");
        fleet = RmFleet.start(GridTopology.builder().crm("crm-n1", "N1", "N", 1, 16, 1.0, Map.of()).build(), dir,
                Map.of("doji.rm.tick-interval", "PT0.5S"), false);
        startGrc(0);
    }

    private static void startGrc(int port) throws Exception {
        List<String> args = new ArrayList<>(fleet.grcRegistryArgs());
        args.addAll(List.of("--doji.grc.slots=1", "--doji.grc.notifications.retry-first=PT0.2S",
                "--doji.grc.notifications.retry-max=PT1S", "--doji.grc.tick-interval=PT0.5S",
                // the operator's allow-list: the tests' consumers listen on the loopback
                "--doji.grc.notifications.consumers[0]=http://127.0.0.1:"));
        grc = GrcProcess.start(dir.resolve("grc"), dir.resolve("grc-" + (++starts) + ".log"), args, port);
        client = new GrcClient(grc.url());
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

    private static CoAllocationRequest request(int day) {
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(day, ChronoUnit.DAYS);
        return GrcClient.request(Map.of("a", 1), Map.of(), 0, GrcClient.fixed(start, Duration.ofHours(1)));
    }

    private static String reserved(int day) {
        String key = client.create("c-" + UUID.randomUUID(), request(day));
        assertThat(client.awaitOutcome(key, OUTCOME).getState()).isEqualTo(CoAllocationState.RESERVED);
        return key;
    }

    /** The GRC port at a co-allocation (key), or at the service itself (null). */
    private static GrcPortType port(String key) {
        GrcPortType port = new GrcService().getGrcPort(new AddressingFeature());
        ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                key == null ? grc.url() : grc.url() + "?res=" + key);
        return port;
    }

    private static Subscribe subscribe(String consumer, String dialect, String topic, String initialTermination) {
        Subscribe s = new Subscribe();
        s.setConsumerReference(ResourceReferences.endpoint(consumer));
        if (topic != null) {
            TopicExpressionType t = new TopicExpressionType();
            t.setDialect(dialect);
            t.getContent().add(topic);
            FilterType f = new FilterType();
            f.getAny().add(new ObjectFactory().createTopicExpression(t));
            s.setFilter(f);
        }
        if (initialTermination != null) {
            s.setInitialTerminationTime(new ObjectFactory().createSubscribeInitialTerminationTime(initialTermination));
        }
        return s;
    }

    private static SubscriptionManager manager(EndpointReferenceType subscription) {
        return new SubscriptionManagerService().getPort(ResourceReferences.toW3C(subscription), SubscriptionManager.class,
                new AddressingFeature());
    }

    private static void cancel(String key) throws Exception {
        client.cancel(key, "c-" + UUID.randomUUID());
        assertThat(client.awaitOutcome(key, OUTCOME).getState()).isEqualTo(CoAllocationState.CANCELLED);
    }

    @Test
    void aSubscriberOfACoAllocationIsNotifiedOfItsChangesInOrderUntilItUnsubscribes() throws Exception {
        try (RecordingConsumer consumer = new RecordingConsumer()) {
            String key = reserved(3);
            SubscribeResponse answer = port(key).subscribe(subscribe(consumer.address(), null, null, "PT1H"));
            EndpointReferenceType subscription = answer.getSubscriptionReference();
            assertThat(ResourceReferences.addressOf(subscription)).contains("/services/subscriptions");
            assertThat(Duration.between(answer.getCurrentTime(), answer.getTerminationTime()))
                    .isEqualTo(Duration.ofHours(1));

            cancel(key);
            await().atMost(Duration.ofSeconds(30)).until(() -> consumer.messages().size() >= 2);
            List<RecordingConsumer.Received> got = consumer.messages();
            assertThat(got).extracting(RecordingConsumer.Received::state).containsExactly("Cancelling", "Cancelled");
            assertThat(got).allSatisfy(m -> {
                assertThat(m.resource()).isEqualTo(key);
                assertThat(m.topic()).isEqualTo(m.state());
                assertThat(m.topicNamespace()).as("the topic's prefix is declared").isEqualTo(RecordingConsumer.TOPICS);
                assertThat(m.dialect()).isEqualTo(SIMPLE);
                assertThat(m.subscription()).isEqualTo(ResourceReferences.addressOf(subscription));
                assertThat(m.producer()).endsWith("/services/grc?res=" + key);
            });

            // Renew (relative time) at the subscription manager, then Unsubscribe: nothing more arrives
            var renew = new Renew();
            renew.setTerminationTime("PT2H");
            var renewed = manager(subscription).renew(renew);
            assertThat(Duration.between(renewed.getCurrentTime(), renewed.getTerminationTime())).isEqualTo(Duration.ofHours(2));
            manager(subscription).unsubscribe(new Unsubscribe());
            assertThatThrownBy(() -> manager(subscription).unsubscribe(new Unsubscribe()))
                    .isInstanceOf(org.doji.contract.wsrf.rw.ResourceUnknownFault.class);
        }
    }

    @Test
    void aSubscriptionToTheServiceWithATopicHearsOnlyThatTopicOfEveryCoAllocation() throws Exception {
        try (RecordingConsumer consumer = new RecordingConsumer()) {
            EndpointReferenceType subscription = port(null).subscribe(
                    subscribe(consumer.address(), SIMPLE, "dt:Reserved", null)).getSubscriptionReference();
            String one = reserved(4);
            String two = reserved(5);
            await().atMost(Duration.ofSeconds(30)).until(() -> consumer.messages().size() >= 2);
            assertThat(consumer.messages()).extracting(RecordingConsumer.Received::resource).containsExactly(one, two);
            assertThat(consumer.messages()).extracting(RecordingConsumer.Received::topic).containsOnly("Reserved");
            manager(subscription).unsubscribe(new Unsubscribe());
            cancel(one);
            cancel(two);
            assertThat(consumer.messages()).hasSize(2);
        }
    }

    @Test
    void overSoap12TheSubscriptionIsManagedAtTheSoap12SubscriptionManager() throws Exception {
        GrcPortType soap12 = new GrcService().getGrcPortSoap12(new AddressingFeature());
        ((BindingProvider) soap12).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, grc.url() + "/soap12");
        EndpointReferenceType subscription = soap12.subscribe(subscribe("http://127.0.0.1:9/c", SIMPLE, "dt:Failed", "PT5M"))
                .getSubscriptionReference();
        String at = ResourceReferences.addressOf(subscription);
        assertThat(at).contains("/services/subscriptions/soap12?res=");
        SubscriptionManager manager = new SubscriptionManagerService().getSubscriptionManagerPortSoap12(new AddressingFeature());
        ((BindingProvider) manager).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, at);
        var renew = new Renew();
        renew.setTerminationTime(Instant.now().plus(Duration.ofMinutes(20)).toString());
        assertThat(manager.renew(renew).getTerminationTime()).isAfter(Instant.now().plus(Duration.ofMinutes(19)));
        manager.unsubscribe(new Unsubscribe());
        assertThatThrownBy(() -> manager.unsubscribe(new Unsubscribe()))
                .isInstanceOf(org.doji.contract.wsrf.rw.ResourceUnknownFault.class);
    }

    @Test
    void subscribeRefusesWhatItCannotServeWithTheOasisFaults() {
        String consumer = "http://127.0.0.1:9/consumer";
        assertThatThrownBy(() -> port(null).subscribe(subscribe(consumer, SIMPLE, "dt:Booked", null)))
                .isInstanceOf(TopicNotSupportedFault.class).hasMessageContaining("Booked");
        assertThatThrownBy(() -> port(null).subscribe(subscribe(consumer, "urn:example:xpath", "dt:Reserved", null)))
                .isInstanceOf(TopicExpressionDialectUnknownFault.class);
        assertThatThrownBy(() -> port(null).subscribe(subscribe(consumer, null, null, "2001-01-01T00:00:00Z")))
                .isInstanceOf(UnacceptableInitialTerminationTimeFault.class);
        assertThatThrownBy(() -> port("co-doesnotexist").subscribe(subscribe(consumer, null, null, null)))
                .isInstanceOf(ResourceUnknownFault.class);
        Subscribe content = subscribe(consumer, null, null, null);
        FilterType filter = new FilterType();
        var query = new org.doji.contract.wsn.QueryExpressionType();
        query.setDialect("http://www.w3.org/TR/1999/REC-xpath-19991116");
        query.getContent().add("boolean(//*)");
        filter.getAny().add(new JAXBElement<>(new QName(RecordingConsumer.WSNT, "MessageContent"),
                org.doji.contract.wsn.QueryExpressionType.class, query));
        content.setFilter(filter);
        assertThatThrownBy(() -> port(null).subscribe(content)).isInstanceOf(InvalidFilterFault.class)
                .satisfies(e -> assertThat(((InvalidFilterFault) e).getFaultInfo().getUnknownFilter())
                        .containsExactly(new QName(RecordingConsumer.WSNT, "MessageContent")));
        assertThatThrownBy(() -> port(null).subscribe(subscribe("file:///etc/passwd", null, null, null)))
                .isInstanceOf(org.doji.contract.SubscribeCreationFailedFault.class);
        // outside the operator's allow-list: refused at Subscribe, and as createCoAllocation's consumer
        assertThatThrownBy(() -> port(null).subscribe(subscribe("http://169.254.169.254/latest/meta-data", null, null, null)))
                .isInstanceOfSatisfying(org.doji.contract.SubscribeCreationFailedFault.class, f -> assertThat(
                        org.doji.rm.soap.BaseFaults.errorCode(f.getFaultInfo())).isEqualTo("CONSUMER_NOT_ALLOWED"));
        int listed = client.listSize();
        assertThatThrownBy(() -> client.create("c-" + UUID.randomUUID(), request(20), "http://10.1.2.3/notify"))
                .hasMessageContaining("InvalidRequestFault").hasMessageContaining("only to consumers under");
        assertThat(client.listSize()).as("nothing stored").isEqualTo(listed);
    }

    @Test
    void aRefusingConsumerIsRetriedAndWhatWasNotDeliveredSurvivesAKill9OfTheGrc() throws Exception {
        try (RecordingConsumer consumer = new RecordingConsumer()) {
            consumer.answer(503);
            String key = client.create("c-" + UUID.randomUUID(), request(6), consumer.address());
            // the notifications do not hold the co-allocation back: it is reserved while its consumer refuses them
            assertThat(client.awaitOutcome(key, OUTCOME).getState()).isEqualTo(CoAllocationState.RESERVED);
            await().atMost(Duration.ofSeconds(30)).until(() -> consumer.refusedCount() >= 3); // retried
            assertThat(consumer.bodies()).isEmpty();

            int port = java.net.URI.create(grc.url()).getPort();
            grc.kill9();
            consumer.answer(202);
            startGrc(port);
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(consumer.messages())
                    .extracting(RecordingConsumer.Received::state).containsSubsequence("Reserving", "Reserved"));
            List<String> states = consumer.messages().stream().map(RecordingConsumer.Received::state).toList();
            assertThat(states).as("each change once, in order").containsExactly("Reserving", "Committing", "Reserved");
            assertThat(client.document(key).getState()).isEqualTo(CoAllocationState.RESERVED);
        }
    }
}
