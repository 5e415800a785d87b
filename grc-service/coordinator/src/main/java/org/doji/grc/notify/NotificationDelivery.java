package org.doji.grc.notify;

import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.doji.grc.persistence.NotificationRecord;
import org.doji.grc.persistence.NotificationRepository;
import org.doji.grc.persistence.SubscriptionRecord;
import org.doji.grc.persistence.SubscriptionRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.domain.Limit;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Delivers the outbox: each due notification is claimed (its next attempt moved past the claim, under its version,
 * so no other round or replica sends it meanwhile), sent, and deleted once its consumer took it. A failed one is
 * retried with doubling backoff; the later ones of its subscription wait for it, so each consumer sees its
 * notifications in order. Delivery only reads subscriptions and writes the outbox: it never changes a
 * co-allocation. At least once: a GRC that dies between sending and deleting sends again after its restart.
 *
 * <p>The claim is a database write (and, on H2, a forced commit) per notification, there only to keep other senders
 * away. When no other process can reach the database (an embedded H2 file: {@code claimInDatabase} false) the only
 * other sender would be another round of this process, and the rounds run one at a time (one thread), so the claim
 * is skipped: a due notification is sent as read. Nothing is acknowledged on the claim, and losing one in a crash
 * is what its lapse does anyway (the notification is sent again).
 */
public class NotificationDelivery {

    private static final Logger log = LoggerFactory.getLogger(NotificationDelivery.class);

    private final NotificationRepository notifications;
    private final SubscriptionRepository subscriptions;
    private final TransactionTemplate tx;
    private final Clock clock;
    private final NotificationSettings settings;
    private final NotificationChannel channel;
    private final boolean claimInDatabase;
    private volatile Instant nextSweep = Instant.MIN;

    /** Claims each notification in the database before it is sent (replicas may share the database). */
    public NotificationDelivery(NotificationRepository notifications, SubscriptionRepository subscriptions,
                                TransactionTemplate tx, Clock clock, NotificationSettings settings,
                                NotificationChannel channel) {
        this(notifications, subscriptions, tx, clock, settings, channel, true);
    }

    /**
     * @param claimInDatabase whether other processes may send from this outbox too (claims written before each send);
     *                        false only if this process alone reaches the database and calls {@link #deliverDue} from
     *                        one thread at a time
     */
    public NotificationDelivery(NotificationRepository notifications, SubscriptionRepository subscriptions,
                                TransactionTemplate tx, Clock clock, NotificationSettings settings,
                                NotificationChannel channel, boolean claimInDatabase) {
        this.claimInDatabase = claimInDatabase;
        this.notifications = notifications;
        this.subscriptions = subscriptions;
        this.tx = tx;
        this.clock = clock;
        this.settings = settings;
        this.channel = channel;
    }

    /** One round: sends what is due (at most a batch); returns how many consumers took theirs. */
    public int deliverDue() {
        sweepIfDue();
        Instant now = clock.instant();
        Set<String> waiting = new HashSet<>();
        int delivered = 0;
        for (NotificationRecord due : notifications.findByNextAttemptLessThanEqualOrderByIdAsc(now,
                Limit.of(settings.batch()))) {
            String sub = due.getSubscriptionId();
            if (waiting.contains(sub) || notifications.existsBySubscriptionIdAndIdLessThan(sub, due.getId())) {
                waiting.add(sub); // an older one of this subscription waits for its retry: keep the order
                continue;
            }
            Optional<NotificationRecord> claimed = claimInDatabase ? claim(due.getId(), now) : Optional.of(due);
            if (claimed.isEmpty()) {
                waiting.add(sub);
                continue;
            }
            Optional<SubscriptionRecord> subscription = subscriptions.findById(sub);
            if (subscription.isEmpty()) {
                tx.executeWithoutResult(s -> notifications.deleteById(due.getId())); // unsubscribed meanwhile
                continue;
            }
            if (send(claimed.get(), subscription.get())) {
                delivered++;
            } else {
                waiting.add(sub);
            }
        }
        return delivered;
    }

    private boolean send(NotificationRecord n, SubscriptionRecord s) {
        Notification notification = new Notification(n.getId(), s.getId(), n.getCoAllocationKey(), n.getState(),
                n.getMessage(), n.getOccurred(), new ConsumerEndpoint(s.getConsumer(), s.getConsumerParameters()));
        try {
            // again at every delivery: the name may resolve elsewhere now, or the operator changed the list
            String refused = settings.consumers().refusal(s.getConsumer());
            if (refused != null) {
                throw new IllegalStateException("consumer not allowed: " + refused);
            }
            channel.deliver(notification);
        } catch (Exception e) {
            Instant retry = clock.instant().plus(settings.backoff(n.getAttempts() + 1));
            String error = reason(e);
            tx.executeWithoutResult(st -> notifications.findById(n.getId()).ifPresent(r -> {
                r.failed(error, retry);
                notifications.save(r);
            }));
            if (n.getAttempts() == 0) {
                log.warn("could not notify {} of {} ({}): {}; retrying with backoff until {}", s.getConsumer(),
                        n.getCoAllocationKey(), n.getState(), error, n.getOccurred().plus(settings.giveUpAfter()));
            }
            return false;
        }
        tx.executeWithoutResult(st -> notifications.deleteById(n.getId()));
        return true;
    }

    /** The innermost cause's message: "Connection refused", "HTTP response '503: ...'", not the wrapper's. */
    private static String reason(Throwable e) {
        String reason = e.getClass().getSimpleName();
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null) {
                reason = t.getMessage();
            }
        }
        return reason;
    }

    /** Takes {@code id} for this round if it is still due and no one else took it meanwhile. */
    private Optional<NotificationRecord> claim(long id, Instant now) {
        try {
            return Optional.ofNullable(tx.execute(s -> {
                NotificationRecord r = notifications.findById(id).orElse(null);
                if (r == null || r.getNextAttempt().isAfter(now)) {
                    return null;
                }
                r.claimUntil(now.plus(settings.claim()));
                return notifications.saveAndFlush(r);
            }));
        } catch (OptimisticLockingFailureException taken) {
            return Optional.empty();
        }
    }

    /** Gives up on what stayed undeliverable too long and forgets ended subscriptions (once a minute). */
    void sweepIfDue() {
        Instant now = clock.instant();
        if (now.isBefore(nextSweep)) {
            return;
        }
        nextSweep = now.plusSeconds(60);
        Integer gaveUp = tx.execute(s -> notifications.deleteOccurredBefore(now.minus(settings.giveUpAfter())));
        if (gaveUp != null && gaveUp > 0) {
            log.warn("gave up {} notifications undeliverable for {}", gaveUp, settings.giveUpAfter());
        }
        tx.executeWithoutResult(s -> subscriptions.deleteEnded(now));
    }
}
