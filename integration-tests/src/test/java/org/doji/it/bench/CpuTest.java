package org.doji.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CpuTest {

    @Test
    void aDatabasesBackendsAndTheServersOwnProcessesCountButOtherDatabasesBackendsDoNot() {
        assertThat(Cpu.countsFor("postgres: 15/main: doji doji_deployed 127.0.0.1(39682) idle", "doji_deployed")).isTrue();
        assertThat(Cpu.countsFor("postgres: doji doji_deployed [local] idle", "doji_deployed")).isTrue();
        assertThat(Cpu.countsFor("postgres: 15/main: doji doji_test 127.0.0.1(39682) idle", "doji_deployed")).isFalse();
        assertThat(Cpu.countsFor("postgres: doji doji_test 127.0.0.1(1) INSERT", "doji_deployed")).isFalse();
        assertThat(Cpu.countsFor("postgres: 15/main: walwriter", "doji_deployed")).isTrue();
        assertThat(Cpu.countsFor("postgres: 15/main: autovacuum launcher", "doji_deployed")).isTrue();
        assertThat(Cpu.countsFor("/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main -c config_file=x",
                "doji_deployed")).isTrue();
    }

    @Test
    void aThreadsCpuIsCountedUnderItsNameAndOnlyThere() throws Exception {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long[] used = new long[1];
        long pid = ProcessHandle.current().pid();
        Thread alive = new Thread(() -> {
            long mine = threads.getCurrentThreadCpuTime();
            while (threads.getCurrentThreadCpuTime() - mine < 300_000_000L) {
                used[0]++;
            }
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "cpu-test-alive");
        alive.start();
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofMinutes(1))
                .until(() -> alive.getState() == Thread.State.TIMED_WAITING);
        try {
            assertThat(Cpu.ofThreads(pid, "cpu-test-alive")).isBetween(250_000_000L, 400_000_000L);
            assertThat(Cpu.ofThreads(pid, "no-such-thread")).isZero();
        } finally {
            alive.interrupt();
        }
    }
}
