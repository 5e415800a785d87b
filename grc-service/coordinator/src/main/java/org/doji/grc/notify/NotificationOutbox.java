package org.doji.grc.notify;

import java.time.Clock;
import java.time.Instant;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.persistence.NotificationRecord;
import org.doji.grc.persistence.NotificationRepository;
import org.doji.grc.persistence.SubscriptionRecord;
import org.doji.grc.persistence.SubscriptionRepository;
import org.doji.grc.store.CoAllocationStore;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Writes what a co-allocation's change must notify in the transaction that stores the change: one outbox row
 * per live subscription that wants the new state. Nothing is sent here; once the transaction committed, the
 * delivery is asked to run ({@code nudge}), and its periodic round catches whatever a nudge missed.
 */
public class NotificationOutbox implements CoAllocationStore.StateListener {

    private final SubscriptionRepository subscriptions;
    private final NotificationRepository notifications;
    private final Clock clock;
    private final Runnable nudge;
    private final NotificationSettings settings;

    public NotificationOutbox(SubscriptionRepository subscriptions, NotificationRepository notifications, Clock clock,
                              Runnable nudge, NotificationSettings settings) {
        this.settings = settings;
        this.subscriptions = subscriptions;
        this.notifications = notifications;
        this.clock = clock;
        this.nudge = nudge;
    }

    /** The consumer EPR of createCoAllocation: a subscription of that co-allocation to the states asked (or all). */
    @Override
    public void created(String key, String owner, String consumer, java.util.Set<CoAllocationState> notifyOn) {
        if (consumer != null) {
            settings.checkConsumer(consumer); // refused whole: the co-allocation is not stored either
            subscriptions.save(new SubscriptionRecord("c-" + key, owner, key, consumer, null,
                    Subscriptions.write(notifyOn), clock.instant(), null));
        }
    }

    @Override
    public void changed(CoAllocation after, CoAllocationState before) {
        Instant now = clock.instant();
        int queued = 0;
        for (SubscriptionRecord s : subscriptions.findLive(after.key(), after.owner(), now)) {
            var topics = Subscriptions.read(s.getTopics());
            if (topics.isEmpty() || topics.contains(after.state())) {
                notifications.save(new NotificationRecord(s.getId(), after.key(), after.state(),
                        after.reason() == null ? before + " -> " + after.state() : after.reason(), now));
                queued++;
            }
        }
        if (queued > 0) {
            afterCommit(nudge);
        }
    }

    private static void afterCommit(Runnable action) {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    action.run();
                }
            });
        } else {
            action.run();
        }
    }
}
