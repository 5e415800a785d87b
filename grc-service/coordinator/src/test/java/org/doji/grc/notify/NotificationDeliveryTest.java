package org.doji.grc.notify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.persistence.GrcPersistenceOnly;
import org.doji.grc.persistence.NotificationRecord;
import org.doji.grc.persistence.NotificationRepository;
import org.doji.grc.persistence.SubscriptionRecord;
import org.doji.grc.persistence.SubscriptionRepository;
import org.doji.rm.testing.TestDatabase;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The outbox's delivery on the GRC's real database (H2 or PostgreSQL, as the test run says), in virtual time, with
 * a recording channel in place of the network: order per subscription, doubling backoff that holds back only the
 * refused subscription, exclusive claims between two deliveries (two replicas, or a round and a nudge), what a
 * restarted GRC finds, giving up after the configured age, and forgetting ended subscriptions.
 */
class NotificationDeliveryTest {

    private static final Instant T0 = Instant.parse("2030-05-01T00:00:00Z");
    private static final NotificationSettings SETTINGS = new NotificationSettings(Duration.ofDays(7), 10,
            Duration.ofSeconds(1), Duration.ofSeconds(8), Duration.ofHours(1), Duration.ofMinutes(1), 100,
            PublicNames.OPEN);

    @TempDir
    static Path dir;
    private static ConfigurableApplicationContext context;
    private static NotificationRepository notifications;
    private static SubscriptionRepository subscriptions;
    private static TransactionTemplate tx;

    private final SettableClock clock = new SettableClock(T0);
    /** What the channel delivered: "subscription state" per notification, in order. */
    private final List<String> sent = new CopyOnWriteArrayList<>();
    /** Consumers that refuse (their address): the channel throws for them. */
    private final Set<String> down = java.util.concurrent.ConcurrentHashMap.newKeySet();

    @BeforeAll
    static void start() {
        context = new SpringApplicationBuilder(GrcPersistenceOnly.class).web(WebApplicationType.NONE)
                .run("--spring.jmx.enabled=false", "--spring.datasource.url=" + TestDatabase.url(dir.resolve("grc")));
        notifications = context.getBean(NotificationRepository.class);
        subscriptions = context.getBean(SubscriptionRepository.class);
        tx = context.getBean(TransactionTemplate.class);
    }

    @AfterAll
    static void stop() {
        if (context != null) {
            context.close();
        }
    }

    @BeforeEach
    void empty() {
        notifications.deleteAll();
        subscriptions.deleteAll();
    }

    /** The process ends where it stands (nothing after it runs). */
    private static final class Killed extends Error {
    }

    private NotificationDelivery delivery(NotificationChannel channel) {
        return new NotificationDelivery(notifications, subscriptions, tx, clock, SETTINGS, channel);
    }

    private NotificationDelivery delivery() {
        return delivery(n -> {
            if (down.contains(n.consumer().address())) {
                throw new IOException("Connection refused");
            }
            sent.add(n.subscriptionId() + " " + n.state());
        });
    }

    private String subscription(String consumer, Instant termination, String coAllocation) {
        String id = "sub-" + UUID.randomUUID();
        subscriptions.save(new SubscriptionRecord(id, "alice", coAllocation, consumer, null, null, clock.instant(),
                termination));
        return id;
    }

    private void queue(String subscription, CoAllocationState... states) {
        for (CoAllocationState s : states) {
            notifications.save(new NotificationRecord(subscription, "co-1", s, "test", clock.instant()));
        }
    }

    @Test
    void deliversEachInOrderAndForgetsWhatWasTaken() {
        String a = subscription("http://a/", null, null);
        queue(a, CoAllocationState.Reserving, CoAllocationState.Committing, CoAllocationState.Reserved);
        assertThat(delivery().deliverDue()).isEqualTo(3);
        assertThat(sent).containsExactly(a + " Reserving", a + " Committing", a + " Reserved");
        assertThat(notifications.count()).isZero();
    }

    @Test
    void aRefusingConsumerIsRetriedWithDoublingBackoffAndHoldsBackOnlyItsOwnSubscription() {
        String a = subscription("http://a/", null, null);
        String b = subscription("http://b/", null, null);
        queue(a, CoAllocationState.Reserving, CoAllocationState.Reserved);
        queue(b, CoAllocationState.Reserving);
        down.add("http://a/");
        NotificationDelivery delivery = delivery();

        assertThat(delivery.deliverDue()).isEqualTo(1);
        assertThat(sent).containsExactly(b + " Reserving");
        List<Instant> retries = new ArrayList<>();
        for (int attempt = 1; attempt <= 5; attempt++) {
            NotificationRecord first = notifications.findAll().stream().filter(n -> n.getState() == CoAllocationState.Reserving)
                    .findFirst().orElseThrow();
            assertThat(first.getAttempts()).isEqualTo(attempt);
            assertThat(first.getLastError()).isEqualTo("Connection refused");
            retries.add(first.getNextAttempt());
            clock.advance(Duration.between(clock.instant(), first.getNextAttempt()).minusMillis(1));
            assertThat(delivery.deliverDue()).as("not before its backoff").isZero();
            clock.advance(Duration.ofMillis(1));
            delivery.deliverDue();
        }
        List<Duration> waits = new ArrayList<>();
        for (int i = 1; i < retries.size(); i++) {
            waits.add(Duration.between(retries.get(i - 1), retries.get(i)));
        }
        assertThat(waits).as("doubling, capped at retry-max").containsExactly(Duration.ofSeconds(2),
                Duration.ofSeconds(4), Duration.ofSeconds(8), Duration.ofSeconds(8));
        NotificationRecord later = notifications.findAll().stream().filter(n -> n.getState() == CoAllocationState.Reserved)
                .findFirst().orElseThrow();
        assertThat(later.getAttempts()).as("the later one of the refused subscription is not even tried").isZero();

        down.clear(); // the consumer is back before the earlier one's retry is due
        assertThat(delivery.deliverDue()).as("the later one still waits for the earlier one").isZero();
        clock.advance(Duration.ofSeconds(8));
        assertThat(delivery.deliverDue()).isEqualTo(2);
        assertThat(sent).containsExactly(b + " Reserving", a + " Reserving", a + " Reserved");
    }

    @Test
    void aNotificationOneDeliveryHasClaimedIsNotSentByAnother() {
        String a = subscription("http://a/", null, null);
        queue(a, CoAllocationState.Reserved);
        NotificationDelivery other = delivery();
        int[] sentByOtherMeanwhile = {-1};
        NotificationDelivery first = delivery(n -> {
            sentByOtherMeanwhile[0] = other.deliverDue(); // another replica's round while this one sends
            sent.add(n.subscriptionId() + " " + n.state());
        });
        assertThat(first.deliverDue()).isEqualTo(1);
        assertThat(sentByOtherMeanwhile[0]).isZero();
        assertThat(sent).containsExactly(a + " Reserved");
    }

    /** A delivery of a GRC whose database no other process reaches (claims in this JVM only). */
    private NotificationDelivery alone(NotificationChannel channel) {
        return new NotificationDelivery(notifications, subscriptions, tx, clock, SETTINGS, channel, false);
    }

    @Test
    void aGrcAloneOnItsDatabaseSendsWithoutWritingAClaimAndStillForgetsOnlyWhatWasTaken() {
        String a = subscription("http://a/", null, null);
        String b = subscription("http://b/", null, null);
        queue(a, CoAllocationState.Reserving, CoAllocationState.Reserved);
        queue(b, CoAllocationState.Reserving);
        down.add("http://b/");
        List<String> storedWhileSending = new ArrayList<>();
        NotificationDelivery alone = alone(n -> {
            NotificationRecord stored = notifications.findById(n.id()).orElseThrow();
            storedWhileSending.add(stored.getAttempts() + " " + stored.getNextAttempt());
            if (down.contains(n.consumer().address())) {
                throw new IOException("Connection refused");
            }
            sent.add(n.subscriptionId() + " " + n.state());
        });
        assertThat(alone.deliverDue()).isEqualTo(2);
        assertThat(sent).containsExactly(a + " Reserving", a + " Reserved");
        assertThat(storedWhileSending).as("no claim written before a send: each row as queued")
                .containsOnly("0 " + clock.instant());
        NotificationRecord refused = notifications.findAll().stream().findFirst().orElseThrow();
        assertThat(notifications.count()).as("only the refused one is left").isEqualTo(1);
        assertThat(refused.getAttempts()).isEqualTo(1);
        assertThat(alone.deliverDue()).as("not before its backoff").isZero();
        down.clear();
        clock.advance(Duration.ofSeconds(1));
        assertThat(alone.deliverDue()).isEqualTo(1);
        assertThat(notifications.count()).isZero();
    }

    @Test
    void aGrcAloneThatDiedMidwaySendsAgainAtOnceAfterItsRestart() {
        String a = subscription("http://a/", null, null);
        queue(a, CoAllocationState.Reserved);
        try {
            alone(n -> {
                throw new Killed();
            }).deliverDue();
        } catch (Killed expected) {
            // as a kill -9 would leave it: sent perhaps, not deleted
        }
        assertThat(alone(n -> sent.add(n.subscriptionId() + " " + n.state())).deliverDue())
                .as("no claim of the dead process holds it back").isEqualTo(1);
        assertThat(sent).containsExactly(a + " Reserved");
    }

    @Test
    void whatOneGrcCouldNotDeliverTheNextOneDeliversAfterARestart() {
        String a = subscription("http://a/", null, null);
        queue(a, CoAllocationState.Reserving, CoAllocationState.Reserved);
        down.add("http://a/");
        delivery().deliverDue();
        // the GRC stops; a new one starts on the same database, its consumer is back
        down.clear();
        NotificationDelivery restarted = delivery();
        assertThat(restarted.deliverDue()).as("the refused one's backoff still holds").isZero();
        clock.advance(Duration.ofSeconds(1));
        assertThat(restarted.deliverDue()).isEqualTo(2);
        assertThat(sent).containsExactly(a + " Reserving", a + " Reserved");
    }

    @Test
    void aDeliveryCutOffMidwayIsSentAgainOnceItsClaimLapses() {
        String a = subscription("http://a/", null, null);
        queue(a, CoAllocationState.Reserved);
        NotificationDelivery dies = delivery(n -> {
            throw new Killed(); // the GRC dies between claiming and answering
        });
        try {
            dies.deliverDue();
        } catch (Killed expected) {
            // as a kill -9 would leave it: claimed, not deleted
        }
        NotificationDelivery next = delivery();
        assertThat(next.deliverDue()).as("claimed by the dead one").isZero();
        clock.advance(SETTINGS.claim());
        assertThat(next.deliverDue()).isEqualTo(1);
        assertThat(sent).containsExactly(a + " Reserved");
    }

    @Test
    void anUndeliverableNotificationIsGivenUpAfterItsAgeAndEndedSubscriptionsAreForgotten() {
        String gone = subscription("http://gone/", null, null);
        String ended = subscription("http://a/", T0.plus(Duration.ofMinutes(30)), null);
        String ofForgottenCoAllocation = subscription("http://a/", null, "co-forgotten");
        String live = subscription("http://a/", null, null);
        queue(gone, CoAllocationState.Reserved);
        down.add("http://gone/");
        NotificationDelivery delivery = delivery();
        delivery.deliverDue();
        clock.advance(SETTINGS.giveUpAfter().plusSeconds(61));
        delivery.deliverDue();
        assertThat(notifications.count()).as("given up").isZero();
        assertThat(subscriptions.findAll()).extracting(SubscriptionRecord::getId)
                .as("ended, or its co-allocation forgotten: forgotten once nothing is left to send")
                .containsExactlyInAnyOrder(gone, live).doesNotContain(ended, ofForgottenCoAllocation);
    }

    /**
     * The consumer check runs again at every delivery: a name that resolved outside the operator's network at
     * Subscribe and inside it now (DNS rebinding) is not sent to; the notification waits with backoff.
     */
    @Test
    void aConsumerWhoseNameNowResolvesInsideTheNetworkIsNotSentTo() {
        java.util.concurrent.atomic.AtomicReference<String> address = new java.util.concurrent.atomic.AtomicReference<>("93.184.216.34");
        ConsumerPolicy policy = new ConsumerPolicy(List.of(), false,
                host -> new java.net.InetAddress[] {java.net.InetAddress.getByName(address.get())});
        String a = subscription("http://rebind.example/n", null, null);
        queue(a, CoAllocationState.Reserving);
        address.set("169.254.169.254");
        NotificationDelivery delivery = new NotificationDelivery(notifications, subscriptions, tx, clock,
                SETTINGS.withConsumers(policy), n -> sent.add(n.subscriptionId() + " " + n.state()));
        assertThat(delivery.deliverDue()).isZero();
        assertThat(sent).isEmpty();
        assertThat(notifications.findAll()).singleElement().satisfies(n -> assertThat(n.getAttempts()).isEqualTo(1));
        address.set("93.184.216.34");
        clock.advance(Duration.ofSeconds(2));
        assertThat(delivery.deliverDue()).isEqualTo(1);
        assertThat(sent).containsExactly(a + " Reserving");
    }
}
