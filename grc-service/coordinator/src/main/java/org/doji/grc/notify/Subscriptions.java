package org.doji.grc.notify;

import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.persistence.NotificationRepository;
import org.doji.grc.persistence.SubscriptionRecord;
import org.doji.grc.persistence.SubscriptionRepository;
import org.doji.grc.store.CoAllocationStore;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * WS-BaseNotification subscriptions, stored durably: Subscribe (to one co-allocation, or to all of the caller's),
 * Renew and Unsubscribe. Each user sees only their own: another's subscription or co-allocation is unknown.
 */
public class Subscriptions {

    private final SubscriptionRepository subscriptions;
    private final NotificationRepository notifications;
    private final CoAllocationStore coAllocations;
    private final TransactionTemplate tx;
    private final Clock clock;
    private final NotificationSettings settings;

    public Subscriptions(SubscriptionRepository subscriptions, NotificationRepository notifications,
                         CoAllocationStore coAllocations, TransactionTemplate tx, Clock clock, NotificationSettings settings) {
        this.subscriptions = subscriptions;
        this.notifications = notifications;
        this.coAllocations = coAllocations;
        this.tx = tx;
        this.clock = clock;
        this.settings = settings;
    }

    /**
     * Subscribes {@code consumer} to the state changes of co-allocation {@code key} (null: of all the caller's) in
     * {@code topics} (empty: all). Without a requested termination time, one co-allocation's subscription lasts as
     * long as the co-allocation is kept, and one to all of them the longest lifetime; a later request is shortened
     * to that lifetime (the answer says until when).
     */
    public Subscription subscribe(Caller caller, String key, ConsumerEndpoint consumer, Set<CoAllocationState> topics,
                                  Instant requestedTermination) {
        if (key != null && coAllocations.find(key).filter(c -> c.owner().equals(caller.name())).isEmpty()) {
            throw DojiException.unknown(key); // another user's co-allocation is as unknown as a missing one
        }
        settings.checkConsumer(consumer.address());
        Instant now = clock.instant();
        Instant latest = now.plus(settings.maxLifetime());
        Instant termination = requestedTermination == null ? (key == null ? latest : null)
                : accepted("InitialTerminationTime", requestedTermination, now, latest);
        if (subscriptions.countByOwner(caller.name()) >= settings.maxPerOwner()) {
            throw DojiException.unavailable("TOO_MANY_SUBSCRIPTIONS", "a user may hold at most "
                    + settings.maxPerOwner() + " subscriptions; unsubscribe some first");
        }
        SubscriptionRecord r = new SubscriptionRecord("sub-" + UUID.randomUUID().toString().replace("-", ""),
                caller.name(), key, consumer.address(), consumer.referenceParameters(), write(topics), now, termination);
        tx.executeWithoutResult(s -> subscriptions.save(r));
        return subscription(r);
    }

    /** Sets a new termination time (at most the longest lifetime from now); returns it. */
    public Instant renew(Caller caller, String id, Instant requested) {
        SubscriptionRecord r = owned(caller, id);
        Instant now = clock.instant();
        Instant latest = now.plus(settings.maxLifetime());
        Instant termination = requested == null ? latest : accepted("TerminationTime", requested, now, latest);
        r.setTerminationTime(termination);
        tx.executeWithoutResult(s -> subscriptions.save(r));
        return termination;
    }

    /** Ends the subscription; what was not delivered yet is dropped with it. */
    public void unsubscribe(Caller caller, String id) {
        owned(caller, id);
        tx.executeWithoutResult(s -> {
            notifications.deleteBySubscription(id);
            subscriptions.deleteById(id);
        });
    }

    public Subscription get(Caller caller, String id) {
        return subscription(owned(caller, id));
    }

    private SubscriptionRecord owned(Caller caller, String id) {
        return subscriptions.findById(id).filter(r -> r.getOwner().equals(caller.name()))
                .filter(r -> r.getTerminationTime() == null || r.getTerminationTime().isAfter(clock.instant()))
                .orElseThrow(() -> DojiException.unknown(id));
    }

    private static Instant accepted(String field, Instant requested, Instant now, Instant latest) {
        if (!requested.isAfter(now)) {
            throw DojiException.invalidField(field, "TERMINATION_IN_PAST",
                    "the termination time " + requested + " is not after the current time " + now);
        }
        return requested.isAfter(latest) ? latest : requested;
    }

    static String write(Set<CoAllocationState> topics) {
        return topics.isEmpty() ? null : topics.stream().map(Enum::name).sorted().collect(Collectors.joining(","));
    }

    static Set<CoAllocationState> read(String topics) {
        if (topics == null || topics.isBlank()) {
            return Set.of();
        }
        Set<CoAllocationState> out = EnumSet.noneOf(CoAllocationState.class);
        Arrays.stream(topics.split(",")).map(CoAllocationState::valueOf).forEach(out::add);
        return out;
    }

    static Subscription subscription(SubscriptionRecord r) {
        return new Subscription(r.getId(), r.getOwner(), r.getCoAllocationKey(),
                new ConsumerEndpoint(r.getConsumer(), r.getConsumerParameters()), read(r.getTopics()), r.getCreated(),
                r.getTerminationTime());
    }
}
