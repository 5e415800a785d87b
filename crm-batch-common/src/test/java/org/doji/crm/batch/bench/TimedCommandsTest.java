package org.doji.crm.batch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.doji.crm.batch.CommandRunner;
import org.junit.jupiter.api.Test;

class TimedCommandsTest {

    @Test
    void namesAreTheToolAndItsSubCommand() {
        assertThat(TimedCommands.name(List.of("scontrol", "-o", "show", "nodes"))).isEqualTo("scontrol show nodes");
        assertThat(TimedCommands.name(List.of("scontrol", "create", "reservation", "ReservationName=x"))).isEqualTo("scontrol create reservation");
        assertThat(TimedCommands.name(List.of("/opt/torque/bin/pbsnodes", "-x"))).isEqualTo("pbsnodes");
        assertThat(TimedCommands.name(List.of("qrun", "-H", "n1:ppn=2", "1.vm"))).isEqualTo("qrun");
        assertThat(TimedCommands.name(List.of("squeue", "-h", "-t", "RUNNING"))).isEqualTo("squeue");
    }

    @Test
    void onlyTheMeasuringThreadsCommandsAreNoted() throws InterruptedException {
        TimedCommands timed = new TimedCommands(argv -> new CommandRunner.Result(0, "", ""));
        timed.take();
        timed.run(List.of("qstat", "-f"));
        Thread other = new Thread(() -> timed.run(List.of("pbsnodes", "-x")));
        other.start();
        other.join();
        assertThat(timed.take()).extracting(TimedCommands.Timing::command).containsExactly("qstat");
        assertThat(timed.take()).isEmpty();
    }
}
