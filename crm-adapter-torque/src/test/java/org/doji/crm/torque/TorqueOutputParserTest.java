package org.doji.crm.torque;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TorqueOutputParserTest {

    private static TorqueProperties withZone(TorqueProperties p, String zone) {
        return new TorqueProperties(p.binDir(), p.commandTimeout(), p.site(), p.unitPrice(), p.mode(),
                p.outputFormat(), p.execHostFormat(), p.pinNodes(), p.reservationAccountPrefix(),
                p.defaultWalltime(), p.passInterval(), zone, p.scheduler());
    }

    @Test
    void readsTorqueXml() {
        TorqueOutputParser parser = new TorqueOutputParser(TorqueProperties.defaults());
        List<TorqueJob> jobs = parser.jobs(ScriptedRunner.fixture("torque/qstat-f-x.xml"));
        assertThat(jobs).extracting(TorqueJob::id).containsExactly("1201.head.cluster", "1202.head.cluster",
                "1203.head.cluster", "1204.head.cluster", "1205.head.cluster");
        TorqueJob running = jobs.get(0);
        assertThat(running.state()).isEqualTo('R');
        assertThat(running.user()).isEqualTo("alice");
        assertThat(running.coresByNode()).isEqualTo(Map.of("node01", 4, "node02", 4));
        assertThat(running.startTime()).isEqualTo(1795310000L);
        assertThat(running.walltimeSeconds()).isEqualTo(7200);
        assertThat(running.resources()).isEqualTo("nodes=2:ppn=4");
        assertThat(jobs.get(2).reservationHandle()).isEqualTo("doji-R42");
        assertThat(jobs.get(1).reservationHandle()).isNull();
        assertThat(jobs.get(3).state()).isEqualTo('H');
        assertThat(jobs.get(3).resources()).isEqualTo("nodes=1");
        List<TorqueNode> nodes = parser.nodes(ScriptedRunner.fixture("torque/pbsnodes-x.xml"));
        assertThat(nodes).extracting(TorqueNode::name).containsExactly("node01", "node02", "node03", "node04", "node05");
        assertThat(nodes).extracting(TorqueNode::up).containsExactly(true, true, true, true, false);
        assertThat(nodes).allSatisfy(n -> assertThat(n.np()).isEqualTo(4));
    }

    @Test
    void readsTorqueTextWithWrappedValuesAndCtimeDates() {
        TorqueProperties p = withZone(new TorqueProperties("", TorqueProperties.defaults().commandTimeout(), "torque",
                1, TorqueProperties.Mode.QRUN, TorqueProperties.OutputFormat.TEXT, TorqueProperties.ExecHostFormat.SLOTS,
                false, "doji-", TorqueProperties.defaults().defaultWalltime(), TorqueProperties.defaults().passInterval(),
                "", null), "UTC");
        TorqueOutputParser parser = new TorqueOutputParser(p);
        List<TorqueJob> jobs = parser.jobs(ScriptedRunner.fixture("torque/qstat-f.txt"));
        assertThat(jobs).hasSize(2);
        assertThat(jobs.get(0).startTime())
                .isEqualTo(LocalDateTime.of(2026, 11, 22, 2, 33, 20).toEpochSecond(ZoneOffset.UTC));
        assertThat(jobs.get(0).coresByNode()).isEqualTo(Map.of("node01", 4, "node02", 4));
        assertThat(jobs.get(1).reservationHandle()).isEqualTo("doji-R42");
        assertThat(TorqueOutputParser.text(ScriptedRunner.fixture("torque/qstat-f.txt"), true).get(0)
                .get("Variable_List")).endsWith("PBS_O_SERVER=head.cluster").contains("PBS_O_PATH=");
        assertThat(parser.nodes(ScriptedRunner.fixture("torque/pbsnodes-a.txt")))
                .containsExactly(new TorqueNode("node01", "job-exclusive", 4), new TorqueNode("node05", "down,offline", 4));
    }

    @Test
    void readsRecordedSlurmWrapperOutput() {
        TorqueOutputParser parser = new TorqueOutputParser(withZone(TorqueProperties.slurmWrappers(""), "UTC"));
        List<TorqueJob> jobs = parser.jobs(ScriptedRunner.fixture("slurm-torque/qstat-f.txt"));
        assertThat(jobs).extracting(TorqueJob::id).containsExactly("1", "2", "3", "4", "5", "6", "7");
        TorqueJob running = jobs.get(4);
        assertThat(running.state()).isEqualTo('R');
        assertThat(running.user()).isEqualTo("root");
        assertThat(running.coresByNode()).isEqualTo(Map.of("n1", 2));
        assertThat(running.startTime()).isEqualTo(LocalDateTime.of(2026, 11, 22, 2, 16, 14).toEpochSecond(ZoneOffset.UTC));
        assertThat(running.walltimeSeconds()).isEqualTo(600);
        TorqueJob bound = jobs.get(5);
        assertThat(bound.state()).isEqualTo('Q');
        assertThat(bound.reservationHandle()).isEqualTo("doji-res1");
        assertThat(bound.resources()).isEqualTo("nodes=2:ppn=1");
        assertThat(bound.coresByNode()).isEmpty();
        assertThat(jobs.get(2).reservationHandle()).as("dojires-r1 lacks the prefix 'doji-'").isNull();
        assertThat(jobs.get(0).state()).isEqualTo('C');
        List<TorqueNode> nodes = parser.nodes(ScriptedRunner.fixture("slurm-torque/pbsnodes-a.txt"));
        assertThat(nodes).extracting(TorqueNode::name).containsExactly("n1", "n2", "n3", "n4");
        assertThat(nodes).extracting(TorqueNode::up).containsExactly(true, true, true, false);
        assertThat(nodes).extracting(TorqueNode::np).containsOnly(2);
        assertThat(ZoneId.of("UTC")).isNotNull();
    }

    @Test
    void execHostFormatsAndDurations() {
        TorqueOutputParser slots = new TorqueOutputParser(TorqueProperties.defaults());
        assertThat(slots.execHost("n1/0-3+n2/0,2+n1/5")).isEqualTo(Map.of("n1", 5, "n2", 2));
        TorqueOutputParser counts = new TorqueOutputParser(TorqueProperties.slurmWrappers(""));
        assertThat(counts.execHost("n3/1+n4/2")).isEqualTo(Map.of("n3", 1, "n4", 2));
        assertThat(TorqueOutputParser.duration("1:02:03")).isEqualTo(3723);
        assertThat(TorqueOutputParser.duration("90")).isEqualTo(90);
        assertThat(TorqueOutputParser.duration(null)).isEqualTo(-1);
    }
}
