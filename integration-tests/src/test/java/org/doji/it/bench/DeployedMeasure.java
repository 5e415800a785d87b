package org.doji.it.bench;

import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * What {@link DeployedBenchmark} reads before and after each run, and the run's figures per co-allocation: CPU by
 * process from /proc (GRC, RMs, PostgreSQL's processes for the run's database, this JVM), the GRC's RM calls and plan
 * timer (its actuator), the Notify messages the consumer took, PostgreSQL's transactions and rows written.
 */
final class DeployedMeasure {

    private final DeployedGrid grid;
    private final NotifyConsumer consumer;
    /** The PostgreSQL database of the run, or null on H2 (whose commits are not counted from outside). */
    private final String pgDatabase;
    private final Floor.Figure roundTrip;
    private final Floor.Figure commit;

    DeployedMeasure(DeployedGrid grid, NotifyConsumer consumer, String pgDatabase, Floor.Figure roundTrip,
                    Floor.Figure commit) {
        this.grid = grid;
        this.consumer = consumer;
        this.pgDatabase = pgDatabase;
        this.roundTrip = roundTrip;
        this.commit = commit;
    }

    /**
     * Counters at one instant: CPU ns [GRC, RMs, PostgreSQL, this JVM, the services' JIT (a part of GRC and RMs)], RM
     * calls, plans, notifies, transactions, rows.
     */
    record Snapshot(long[] cpu, double calls, double[] plans, long notifies, long[] pg) {
    }

    Snapshot snapshot() throws Exception {
        long[] procs = grid.cpu();
        long own = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        long pgCpu = pgDatabase == null ? 0 : Cpu.ofPostgres(pgDatabase);
        return new Snapshot(new long[] {procs[0], procs[1], pgCpu, own, procs[2]}, grid.rmCalls(), grid.planTime(),
                consumer.notifies(), pgCounters());
    }

    /** A run's figures from the snapshot before it and its result (the snapshot after is taken here). */
    Phase phase(Snapshot before, DeployedLoad.Result r, int clients, String mode) throws Exception {
        if (pgDatabase != null) {
            Thread.sleep(1500); // PostgreSQL publishes its statistics within a second (not a wait on this JVM)
        }
        Snapshot after = snapshot();
        int k = Math.max(1, r.reserved() + r.failed());
        double[] ms = new double[5];
        for (int i = 0; i < 5; i++) {
            ms[i] = (after.cpu()[i] - before.cpu()[i]) / 1e6 / k;
        }
        double calls = (after.calls() - before.calls()) / k;
        double plans = after.plans()[0] - before.plans()[0];
        double planMs = plans == 0 ? 0 : (after.plans()[1] - before.plans()[1]) * 1e3 / plans;
        double notifies = (double) (after.notifies() - before.notifies()) / k;
        double transactions = pgDatabase == null ? Double.NaN : (double) (after.pg()[0] - before.pg()[0]) / k;
        double rows = pgDatabase == null ? Double.NaN : (double) (after.pg()[1] - before.pg()[1]) / k;
        double clientCalls = (double) r.clientCalls() / k;
        // every SOAP round trip of a co-allocation: the GRC's RM calls, the client's create and polls, the Notify
        double floor = Floor.ofCoAllocation(calls + clientCalls + notifies, roundTrip, pgDatabase == null ? 0 : transactions,
                commit, planMs);
        return new Phase(clients, mode, r, ms, calls, clientCalls, planMs, notifies, transactions, rows, floor,
                DeployedBenchmark.load());
    }

    /**
     * What the processes use with no load, twice {@code seconds} in a row (their periodic work: ticks, health checks;
     * and the JIT's queue and the collector, which the second window shows whether they have ended), in ms of CPU
     * per second: it is in every figure per co-allocation, the more the lower the rate.
     */
    String idle(int seconds) throws Exception {
        return idleOnce(seconds) + "; the next " + seconds + " s: " + idleOnce(seconds);
    }

    private String idleOnce(int seconds) throws Exception {
        Snapshot before = snapshot();
        Thread.sleep(seconds * 1000L); // the measurement itself: nothing runs meanwhile
        Snapshot after = snapshot();
        double[] ms = new double[5];
        for (int i = 0; i < 5; i++) {
            ms[i] = (after.cpu()[i] - before.cpu()[i]) / 1e6 / seconds;
        }
        return String.format("idle, CPU ms per second: GRC %.1f + RMs %.1f + PostgreSQL %.1f + this JVM %.1f"
                + " = %.1f (JIT %.1f); %s DB transactions per second", ms[0], ms[1], ms[2], ms[3],
                ms[0] + ms[1] + ms[2] + ms[3], ms[4],
                pgDatabase == null ? "n/a (H2)" : String.format("%.1f", (double) (after.pg()[0] - before.pg()[0]) / seconds));
    }

    /**
     * Rows inserted, updated and deleted so far per table ("schema.table", every service's schema), or empty on H2:
     * which service writes what, per co-allocation, from two readings around a run.
     */
    java.util.Map<String, long[]> tableWrites() throws Exception {
        java.util.Map<String, long[]> out = new java.util.TreeMap<>();
        if (pgDatabase == null) {
            return out;
        }
        Thread.sleep(1500); // PostgreSQL publishes its statistics within a second (not a wait on this JVM)
        try (Connection c = connect();
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select schemaname, relname, n_tup_ins, n_tup_upd, n_tup_del from pg_stat_user_tables")) {
            while (rs.next()) {
                out.put(rs.getString(1) + "." + rs.getString(2), new long[] {rs.getLong(3), rs.getLong(4), rs.getLong(5)});
            }
        }
        return out;
    }

    /** The rows written per co-allocation by table between two readings: "table ins+upd+del", the most first. */
    static String writesPer(java.util.Map<String, long[]> before, java.util.Map<String, long[]> after, int coAllocations) {
        java.util.List<String> parts = new java.util.ArrayList<>();
        after.entrySet().stream()
                .map(e -> {
                    long[] b = before.getOrDefault(e.getKey(), new long[3]);
                    long[] a = e.getValue();
                    return java.util.Map.entry(e.getKey(), new double[] {(a[0] - b[0]) / (double) coAllocations,
                            (a[1] - b[1]) / (double) coAllocations, (a[2] - b[2]) / (double) coAllocations});
                })
                .filter(e -> e.getValue()[0] + e.getValue()[1] + e.getValue()[2] >= 0.05)
                .sorted((x, y) -> Double.compare(y.getValue()[0] + y.getValue()[1] + y.getValue()[2],
                        x.getValue()[0] + x.getValue()[1] + x.getValue()[2]))
                .forEach(e -> parts.add(String.format("%s %.1f+%.1f+%.1f", e.getKey(), e.getValue()[0], e.getValue()[1],
                        e.getValue()[2])));
        return parts.isEmpty() ? "none counted" : String.join(", ", parts);
    }

    /** A connection to the run's PostgreSQL database (the harness's settings). */
    private static Connection connect() throws java.sql.SQLException {
        return DriverManager.getConnection(System.getProperty("doji.test.pg.url", "jdbc:postgresql://localhost:5432/doji_test"),
                System.getProperty("doji.test.pg.user", "doji"), System.getProperty("doji.test.pg.password", "doji"));
    }

    /** [transactions committed in the run's database, rows written in it], or zeros on H2. */
    private long[] pgCounters() throws Exception {
        if (pgDatabase == null) {
            return new long[] {0, 0};
        }
        try (Connection c = connect();
             Statement s = c.createStatement()) {
            long[] out = new long[2];
            try (ResultSet rs = s.executeQuery("select xact_commit from pg_stat_database where datname = current_database()")) {
                rs.next();
                out[0] = rs.getLong(1);
            }
            try (ResultSet rs = s.executeQuery("select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) from pg_stat_user_tables")) {
                rs.next();
                out[1] = rs.getLong(1);
            }
            return out;
        }
    }

    /** One measured run, per co-allocation. */
    record Phase(int clients, String mode, DeployedLoad.Result result, double[] cpu, double calls, double clientCalls,
                 double planMs,
                 double notifies, double transactions, double rows, double floorMs, double load) {

        static final String HEADER = "| clients | outcome by | co-allocations/s | p50 ms | p99 ms | CPU ms per co-allocation:"
                + " GRC + RMs + PostgreSQL + clients = all | RM calls | client calls | Notify | DB transactions |"
                + " rows written | floor ms | CPU / floor | JIT ms | without JIT / floor |"
                + "\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|";

        double rate() {
            return result.rate();
        }

        double p50() {
            return result.latency().percentile(50);
        }

        double grcMs() {
            return cpu[0];
        }

        double cpuMs() {
            return cpu[0] + cpu[1] + cpu[2] + cpu[3];
        }

        double ratio() {
            return cpuMs() / floorMs;
        }

        /** The services' compiler threads, ms per co-allocation (a part of the GRC's and the RMs' CPU). */
        double jitMs() {
            return cpu[4];
        }

        /** The CPU as a multiple of the floor without the JIT's part: the code's cost once compiled. */
        double ratioWithoutJit() {
            return (cpuMs() - jitMs()) / floorMs;
        }

        String line() {
            return String.format("%2d clients, %s: %d reserved (%d not) in %.0f s = %.1f/s, p50 %.1f p99 %.1f ms;"
                            + " CPU ms per co-allocation GRC %.1f + RMs %.1f + PostgreSQL %.1f + clients %.1f = %.1f;"
                            + " %.1f RM calls, %.1f client calls, %.2f Notify, %s DB transactions, %s rows; floor %.1f ms"
                            + " (planning %.1f), CPU = %.1fx the floor; JIT %.1f ms, without it %.1fx; load %.2f", clients,
                    mode, result.reserved(), result.failed(),
                    result.seconds(), rate(), p50(), result.latency().percentile(99), cpu[0], cpu[1], cpu[2], cpu[3],
                    cpuMs(), calls, clientCalls, notifies, num(transactions), num(rows), floorMs, planMs, ratio(), jitMs(),
                    ratioWithoutJit(), load);
        }

        String row() {
            return String.format("| %d | %s | %.1f | %.1f | %.1f | %.1f + %.1f + %.1f + %.1f = %.1f | %.1f | %.1f | %.2f | %s |"
                            + " %s | %.1f | %.1f | %.1f | %.1f |", clients, mode, rate(), p50(), result.latency().percentile(99),
                    cpu[0], cpu[1], cpu[2], cpu[3], cpuMs(), calls, clientCalls, notifies, num(transactions), num(rows), floorMs, ratio(),
                    jitMs(), ratioWithoutJit());
        }

        private static String num(double x) {
            return Double.isNaN(x) ? "n/a (H2)" : String.format("%.1f", x);
        }
    }
}
