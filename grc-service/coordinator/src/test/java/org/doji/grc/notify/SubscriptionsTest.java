package org.doji.grc.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.persistence.CallRecordRepository;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.grc.persistence.GrcPersistenceOnly;
import org.doji.grc.persistence.NotificationRecord;
import org.doji.grc.persistence.NotificationRepository;
import org.doji.grc.persistence.SubscriptionRepository;
import org.doji.grc.store.CoAllocationStore;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.testing.TestDatabase;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Subscriptions on the GRC's real database: each user sees only their own (another's co-allocation or subscription
 * is unknown, as a missing one), termination times are bounded by the longest lifetime, a user's number of
 * subscriptions is capped, and Unsubscribe drops what was still to be delivered.
 */
class SubscriptionsTest {

    private static final Instant T0 = Instant.parse("2030-06-01T00:00:00Z");
    private static final NotificationSettings SETTINGS = new NotificationSettings(Duration.ofDays(1), 3,
            Duration.ofSeconds(1), Duration.ofSeconds(8), Duration.ofHours(1), Duration.ofMinutes(1), 100,
            PublicNames.OPEN);
    private static final Caller ALICE = Caller.user("alice");
    private static final Caller BOB = Caller.user("bob");
    private static final ConsumerEndpoint CONSUMER = ConsumerEndpoint.of("http://consumer.example/notify");

    @TempDir
    static Path dir;
    private static ConfigurableApplicationContext context;
    private static final SettableClock clock = new SettableClock(T0);
    private static Subscriptions subscriptions;
    private static CoAllocationStore store;
    private static NotificationRepository notifications;

    @BeforeAll
    static void start() {
        context = new SpringApplicationBuilder(GrcPersistenceOnly.class).web(WebApplicationType.NONE)
                .run("--spring.jmx.enabled=false", "--spring.datasource.url=" + TestDatabase.url(dir.resolve("grc")));
        TransactionTemplate tx = context.getBean(TransactionTemplate.class);
        notifications = context.getBean(NotificationRepository.class);
        store = new CoAllocationStore(context.getBean(CoAllocationRepository.class),
                context.getBean(CallRecordRepository.class), tx, clock);
        subscriptions = new Subscriptions(context.getBean(SubscriptionRepository.class), notifications, store, tx, clock,
                SETTINGS);
    }

    @AfterAll
    static void stop() {
        if (context != null) {
            context.close();
        }
    }

    private static String coAllocationOf(Caller owner) {
        String key = "co-" + UUID.randomUUID().toString().substring(0, 8);
        Instant start = T0.plus(Duration.ofDays(1));
        store.create(key, owner.name(), null, new CoRequest(List.of(new CoRequest.Site("a", 1, Set.of(), List.of())),
                List.of(), List.of(), new CoRequest.Time(start, start, Duration.ofHours(1), true), Policy.CHEAPEST,
                List.of(), null, null), owner.name() + ":" + key, "hash");
        return key;
    }

    private static FaultKind kindOf(Runnable call) {
        try {
            call.run();
        } catch (DojiException e) {
            return e.kind();
        }
        throw new AssertionError("no fault");
    }

    @Test
    void anotherUsersCoAllocationOrSubscriptionIsUnknownToYou() {
        String alices = coAllocationOf(ALICE);
        assertThat(kindOf(() -> subscriptions.subscribe(BOB, alices, CONSUMER, Set.of(), null)))
                .isEqualTo(FaultKind.UNKNOWN_RESOURCE);
        assertThat(kindOf(() -> subscriptions.subscribe(BOB, "co-missing", CONSUMER, Set.of(), null)))
                .isEqualTo(FaultKind.UNKNOWN_RESOURCE);
        Subscription s = subscriptions.subscribe(ALICE, alices, CONSUMER, Set.of(CoAllocationState.Reserved), null);
        assertThat(s.terminationTime()).as("one co-allocation's: as long as it is kept").isNull();
        assertThat(kindOf(() -> subscriptions.renew(BOB, s.id(), T0.plusSeconds(60)))).isEqualTo(FaultKind.UNKNOWN_RESOURCE);
        assertThat(kindOf(() -> subscriptions.unsubscribe(BOB, s.id()))).isEqualTo(FaultKind.UNKNOWN_RESOURCE);
        assertThat(subscriptions.get(ALICE, s.id()).topics()).containsExactly(CoAllocationState.Reserved);
        subscriptions.unsubscribe(ALICE, s.id());
    }

    @Test
    void terminationTimesAreInTheFutureAndAtMostTheLongestLifetime() {
        Subscription all = subscriptions.subscribe(ALICE, null, CONSUMER, Set.of(), null);
        assertThat(all.terminationTime()).as("all of a user's, none asked: the longest lifetime")
                .isEqualTo(T0.plus(SETTINGS.maxLifetime()));
        assertThatThrownBy(() -> subscriptions.subscribe(ALICE, null, CONSUMER, Set.of(), T0))
                .isInstanceOf(DojiException.class).hasMessageContaining("not after the current time");
        assertThat(subscriptions.renew(ALICE, all.id(), Instant.MAX)).isEqualTo(T0.plus(SETTINGS.maxLifetime()));
        assertThat(subscriptions.renew(ALICE, all.id(), T0.plusSeconds(10))).isEqualTo(T0.plusSeconds(10));
        clock.advance(Duration.ofSeconds(10));
        assertThat(kindOf(() -> subscriptions.renew(ALICE, all.id(), T0.plusSeconds(100))))
                .as("an ended subscription is gone").isEqualTo(FaultKind.UNKNOWN_RESOURCE);
    }

    @Test
    void aUserHoldsAtMostTheConfiguredNumberOfSubscriptions() {
        Caller carol = Caller.user("carol");
        for (int i = 0; i < SETTINGS.maxPerOwner(); i++) {
            subscriptions.subscribe(carol, null, CONSUMER, Set.of(), null);
        }
        assertThatThrownBy(() -> subscriptions.subscribe(carol, null, CONSUMER, Set.of(), null))
                .isInstanceOf(DojiException.class).extracting(e -> ((DojiException) e).errorCode())
                .isEqualTo("TOO_MANY_SUBSCRIPTIONS");
        assertThat(subscriptions.subscribe(Caller.user("dave"), null, CONSUMER, Set.of(), null)).isNotNull();
    }

    @Test
    void unsubscribeDropsWhatWasStillToBeDelivered() {
        Subscription s = subscriptions.subscribe(ALICE, null, CONSUMER, Set.of(), null);
        notifications.save(new NotificationRecord(s.id(), "co-x", CoAllocationState.Reserved, null, clock.instant()));
        subscriptions.unsubscribe(ALICE, s.id());
        assertThat(notifications.findAll()).noneMatch(n -> n.getSubscriptionId().equals(s.id()));
    }

    @Test
    void anAllowListOfConsumersRefusesEveryOtherAddress() {
        NotificationSettings allowList = new NotificationSettings(Duration.ofDays(1), 3, Duration.ofSeconds(1),
                Duration.ofSeconds(8), Duration.ofHours(1), Duration.ofMinutes(1), 100,
                List.of("https://portal.example.org/"));
        allowList.checkConsumer("https://portal.example.org/notify/alice");
        for (String other : List.of("http://169.254.169.254/latest", "https://portal.example.org.evil.example/",
                "http://portal.example.org/notify")) {
            assertThatThrownBy(() -> allowList.checkConsumer(other)).as(other).isInstanceOfSatisfying(DojiException.class,
                    e -> assertThat(e.errorCode()).isEqualTo("CONSUMER_NOT_ALLOWED"));
        }
        SETTINGS.checkConsumer("http://consumer.example/n"); // no allow-list, security off: anything outside
        assertThatThrownBy(() -> SETTINGS.checkConsumer("http://127.0.0.1:9/n")).as("but not inside the operator's network")
                .isInstanceOf(DojiException.class);
        assertThatThrownBy(() -> new NotificationSettings(Duration.ofDays(1), 3, Duration.ofSeconds(1),
                Duration.ofSeconds(8), Duration.ofHours(1), Duration.ofMinutes(1), 100, List.of("portal.example.org")))
                .as("an allowed consumer is an absolute URL").isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aConsumerMustBeAnAbsoluteHttpUrl() {
        for (String bad : List.of("file:///etc/passwd", "relative/path", "http:///nohost", "gopher://x/")) {
            assertThatThrownBy(() -> ConsumerEndpoint.of(bad)).as(bad).isInstanceOf(DojiException.class);
        }
        assertThat(ConsumerEndpoint.of("https://consumer.example:8443/n").address()).isEqualTo("https://consumer.example:8443/n");
    }
}
