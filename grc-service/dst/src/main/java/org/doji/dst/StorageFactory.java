package org.doji.dst;

/** Makes each node's database for one run, in the run's storage mode. */
interface StorageFactory {

    RmStorage rm(String id);

    GrcStorage grc(String id);

    /** Ends the run's databases. */
    void close();

    /** The fast mode: every node's database in memory. */
    static StorageFactory memory(Scheduler scheduler) {
        Entities entities = new Entities();
        return new StorageFactory() {
            @Override
            public RmStorage rm(String id) {
                return MemoryStorage.rm(new MemoryDatabase(() -> new SimulatedCrash(id)), entities);
            }

            @Override
            public GrcStorage grc(String id) {
                return MemoryStorage.grc(new MemoryDatabase(() -> new SimulatedCrash(id)), entities);
            }

            @Override
            public void close() {
            }
        };
    }
}
