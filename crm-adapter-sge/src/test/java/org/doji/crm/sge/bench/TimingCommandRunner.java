package org.doji.crm.sge.bench;

import java.nio.file.Path;
import java.util.List;
import org.doji.crm.batch.CommandRunner;

/** Measures every Grid Engine command by tool name (qconf, qstat, ...). */
final class TimingCommandRunner implements CommandRunner {

    private final CommandRunner delegate;
    private final Timings timings;

    TimingCommandRunner(CommandRunner delegate, Timings timings) {
        this.delegate = delegate;
        this.timings = timings;
    }

    @Override
    public Result run(List<String> argv) {
        long t0 = System.nanoTime();
        Result r = delegate.run(argv);
        String tool = argv.stream().filter(a -> a.startsWith("/")).findFirst().map(a -> Path.of(a).getFileName().toString())
                .orElse(argv.get(0));
        timings.add("ge:" + tool, System.nanoTime() - t0);
        return r;
    }
}
