package org.doji.crm.batch.bench;

import java.util.ArrayList;
import java.util.List;
import org.doji.crm.batch.CommandRunner;

/**
 * Runs commands through another runner and notes, for the measuring thread only, how long each took under
 * a short name (the tool and its sub-command, e.g. {@code scontrol create}). Other threads (a scheduler's
 * periodic passes) run unmeasured.
 */
public final class TimedCommands implements CommandRunner {

    /** One command run by the measuring thread. */
    public record Timing(String command, long nanos) {
    }

    private final CommandRunner delegate;
    private volatile Thread measured;
    private final List<Timing> timings = new ArrayList<>();

    public TimedCommands(CommandRunner delegate) {
        this.delegate = delegate;
    }

    /** From now on, the calling thread's commands are noted; returns and forgets what was noted before. */
    public synchronized List<Timing> take() {
        measured = Thread.currentThread();
        List<Timing> out = List.copyOf(timings);
        timings.clear();
        return out;
    }

    @Override
    public Result run(List<String> argv) {
        long t0 = System.nanoTime();
        Result r = delegate.run(argv);
        if (Thread.currentThread() == measured) {
            synchronized (this) {
                timings.add(new Timing(name(argv), System.nanoTime() - t0));
            }
        }
        return r;
    }

    /** The tool and up to two lower-case words after it, options skipped: {@code scontrol show nodes}. */
    static String name(List<String> argv) {
        StringBuilder name = new StringBuilder(argv.get(0).substring(argv.get(0).lastIndexOf('/') + 1));
        int words = 0;
        for (String a : argv.subList(1, argv.size())) {
            if (a.startsWith("-")) {
                continue;
            }
            if (words == 2 || !a.matches("[a-z]+")) {
                break;
            }
            name.append(' ').append(a);
            words++;
        }
        return name.toString();
    }
}
