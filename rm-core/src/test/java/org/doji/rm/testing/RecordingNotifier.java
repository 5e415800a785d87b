package org.doji.rm.testing;

import java.util.ArrayList;
import java.util.List;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.model.ReservationView;

/** Records what the RM tells coordinators. */
public final class RecordingNotifier implements Notifier {

    public record Sent(String consumer, ReservationView view, String message) {
    }

    private final List<Sent> sent = new ArrayList<>();

    @Override
    public synchronized void notify(String consumer, ReservationView view, String message) {
        sent.add(new Sent(consumer, view, message));
    }

    public synchronized List<Sent> sent() {
        return List.copyOf(sent);
    }

    /** Messages sent about one reservation, in order. */
    public synchronized List<String> messagesFor(String key) {
        return sent.stream().filter(s -> s.view().key().equals(key)).map(Sent::message).toList();
    }
}
