package org.doji.grc.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationEvent;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoPlan;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.notify.NotificationOutbox;
import org.doji.grc.persistence.CallRecordRepository;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.grc.persistence.GrcPersistenceOnly;
import org.doji.grc.persistence.NotificationRecord;
import org.doji.grc.persistence.NotificationRepository;
import org.doji.grc.persistence.SubscriptionRepository;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.testing.TestDatabase;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The co-allocation store on its real database (H2 or PostgreSQL, as the test run says), without the rest of the
 * GRC: every change of state goes through the state machine's one guard and is refused whole when the guard says
 * no; a guarded transition changes nothing when its guard fails; the notifications a change causes are written in its
 * transaction, so they commit and roll back with it, and only a commit wakes the delivery; and what the store answers always matches the stored columns, however
 * its parse memo was filled.
 */
class CoAllocationStoreTest {

    private static final Instant T0 = Instant.parse("2030-04-01T00:00:00Z");

    @TempDir
    static Path dir;

    private static ConfigurableApplicationContext context;
    private static final SettableClock clock = new SettableClock(T0);
    private static final List<String> heard = new ArrayList<>();
    private static CoAllocationStore store;
    private static NotificationRepository notifications;
    private static final java.util.concurrent.atomic.AtomicInteger nudges = new java.util.concurrent.atomic.AtomicInteger();
    private static TransactionTemplate tx;
    private static JdbcTemplate jdbc;

    @BeforeAll
    static void start() {
        // the GRC's own database defaults (Flyway's grc migrations, ddl-auto=validate) come from DojiDefaults
        context = new SpringApplicationBuilder(GrcPersistenceOnly.class).web(WebApplicationType.NONE)
                .run("--spring.jmx.enabled=false", "--spring.datasource.url=" + TestDatabase.url(dir.resolve("grc")),
                        "--spring.jpa.properties.hibernate.generate_statistics=true");
        tx = context.getBean(TransactionTemplate.class);
        jdbc = context.getBean(JdbcTemplate.class);
        notifications = context.getBean(NotificationRepository.class);
        NotificationOutbox outbox = new NotificationOutbox(context.getBean(SubscriptionRepository.class), notifications,
                clock, nudges::incrementAndGet, org.doji.grc.notify.NotificationSettings.DEFAULTS.withConsumers(
                        new org.doji.grc.notify.ConsumerPolicy(java.util.List.of("http://127.0.0.1:"), false,
                                org.doji.grc.notify.ConsumerPolicy.DNS)));
        store = new CoAllocationStore(context.getBean(CoAllocationRepository.class), context.getBean(CallRecordRepository.class),
                tx, clock, new CoAllocationStore.StateListener() {
                    @Override
                    public void created(String key, String owner, String consumer, java.util.Set<CoAllocationState> notifyOn) {
                        outbox.created(key, owner, consumer, notifyOn);
                    }

                    @Override
                    public void changed(CoAllocation after, CoAllocationState before) {
                        synchronized (heard) {
                            heard.add(after.key() + " " + before + "->" + after.state());
                        }
                        outbox.changed(after, before);
                    }
                });
    }

    @AfterAll
    static void stop() {
        if (context != null) {
            context.close();
        }
    }

    private static CoRequest request(int cores) {
        Instant start = T0.plus(Duration.ofDays(1));
        return new CoRequest(List.of(new CoRequest.Site("a", cores, Set.of(), List.of())), List.of(), List.of(),
                new CoRequest.Time(start, start, Duration.ofHours(1), true), Policy.CHEAPEST, List.of(), null, null);
    }

    private static CoPlan plan(int cores) {
        Instant start = T0.plus(Duration.ofDays(1));
        return new CoPlan(0, new TimeWindow(start, start.plus(Duration.ofHours(1))),
                List.of(new CoPlan.PlacedSite("a", "A1", "crm-a", cores)), List.of(), 4.0, 1.0);
    }

    private static String created() {
        String key = "co-" + UUID.randomUUID().toString().substring(0, 8);
        store.create(key, "alice", null, request(4), "alice:" + key, "hash");
        return key;
    }

    private static List<String> heardOf(String key) {
        synchronized (heard) {
            return heard.stream().filter(h -> h.startsWith(key + " ")).toList();
        }
    }

    @Test
    void aNewCoAllocationAndItsCallAreInsertedWithoutReadingTheirRowsFirst() {
        org.hibernate.stat.Statistics stats = context.getBean(jakarta.persistence.EntityManagerFactory.class)
                .unwrap(org.hibernate.SessionFactory.class).getStatistics();
        long before = stats.getPrepareStatementCount();
        String key = created();
        // the co-allocation's INSERT and the call record's INSERT; a merge of either would read its row first
        assertThat(stats.getPrepareStatementCount() - before).isEqualTo(2);
        assertThat(store.find(key)).isPresent();
    }

    @Test
    void aSecondCreateWithTheSameCallStoresNothingAndNamesTheFirstsKey() {
        String first = "co-" + UUID.randomUUID().toString().substring(0, 8);
        String second = "co-" + UUID.randomUUID().toString().substring(0, 8);
        // the same call twice at once: both passed the ledger's check before either was stored
        assertThat(store.create(first, "alice", null, request(4), "alice:twice-" + first, "hash")).isEqualTo(first);
        assertThat(store.create(second, "alice", null, request(4), "alice:twice-" + first, "hash")).isEqualTo(first);
        assertThat(store.find(second)).as("no second co-allocation for one call").isEmpty();
        assertThat(store.call("alice:twice-" + first).orElseThrow().getCoAllocationKey()).isEqualTo(first);
    }

    @Test
    void aTransitionTheStateMachineRefusesChangesNothing() {
        String key = created();
        clock.advance(Duration.ofSeconds(5));
        assertThatThrownBy(() -> store.transition(key, CoAllocationEvent.COMMITTED, r -> r.setReason("should not stay")))
                .isInstanceOf(DojiException.class);
        CoAllocation c = store.find(key).orElseThrow();
        assertThat(c.state()).isEqualTo(CoAllocationState.Planning);
        assertThat(c.reason()).isNull();
        assertThat(c.updated()).as("not even its timestamp").isEqualTo(c.created());
        assertThat(heardOf(key)).isEmpty();
    }

    @Test
    void aGuardedTransitionMovesOnlyWhenItsGuardHoldsAsStored() {
        String key = created();
        store.transition(key, CoAllocationEvent.PREPARE, r -> r.setAttempt(1));
        assertThat(store.transitionIf(key, r -> r.attempt() == 2, CoAllocationEvent.ABORTED, r -> r.setReason("stale")))
                .as("a later attempt than the one seen: left alone").isFalse();
        assertThat(store.find(key).orElseThrow().state()).isEqualTo(CoAllocationState.Reserving);
        assertThat(store.transitionIf(key, r -> r.attempt() == 1, CoAllocationEvent.ABORTED, r -> r.setReason("again")))
                .isTrue();
        CoAllocation c = store.find(key).orElseThrow();
        assertThat(c.state()).isEqualTo(CoAllocationState.Planning);
        assertThat(c.reason()).isEqualTo("again");
        assertThat(heardOf(key)).containsExactly(key + " Planning->Reserving", key + " Reserving->Planning");
    }

    @Test
    void theNotificationsOfAChangeCommitAndRollBackWithItAndOnlyACommitNudgesTheDelivery() {
        String key = "co-" + UUID.randomUUID().toString().substring(0, 8);
        // a consumer EPR on create is a subscription of this co-allocation, stored with it
        store.create(key, "alice", "http://127.0.0.1:9/consumer", request(4), "alice:" + key, "hash");
        int nudged = nudges.get();
        assertThatThrownBy(() -> tx.executeWithoutResult(s -> {
            store.transition(key, CoAllocationEvent.PREPARE, r -> r.setAttempt(1));
            assertThat(notificationsOf(key)).as("written with the change").hasSize(1);
            throw new IllegalStateException("the transaction record could not be written");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(store.find(key).orElseThrow().state()).as("rolled back").isEqualTo(CoAllocationState.Planning);
        assertThat(notificationsOf(key)).as("a rolled-back change notifies nothing").isEmpty();
        assertThat(nudges.get()).as("nor wakes the delivery").isEqualTo(nudged);

        tx.executeWithoutResult(s -> store.transition(key, CoAllocationEvent.PREPARE, r -> r.setAttempt(1)));
        assertThat(notificationsOf(key)).extracting(n -> n.getState()).containsExactly(CoAllocationState.Reserving);
        assertThat(nudges.get()).isEqualTo(nudged + 1);
        store.update(key, r -> r.setReason("no change of state"));
        assertThat(notificationsOf(key)).as("a change that keeps the state notifies nothing").hasSize(1);
        String unwatched = created();
        store.transition(unwatched, CoAllocationEvent.PREPARE, r -> r.setAttempt(1));
        assertThat(notificationsOf(unwatched)).as("no subscription, no notification").isEmpty();
    }

    @Test
    void aConsumerGivenWithTheStatesToNotifyOfIsNotifiedOfThoseOnly() {
        String key = "co-" + UUID.randomUUID().toString().substring(0, 8);
        store.create(key, "alice", "http://127.0.0.1:9/consumer",
                java.util.EnumSet.of(CoAllocationState.Reserved, CoAllocationState.Failed), request(4), "alice:" + key, "hash");
        store.transition(key, CoAllocationEvent.PREPARE, r -> r.setAttempt(1));
        assertThat(notificationsOf(key)).as("Reserving was not asked for").isEmpty();
        store.transition(key, CoAllocationEvent.FAIL, r -> r.setReason("no plan could be reserved"));
        assertThat(notificationsOf(key)).extracting(n -> n.getState()).containsExactly(CoAllocationState.Failed);
    }

    private static List<NotificationRecord> notificationsOf(String key) {
        return notifications.findAll().stream().filter(n -> n.getCoAllocationKey().equals(key)).toList();
    }

    @Test
    void whatTheStoreAnswersMatchesTheStoredColumnsHoweverItsMemoWasFilled() {
        String key = created();
        store.transition(key, CoAllocationEvent.PREPARE, r -> {
            r.setPlan(plan(4));
            r.setOutcomes(List.of(RmOutcome.intended("crm-a", "http://a")));
        });
        CoAllocation afterOutcomes = store.update(key, r -> r.setOutcomes(
                List.of(RmOutcome.refused("crm-a", "http://a", "FULL", "no cores"))));
        assertThat(afterOutcomes.request()).isEqualTo(request(4));
        assertThat(afterOutcomes.plan()).isEqualTo(plan(4));
        assertThat(afterOutcomes.outcomes()).singleElement().satisfies(o -> assertThat(o.errorCode()).isEqualTo("FULL"));

        // another writer (a second replica, an operator) changes the request and plan under the memo
        jdbc.update("update grc_coallocation set request_json = ?, plan_json = ? where co_key = ?",
                store.write(request(8)), store.write(plan(8)), key);
        CoAllocation read = store.find(key).orElseThrow();
        assertThat(read.request()).isEqualTo(request(8));
        assertThat(read.plan()).isEqualTo(plan(8));
        assertThat(read.outcomes()).isEqualTo(afterOutcomes.outcomes());
    }

    /** The snapshot a change returns takes the values it wrote as they are; they must be what their columns read back. */
    @Test
    void theSnapshotAChangeReturnsIsWhatItsColumnsReadBack() {
        String key = created();
        List<RmOutcome> held = List.of(new RmOutcome("crm-a", "http://a", "r-0001", org.doji.rm.model.ReservationState.ReserveHeld,
                org.doji.rm.model.LifecycleState.Created, new org.doji.rm.model.Allocation(List.of(
                        new org.doji.rm.model.ComputeAllocation("A1", 4, List.of("n1", "n2"), "job-7")), List.of(), List.of(), 4.0),
                null, "held"), RmOutcome.refused("crm-b", "http://b", "FULL", "no cores"));
        CoAllocation changed = store.transition(key, CoAllocationEvent.PREPARE, r -> {
            r.setRequest(request(6));
            r.setPlan(plan(6));
            r.setOutcomes(new ArrayList<>(held));
        });
        CoAllocationStore fresh = new CoAllocationStore(context.getBean(CoAllocationRepository.class),
                context.getBean(CallRecordRepository.class), tx, clock);
        assertThat(changed).isEqualTo(fresh.find(key).orElseThrow());
        assertThat(changed.outcomes()).isEqualTo(held);
        CoAllocation next = store.update(key, r -> r.setReason("only the reason"));
        assertThat(next).isEqualTo(fresh.find(key).orElseThrow());
    }

    /**
     * Two replicas (two stores, each with its own in-JVM locks) update one co-allocation at once: the second waits for
     * the first's row lock and changes what the first wrote, so neither update is lost.
     */
    @Test
    void twoReplicasUpdatingOneCoAllocationAtOnceLoseNeitherUpdate() throws Exception {
        String key = created();
        CoAllocationStore other = new CoAllocationStore(context.getBean(CoAllocationRepository.class),
                context.getBean(CallRecordRepository.class), tx, clock);
        java.util.concurrent.CountDownLatch inside = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch finish = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.ExecutorService two = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            var first = two.submit(() -> store.update(key, r -> {
                inside.countDown();
                try {
                    finish.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                r.setReason(reasonOf(key) + "[first]");
            }));
            inside.await();
            var second = two.submit(() -> other.update(key, r -> r.setReason(reasonOf(key) + "[second]")));
            // the second waits for the row (without the lock it would have read and written already)
            org.awaitility.Awaitility.await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2))
                    .until(() -> !second.isDone());
            finish.countDown();
            first.get();
            assertThat(second.get().reason()).isEqualTo("null[first][second]");
        } finally {
            finish.countDown();
            two.shutdown(); // not interrupted: H2 closes its file when a thread is interrupted in its I/O
            two.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    @Test
    void theKeysInSomeStatesArePagedThroughAfterACursorEachOnce() {
        List<String> mine = new ArrayList<>(List.of(created(), created(), created()));
        store.transition(mine.get(0), CoAllocationEvent.PREPARE, r -> r.setAttempt(1)); // Planning -> Reserving
        List<String> seen = new ArrayList<>();
        String cursor = "";
        for (List<String> page = store.keysInStatesAfter(Set.of(CoAllocationState.Planning), cursor, 2); !page.isEmpty();
             page = store.keysInStatesAfter(Set.of(CoAllocationState.Planning), cursor, 2)) {
            assertThat(page).hasSizeLessThanOrEqualTo(2);
            seen.addAll(page);
            cursor = page.get(page.size() - 1);
        }
        // other tests' co-allocations are in the table too
        assertThat(seen).doesNotHaveDuplicates().contains(mine.get(1), mine.get(2)).doesNotContain(mine.get(0));
        assertThat(store.keysInStatesAfter(Set.of(CoAllocationState.Reserving), "", 10_000)).contains(mine.get(0));
    }

    /**
     * A store whose database no other process writes (an embedded H2 file) reads without the row lock: the JVM's key
     * locks order its updates, and H2 would parse the locking query anew for every update.
     */
    @Test
    void aStoreAloneOnItsDatabaseReadsTheRowWithoutWaitingForALock() throws Exception {
        CoAllocationStore alone = new CoAllocationStore(context.getBean(CoAllocationRepository.class),
                context.getBean(CallRecordRepository.class), tx, clock, CoAllocationStore.StateListener.NONE, false);
        String key = created();
        java.util.concurrent.CountDownLatch read = new java.util.concurrent.CountDownLatch(1);
        try (java.sql.Connection other = lockedBy(key, "held")) {
            java.util.concurrent.CompletableFuture<CoAllocation> update = java.util.concurrent.CompletableFuture.supplyAsync(
                    () -> alone.update(key, c -> {
                        read.countDown();
                        c.setAttempt(8);
                    }));
            // no other process writes this database: the JVM's key locks are the guard, the read takes no row lock
            assertThat(read.await(10, java.util.concurrent.TimeUnit.SECONDS)).as("read without waiting").isTrue();
            other.rollback();
            update.get(30, java.util.concurrent.TimeUnit.SECONDS);
        }
        assertThat(store.find(key).orElseThrow().attempt()).isEqualTo(8);
    }

    /** A connection whose open transaction has changed {@code key}'s reason (so it holds the row's lock). */
    private static java.sql.Connection lockedBy(String key, String reason) throws java.sql.SQLException {
        java.sql.Connection c = context.getBean(javax.sql.DataSource.class).getConnection();
        c.setAutoCommit(false);
        try (java.sql.PreparedStatement s = c.prepareStatement("update grc_coallocation set reason = ? where co_key = ?")) {
            s.setString(1, reason);
            s.setString(2, key);
            assertThat(s.executeUpdate()).isEqualTo(1);
        }
        return c;
    }

    private static String reasonOf(String key) {
        return jdbc.queryForObject("select reason from grc_coallocation where co_key = ?", String.class, key);
    }
}
