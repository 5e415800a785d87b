package org.doji.it.chaos;

import jakarta.xml.ws.WebServiceException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.doji.contract.InternalErrorFault;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.it.faults.GrcClient;

/**
 * Users of the GRC, one thread each, with a seeded random mix of create, modify and cancel on their own
 * co-allocations. A call that gets no answer (the GRC or its proxy dropped it, the GRC was killed) is sent again
 * with the same correlation id until it is answered; every answered call is recorded: what an acknowledgement
 * promised is checked at the end. With several GRC replicas, each user sends its calls (and each resend) to the
 * replicas in turn (round-robin), so one co-allocation is created, changed and read at different replicas.
 */
public final class ChaosWorkload {

    /** An acknowledged call: what the GRC promised. */
    public record Ack(int user, String operation, String key, CoAllocationRequest request, CoAllocationDocument answer) {
    }

    final ConcurrentLinkedQueue<Ack> acks = new ConcurrentLinkedQueue<>();
    final AtomicInteger operations = new AtomicInteger();
    final AtomicInteger refused = new AtomicInteger();
    final AtomicInteger unanswered = new AtomicInteger();
    final AtomicInteger resent = new AtomicInteger();
    /** Why calls were sent again: the first line of the failure, with counts (for the report). */
    final Map<String, AtomicInteger> resendReasons = new java.util.concurrent.ConcurrentHashMap<>();
    private final List<String> grcUrls;
    /** Calls answered by each replica (in the order of {@link #grcUrls}). */
    final java.util.concurrent.atomic.AtomicIntegerArray answeredBy;
    private final long seed;
    private final Instant base = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(20, ChronoUnit.DAYS);
    /** What a create or a modification asks for, drawn with the user's own seeded random. */
    private final java.util.function.Function<Random, CoAllocationRequest> requests;

    ChaosWorkload(String grcUrl, long seed) {
        this(List.of(grcUrl), seed);
    }

    ChaosWorkload(List<String> grcUrls, long seed) {
        this(grcUrls, seed, null);
    }

    /** Users of one GRC whose creates and modifications ask for what {@code requests} draws. */
    public ChaosWorkload(String grcUrl, long seed, java.util.function.Function<Random, CoAllocationRequest> requests) {
        this(List.of(grcUrl), seed, requests);
    }

    private ChaosWorkload(List<String> grcUrls, long seed, java.util.function.Function<Random, CoAllocationRequest> requests) {
        this.grcUrls = List.copyOf(grcUrls);
        this.answeredBy = new java.util.concurrent.atomic.AtomicIntegerArray(grcUrls.size());
        this.seed = seed;
        this.requests = requests != null ? requests : this::request;
    }

    public int operations() {
        return operations.get();
    }

    /** Every acknowledged call so far, in the order they were answered. */
    public List<Ack> acks() {
        return new ArrayList<>(acks);
    }

    /** The report's lines on the calls: how many, their answers, the resends and why. */
    public String summary(Duration loadTime) {
        return String.format("operations %d (acknowledged %d, refused %d, unanswered %d; %d calls resent) in %d s%n",
                operations.get(), acks.size(), refused.get(), unanswered.get(), resent.get(), loadTime.toSeconds())
                + "resent because " + new java.util.TreeMap<>(resendReasons) + "\n";
    }

    /** Runs {@code users} threads until {@code total} operations were made or {@code until}. */
    public void run(int users, int total, Instant until) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int u = 0; u < users; u++) {
            int user = u;
            Thread t = new Thread(() -> user(user, total, until), "chaos-user-" + u);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    /**
     * A user's own state, kept from one {@link #run} to the next: its random, its clients (a CXF client takes a while
     * to make), its co-allocations, and its count of calls (a correlation id used again for another call is refused).
     */
    private static final class User {
        final Random random;
        final List<GrcClient> clients;
        final List<String> mine = new ArrayList<>();
        int calls;

        User(Random random, List<GrcClient> clients) {
            this.random = random;
            this.clients = clients;
        }
    }

    private final Map<Integer, User> users = new java.util.concurrent.ConcurrentHashMap<>();

    private void user(int user, int total, Instant until) {
        User me = users.computeIfAbsent(user, u -> new User(new Random(seed * 1_000_003 + u),
                grcUrls.stream().map(GrcClient::new).toList()));
        Random random = me.random;
        List<GrcClient> clients = me.clients;
        int[] turn = {user};
        // the next replica in turn: each call and each resend goes to the next one
        java.util.function.Supplier<Integer> next = () -> turn[0]++ % clients.size();
        List<String> mine = me.mine;
        while (operations.get() < total && Instant.now().isBefore(until)) {
            operations.incrementAndGet();
            String correlation = "u" + user + "-" + (me.calls++) + "-" + seed;
            double dice = random.nextDouble();
            if (mine.isEmpty() || dice < 0.55) {
                CoAllocationRequest r = requests.apply(random);
                String key = call(next, i -> clients.get(i).create(correlation, r));
                if (key != null) {
                    mine.add(key);
                    acks.add(new Ack(user, "create", key, r, null));
                }
            } else if (dice < 0.8) {
                String key = mine.get(random.nextInt(mine.size()));
                CoAllocationRequest r = requests.apply(random);
                CoAllocationDocument doc = call(next, i -> clients.get(i).modify(key, correlation, r));
                if (doc != null) {
                    acks.add(new Ack(user, "modify", key, r, doc));
                }
            } else {
                String key = mine.remove(random.nextInt(mine.size()));
                CoAllocationDocument doc = call(next, i -> clients.get(i).cancel(key, correlation));
                if (doc != null) {
                    acks.add(new Ack(user, "cancel", key, null, doc));
                }
            }
        }
    }

    /**
     * The answer, or null when the GRC refused (a typed fault: a definite answer, nothing promised) or never
     * answered within a minute and a half of resending.
     */
    /** A call to a replica (its index). */
    private interface ReplicaCall<T> {
        T to(int replica) throws Exception;
    }

    private <T> T call(java.util.function.Supplier<Integer> next, ReplicaCall<T> body) {
        Instant giveUp = Instant.now().plusSeconds(90);
        while (true) {
            int replica = next.get();
            try {
                T answer = body.to(replica);
                answeredBy.incrementAndGet(replica);
                return answer;
            } catch (Exception e) {
                Throwable cause = e instanceof IllegalStateException && e.getCause() != null ? e.getCause() : e;
                boolean noAnswer = cause instanceof WebServiceException || cause instanceof InternalErrorFault;
                if (!noAnswer) {
                    refused.incrementAndGet();
                    return null;
                }
                if (Instant.now().isAfter(giveUp)) {
                    unanswered.incrementAndGet();
                    return null;
                }
                resent.incrementAndGet();
                resendReasons.computeIfAbsent(reason(cause), k -> new AtomicInteger()).incrementAndGet();
                try {
                    Thread.sleep(200);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return null;
                }
            }
        }
    }

    private static String reason(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String m = String.valueOf(root.getMessage());
        return root.getClass().getSimpleName() + ": " + (m.length() > 60 ? m.substring(0, 60) : m).replaceAll("[0-9]{4,}", "N");
    }

    /** 1–3 sites of 2–8 cores, links of 0/200/500 Mbps between them, a fixed or flexible window over 8 days. */
    private CoAllocationRequest request(Random random) {
        int sites = 1 + random.nextInt(3);
        Map<String, Integer> cores = new LinkedHashMap<>();
        for (int i = 0; i < sites; i++) {
            cores.put("s" + i, 2 + 2 * random.nextInt(4));
        }
        int mbps = new int[] {0, 200, 500}[random.nextInt(3)];
        Instant start = base.plus(random.nextInt(8), ChronoUnit.DAYS).plus(3L * random.nextInt(8), ChronoUnit.HOURS);
        Duration length = Duration.ofHours(1 + random.nextInt(2));
        return GrcClient.request(cores, Map.of(), mbps, random.nextBoolean() ? GrcClient.fixed(start, length)
                : GrcClient.flexible(start, start.plus(2, ChronoUnit.HOURS), length));
    }
}
