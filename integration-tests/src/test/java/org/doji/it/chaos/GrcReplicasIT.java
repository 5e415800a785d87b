package org.doji.it.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.it.faults.GrcClient;
import org.doji.it.faults.GrcProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Three GRC replicas, each in a JVM of its own, active-active on one PostgreSQL database, and the 7 RMs of the chaos
 * grid (in the test's JVM: only the replicas are killed here, and seven more JVMs would double the run time). Users send their calls to the replicas in turn (round-robin, resends too), so a
 * co-allocation is created, changed and read at different replicas. Under that load one replica is killed with
 * SIGKILL; the others take over its unfinished work once its lease ran out (its claims are removed: measured); it is
 * started again later. When everything settled, {@link ChaosChecker} counts the violations of the chaos invariants
 * (nothing partial, no orphan hold, no oversubscription, nothing acknowledged lost), and every replica must answer
 * every co-allocation the same.
 *
 * <p>PostgreSQL only (profile {@code postgresql}: replicas need a database server). CI: 150 operations; longer:
 * {@code -Dreplicas.operations=N} (and {@code replicas.seed}, {@code replicas.users}, {@code replicas.fault-rate}).
 */
@EnabledIf(value = "org.doji.rm.testing.TestDatabase#postgres", disabledReason = "GRC replicas share a PostgreSQL database")
class GrcReplicasIT {

    private static final Logger log = LoggerFactory.getLogger(GrcReplicasIT.class);

    private static final long SEED = Long.getLong("replicas.seed", 20261126L);
    private static final int OPERATIONS = Integer.getInteger("replicas.operations", 150);
    private static final int USERS = Integer.getInteger("replicas.users", 6);
    private static final double FAULT_RATE = Double.parseDouble(System.getProperty("replicas.fault-rate", "0"));
    private static final Duration LEASE = Duration.ofSeconds(4);
    private static final String VICTIM = "grc-r1";

    @Test
    void threeReplicasOnOneDatabaseOneKilledUnderLoadKeepEveryCoAllocationAllOrNothing() throws Exception {
        Path dir = GrcProcess.itDirectory("GrcReplicasIT");
        Instant began = Instant.now();
        try (ChaosGrid grid = ChaosGrid.start(dir, ChaosIT.topology(), SEED, FAULT_RATE, 3,
                List.of("--doji.grc.replica.lease=" + LEASE), true)) {
            Duration startup = Duration.between(began, Instant.now());
            log.info("replicas: grid up in {} s", startup.toSeconds());
            ChaosWorkload load = new ChaosWorkload(grid.grcUrls(), SEED);
            Instant loadStart = Instant.now();
            Instant until = loadStart.plus(Duration.ofSeconds(Math.max(120, OPERATIONS)));
            Thread users = new Thread(() -> {
                try {
                    load.run(USERS, OPERATIONS, until);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "replica-users");
            users.start();

            await("a third of the load").atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(100))
                    .until(() -> load.operations.get() >= OPERATIONS / 3);
            int claimsAtKill = claimsOf(grid, VICTIM);
            grid.killGrc(VICTIM);
            Instant killed = Instant.now();
            log.info("replicas: kill -9 {} after {} operations ({} claims of it in the database)", VICTIM,
                    load.operations.get(), claimsAtKill);
            await(VICTIM + "'s claims taken over").atMost(LEASE.multipliedBy(6)).pollInterval(Duration.ofMillis(200))
                    .until(() -> claimsOf(grid, VICTIM) == 0);
            Duration takeover = Duration.between(killed, Instant.now());
            await("two thirds of the load").atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(100))
                    .until(() -> load.operations.get() >= 2 * OPERATIONS / 3 || !users.isAlive());
            grid.restartGrc(VICTIM);
            log.info("replicas: {} started again after {} operations", VICTIM, load.operations.get());
            users.join();
            Duration loadTime = Duration.between(loadStart, Instant.now());

            List<GrcClient> clients = grid.grcUrls().stream().map(GrcClient::new).toList();
            Instant settleStart = Instant.now();
            try {
                await("every co-allocation settled").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500))
                        .ignoreExceptions().until(() -> clients.get(0).listAll().values().stream().allMatch(GrcClient::isFinal));
            } catch (org.awaitility.core.ConditionTimeoutException e) {
                log.warn("replicas: not every co-allocation settled; the unsettled ones are reported as violations");
            }
            Duration settle = Duration.between(settleStart, Instant.now());
            await("the hold timeout passed").pollDelay(ChaosGrid.HOLD.plusSeconds(2)).atMost(ChaosGrid.HOLD.plusSeconds(3))
                    .until(() -> true);
            Map<String, CoAllocationDocument> docs = new TreeMap<>();
            List<String> disagreements = new ArrayList<>();
            readAtEveryReplica(clients, docs, disagreements, Duration.ofMinutes(1));
            Map<String, ChaosGrid.RmState> rms = grid.readRmDatabases();
            Map<String, List<String>> violations = new ChaosChecker().check(docs, rms, new ArrayList<>(load.acks));
            violations.put("replicas disagree", disagreements);

            Map<String, Long> states = new TreeMap<>();
            docs.values().forEach(d -> states.merge(d.getState().value(), 1L, Long::sum));
            Map<String, Integer> answered = new TreeMap<>();
            List<String> names = grid.grcNames();
            for (int i = 0; i < names.size(); i++) {
                answered.put(names.get(i), load.answeredBy.get(i));
            }
            int total = ChaosChecker.count(violations);
            StringBuilder report = new StringBuilder("\n=== GRC replicas report (seed ").append(SEED).append(") ===\n")
                    .append(String.format("replicas 3 on PostgreSQL, RMs %d, users %d, lease %s; grid up in %d s%n",
                            grid.rmIds().size(), USERS, LEASE, startup.toSeconds()))
                    .append(String.format("operations %d (acknowledged %d, refused %d, unanswered %d; %d calls resent) in %d s%n",
                            load.operations.get(), load.acks.size(), load.refused.get(), load.unanswered.get(),
                            load.resent.get(), loadTime.toSeconds()))
                    .append("answered by ").append(answered).append('\n')
                    .append(String.format("kill -9 %s (%d claims held); its claims taken over after %.1f s; restarted%n",
                            VICTIM, claimsAtKill, takeover.toMillis() / 1000.0))
                    .append("faults injected ").append(grid.faultsInjected()).append('\n')
                    .append("co-allocations ").append(docs.size()).append(": ").append(states)
                    .append(String.format("; settled %.1f s after the load%n", settle.toMillis() / 1000.0))
                    .append("violations ").append(total).append('\n');
            ChaosChecker.appendTo(report, violations);
            report.append("total ").append(Duration.between(began, Instant.now()).toSeconds()).append(" s\n");
            System.out.println(report);

            assertThat(total).as("violations").isZero();
            assertThat(load.operations.get()).isGreaterThanOrEqualTo(OPERATIONS);
            assertThat(answered.values()).as("every replica answered calls").allMatch(n -> n > 0);
            assertThat(ChaosChecker.reserved(docs)).as("some co-allocations got through").isPositive();
        }
    }

    /**
     * Reads every co-allocation at the first replica into {@code docs}, and at every other one: each that answers
     * another state or request is a disagreement.
     */
    static void readAtEveryReplica(List<GrcClient> clients, Map<String, CoAllocationDocument> docs,
                                   List<String> disagreements, Duration atMost) {
        await("every co-allocation read at every replica").atMost(atMost).ignoreExceptions().until(() -> {
            for (String k : clients.get(0).listAll().keySet()) {
                if (docs.containsKey(k)) {
                    continue;
                }
                CoAllocationDocument d = clients.get(0).document(k);
                for (GrcClient other : clients.subList(1, clients.size())) {
                    CoAllocationDocument o = other.document(k);
                    if (o.getState() != d.getState() || !ChaosChecker.signature(o.getRequest()).equals(ChaosChecker.signature(d.getRequest()))) {
                        disagreements.add(k + ": " + d.getState() + " at " + clients.get(0).url() + ", " + o.getState() + " at " + other.url());
                    }
                }
                docs.put(k, d);
            }
            return true;
        });
    }

    /** The claims the replica holds in the shared database now. */
    static int claimsOf(ChaosGrid grid, String replica) throws Exception {
        return claimsOf(grid, replica, "%");
    }

    /** The replica's claims whose key is like {@code keyLike} (an SQL pattern). */
    static int claimsOf(ChaosGrid grid, String replica, String keyLike) throws Exception {
        try (Connection c = DriverManager.getConnection(grid.grcDatabase()); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("select count(*) from grc_claim where replica_id = '" + replica
                     + "' and claim_key like '" + keyLike + "'")) {
            r.next();
            return r.getInt(1);
        }
    }
}
