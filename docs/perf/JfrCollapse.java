import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * A flight recording's CPU samples (jdk.ExecutionSample only: threads running Java code, not those waiting in
 * native code, which jdk.NativeMethodSample records) between two instants, as collapsed stacks (root first, frames
 * joined by ';', then the count), the input of flame graph renderers.
 *
 * <pre>java docs/perf/JfrCollapse.java FILE.jfr [FROM-EPOCH-MS TO-EPOCH-MS] > FILE.collapsed</pre>
 */
public final class JfrCollapse {
    public static void main(String[] args) throws Exception {
        Instant from = args.length > 2 ? Instant.ofEpochMilli(Long.parseLong(args[1])) : Instant.MIN;
        Instant to = args.length > 2 ? Instant.ofEpochMilli(Long.parseLong(args[2])) : Instant.MAX;
        Map<String, Integer> stacks = new TreeMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(args[0]))) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null
                    || e.getStartTime().isBefore(from) || e.getStartTime().isAfter(to)) {
                continue;
            }
            StringBuilder s = new StringBuilder();
            var frames = e.getStackTrace().getFrames();
            for (int i = frames.size() - 1; i >= 0; i--) {
                RecordedFrame f = frames.get(i);
                if (s.length() > 0) {
                    s.append(';');
                }
                s.append(f.getMethod().getType().getName()).append('.').append(f.getMethod().getName());
            }
            stacks.merge(s.toString().replace(' ', '_'), 1, Integer::sum);
        }
        stacks.forEach((k, v) -> System.out.println(k + " " + v));
    }
}
