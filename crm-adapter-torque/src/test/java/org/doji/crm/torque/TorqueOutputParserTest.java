package org.doji.crm.torque;

import static org.assertj.core.api.Assertions.assertThat;
import static org.doji.crm.batch.testing.RecordedCommands.fixture;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The parsers on outputs recorded from TORQUE 6.1.3 (see fixtures/README.md). */
class TorqueOutputParserTest {

    private static final long SUBMITTED = 1795613322L;

    @Test
    void readsRecordedQstatXml() {
        List<TorqueJob> jobs = new TorqueOutputParser(TorqueProperties.defaults()).jobs(fixture("torque/qstat-f-x.stdout"));
        assertThat(jobs).extracting(TorqueJob::id).containsExactly("0.vm", "1.vm", "2.vm", "3.vm", "4.vm", "5.vm", "6.vm");
        assertThat(jobs).extracting(TorqueJob::state).containsExactly('C', 'R', 'Q', 'Q', 'Q', 'H', 'Q');
        TorqueJob running = jobs.get(1);
        assertThat(running.user()).isEqualTo("dojitq");
        assertThat(running.coresByNode()).isEqualTo(Map.of("tqnode1", 2, "tqnode2", 2));
        assertThat(running.startTime()).isEqualTo(SUBMITTED);
        assertThat(running.walltimeSeconds()).isEqualTo(7200);
        assertThat(running.resources()).isEqualTo("nodes=2:ppn=2");
        assertThat(jobs).extracting(TorqueJob::reservationHandle)
                .containsExactly(null, null, "doji-R42", "doji-R43", "doji-R44", null, null);
        assertThat(jobs.get(5).resources()).isEqualTo("nodes=1");
        assertThat(jobs.get(6).resources()).isEqualTo("procs=3");
        assertThat(jobs.get(0).coresByNode()).as("finished jobs hold no cores").isEmpty();
        assertThat(jobs.get(2).queuedTime()).isEqualTo(SUBMITTED);
    }

    @Test
    void aRequeuedJobIsQueuedWithoutCoresOrStartTime() {
        List<TorqueJob> jobs = new TorqueOutputParser(TorqueProperties.defaults())
                .jobs(fixture("torque/qstat-f-x-requeued.stdout"));
        TorqueJob requeued = jobs.get(1);
        assertThat(requeued.state()).isEqualTo('Q');
        assertThat(requeued.coresByNode()).isEmpty();
        assertThat(requeued.startTime()).as("start_time is kept by TORQUE after qrerun but means nothing").isEqualTo(-1);
    }

    @Test
    void readsRecordedPbsnodesXml() {
        List<TorqueNode> nodes = new TorqueOutputParser(TorqueProperties.defaults()).nodes(fixture("torque/pbsnodes-x.stdout"));
        assertThat(nodes).extracting(TorqueNode::name).containsExactly("tqnode1", "tqnode2", "tqnode3", "tqnode4");
        assertThat(nodes).extracting(TorqueNode::up).containsExactly(true, true, true, false);
        assertThat(nodes).extracting(TorqueNode::np).containsOnly(4);
    }

    @Test
    void readsRecordedTextOutputLikeTheXml() {
        TorqueProperties text = TorqueProperties.defaults().withOutput(TorqueProperties.OutputFormat.TEXT, "UTC");
        TorqueOutputParser parser = new TorqueOutputParser(text);
        List<TorqueJob> fromText = parser.jobs(fixture("torque/qstat-f.stdout"));
        List<TorqueJob> fromXml = new TorqueOutputParser(TorqueProperties.defaults()).jobs(fixture("torque/qstat-f-x.stdout"));
        assertThat(fromText).isEqualTo(fromXml);
        assertThat(TorqueOutputParser.text(fixture("torque/qstat-f.stdout"), true).get(1).get("submit_args"))
                .as("wrapped values are joined").endsWith("job.sh");
        assertThat(parser.nodes(fixture("torque/pbsnodes-a.stdout")))
                .isEqualTo(new TorqueOutputParser(TorqueProperties.defaults()).nodes(fixture("torque/pbsnodes-x.stdout")));
        assertThat(parser.time("Wed Nov 25 13:28:42 2026"))
                .isEqualTo(LocalDateTime.of(2026, 11, 25, 13, 28, 42).toEpochSecond(ZoneOffset.UTC));
    }

    @Test
    void execHostSlotsAndDurations() {
        assertThat(TorqueOutputParser.execHost("n1/0-3+n2/0,2+n1/5")).isEqualTo(Map.of("n1", 5, "n2", 2));
        assertThat(TorqueOutputParser.duration("1:02:03")).isEqualTo(3723);
        assertThat(TorqueOutputParser.duration("90")).isEqualTo(90);
        assertThat(TorqueOutputParser.duration(null)).isEqualTo(-1);
    }
}
