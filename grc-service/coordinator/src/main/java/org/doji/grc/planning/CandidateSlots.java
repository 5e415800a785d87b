package org.doji.grc.planning;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.doji.grc.model.CoRequest;
import org.doji.rm.model.TimeWindow;

/** N candidate start times evenly spaced over [EST, LST] (one when LST = EST), each [t, t + D). */
public final class CandidateSlots {

    private CandidateSlots() {
    }

    public static List<TimeWindow> of(CoRequest.Time time, int n) {
        Duration span = Duration.between(time.earliestStart(), time.latestStart());
        int count = span.isZero() ? 1 : n;
        List<TimeWindow> slots = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Duration offset = count == 1 ? Duration.ZERO : span.multipliedBy(i).dividedBy(count - 1);
            var start = time.earliestStart().plus(offset);
            slots.add(new TimeWindow(start, start.plus(time.duration())));
        }
        return slots;
    }
}
