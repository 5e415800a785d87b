package org.doji.grc.notify;

/** Sends one notification to its consumer; returns once the consumer took it, throws if it did not. */
@FunctionalInterface
public interface NotificationChannel {

    void deliver(Notification notification) throws Exception;
}
