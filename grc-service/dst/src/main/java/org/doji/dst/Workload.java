package org.doji.dst;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;

/**
 * The GRC's users: each makes a seeded mix of create, modify, cancel and status reads on their own co-allocations,
 * one call at a time, a random pause after each answer. A call that gets no answer is sent again with the same
 * correlation id (backing off) until it is answered, as a real client's retries are; every answered call is
 * recorded, since what an acknowledgement promised is checked at the end (in the order the user learnt of them).
 */
final class Workload {

    /** An acknowledged call: what the GRC promised. */
    record Ack(String operation, String key, CoRequest request) {
    }

    private final Scheduler scheduler;
    private final Network network;
    private final GrcNode grc;
    private final SplittableRandom random;
    private final int users;
    private final int total;
    private final Duration meanGap;
    private final List<List<String>> keys = new ArrayList<>();
    final List<Ack> acks = new ArrayList<>();
    private int issued;
    private int answered;
    int refused;
    int resent;
    private int serial;

    Workload(Scheduler scheduler, Network network, GrcNode grc, SplittableRandom random, int users, int total,
             Duration meanGap) {
        this.scheduler = scheduler;
        this.network = network;
        this.grc = grc;
        this.random = random;
        this.users = users;
        this.total = total;
        this.meanGap = meanGap;
        for (int u = 0; u < users; u++) {
            keys.add(new ArrayList<>());
        }
    }

    void start() {
        for (int u = 0; u < users; u++) {
            int user = u;
            scheduler.after(gap(), null, "user " + u, () -> next(user));
        }
    }

    /** Every operation issued. */
    boolean allIssued() {
        return issued >= total;
    }

    /** Every operation issued has been answered (acknowledged or refused). */
    boolean allAnswered() {
        return allIssued() && answered == issued;
    }

    int issued() {
        return issued;
    }

    int unanswered() {
        return issued - answered;
    }

    private Duration gap() {
        return Duration.ofMillis(1 + (long) (-Math.log(1 - random.nextDouble()) * meanGap.toMillis()));
    }

    private void next(int user) {
        if (issued >= total) {
            return;
        }
        issued++;
        List<String> mine = keys.get(user);
        int dice = random.nextInt(100);
        Caller caller = Caller.user("u" + user);
        String correlation = "u" + user + "-" + serial++;
        if (mine.isEmpty() || dice < 45) {
            CoRequest request = request(scheduler.now());
            send(user, "create " + correlation, () -> grc.service().create(caller, correlation, request, null), key -> {
                mine.add(key);
                acks.add(new Ack("create", key, request));
            });
        } else {
            String key = mine.get(random.nextInt(mine.size()));
            if (dice < 65) {
                CoRequest request = request(scheduler.now());
                send(user, "modify " + key + " " + correlation, () -> grc.service().modify(caller, key, correlation, request),
                        c -> acks.add(new Ack("modify", key, request)));
            } else if (dice < 85) {
                send(user, "cancel " + key + " " + correlation, () -> grc.service().cancel(caller, key, correlation), c -> {
                    mine.remove(key);
                    acks.add(new Ack("cancel", key, null));
                });
            } else {
                send(user, "get " + key, () -> grc.service().get(caller, key), c -> { });
            }
        }
    }

    /** Sends a call (again until answered); once answered, the user's next call follows after a pause. */
    private <T> void send(int user, String what, Supplier<T> call, java.util.function.Consumer<T> onAnswer) {
        attempt(what, call, answer -> {
            onAnswer.accept(answer);
            scheduler.after(gap(), null, "user " + user, () -> next(user));
        }, () -> scheduler.after(gap(), null, "user " + user, () -> next(user)), Duration.ofSeconds(1));
    }

    private <T> void attempt(String what, Supplier<T> call, java.util.function.Consumer<T> onAnswer, Runnable onRefusal,
                             Duration backoff) {
        T answer;
        try {
            answer = network.call(null, grc, what, call);
        } catch (Network.Unanswered e) {
            resent++;
            Duration next = backoff.multipliedBy(2).compareTo(Duration.ofSeconds(30)) > 0 ? Duration.ofSeconds(30)
                    : backoff.multipliedBy(2);
            scheduler.after(backoff, null, "resend " + what, () -> attempt(what, call, onAnswer, onRefusal, next));
            return;
        } catch (DojiException e) {
            answered++;
            refused++;
            scheduler.trace().note("refused " + what + " " + e.errorCode());
            onRefusal.run();
            return;
        }
        answered++;
        scheduler.trace().note("acknowledged " + what + (answer instanceof String key ? " " + key : ""));
        onAnswer.accept(answer);
    }

    /** A request of 1 to 3 sites of 1 to 4 cores, some linked, starting within the next hours. */
    private CoRequest request(Instant now) {
        int n = 1 + random.nextInt(3);
        List<CoRequest.Site> sites = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            sites.add(new CoRequest.Site("s" + i, 1 + random.nextInt(4), Set.of(), List.of()));
        }
        List<CoRequest.Link> links = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            for (int j = i + 1; j <= n; j++) {
                if (random.nextBoolean()) {
                    links.add(new CoRequest.Link("s" + i, "s" + j, 100L * (1 + random.nextInt(5)), null));
                }
            }
        }
        Instant earliest = now.plus(Duration.ofMinutes(10 + random.nextInt(8 * 60))).truncatedTo(ChronoUnit.MINUTES);
        Instant latest = earliest.plus(Duration.ofMinutes(random.nextInt(121)));
        Duration duration = Duration.ofMinutes(List.of(30, 60, 120).get(random.nextInt(3)));
        return new CoRequest(sites, links, List.of(), new CoRequest.Time(earliest, latest, duration, false), Policy.CHEAPEST,
                List.of(), null, null);
    }
}
