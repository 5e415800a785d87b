package org.doji.dst;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The thread pools a real process has, as the simulation runs them: a pool whose callers wait for their tasks
 * (the RM calls of a fan-out, joined at once) runs each task in the caller's step; a pool of workers (planning,
 * reservation runs, the driver's wake-ups) queues each task as an event of its node's incarnation, a short random
 * delay later, so tasks of different co-allocations interleave differently from seed to seed.
 */
final class SimExecutors {

    private SimExecutors() {
    }

    /** Runs each task at once, in the caller's step. */
    static AbstractExecutorService direct() {
        return new Pool() {
            @Override
            public void execute(Runnable command) {
                command.run();
            }
        };
    }

    /** Queues each task as an event of {@code node}'s current incarnation. */
    static AbstractExecutorService queued(Scheduler scheduler, SimNode node, FaultPlan faults, String name) {
        return new Pool() {
            @Override
            public void execute(Runnable command) {
                if (!node.reachable()) {
                    return; // a dead process runs nothing more
                }
                scheduler.after(Duration.ofMillis(1 + faults.random().nextInt(50)), node, name, command);
            }
        };
    }

    private abstract static class Pool extends AbstractExecutorService {
        @Override
        public void shutdown() {
        }

        @Override
        public List<Runnable> shutdownNow() {
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return false;
        }

        @Override
        public boolean isTerminated() {
            return false;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }
}
