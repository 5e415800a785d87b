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
}
