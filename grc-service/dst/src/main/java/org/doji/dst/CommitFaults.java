package org.doji.dst;

/** Decides whether a node dies at one of its commits: before it (the change is lost) or after it (the change stays). */
interface CommitFaults {

    void beforeCommit();

    void afterCommit();

    CommitFaults NONE = new CommitFaults() {
        @Override
        public void beforeCommit() {
        }

        @Override
        public void afterCommit() {
        }
    };

    /** The plan's crashes at commits of {@code node}, except while it starts (recovery is not where it dies here). */
    static CommitFaults of(Scheduler scheduler, FaultPlan faults, SimNode node, java.util.function.BooleanSupplier starting) {
        return new CommitFaults() {
            private boolean after;

            @Override
            public void beforeCommit() {
                if (starting.getAsBoolean() || !faults.crashAtCommit()) {
                    return;
                }
                if (faults.before()) {
                    throw scheduler.crash(node, "before a commit");
                }
                after = true;
            }

            @Override
            public void afterCommit() {
                if (after) {
                    after = false;
                    throw scheduler.crash(node, "after a commit");
                }
            }
        };
    }
}
