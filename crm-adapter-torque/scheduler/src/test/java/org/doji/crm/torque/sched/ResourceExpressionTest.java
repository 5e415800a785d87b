package org.doji.crm.torque.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResourceExpressionTest {

    @Test
    void parsesTorqueNodeSpecsAndCoreCounts() {
        ResourceExpression e = ResourceExpression.parse("nodes=2:ppn=4+1:ppn=2:bigmem,walltime=01:00:00");
        assertThat(e.groups()).containsExactly(new ResourceExpression.NodeGroup(2, 4),
                new ResourceExpression.NodeGroup(1, 2));
        assertThat(e.totalCores()).isEqualTo(10);
        assertThat(ResourceExpression.parse("procs=12").totalCores()).isEqualTo(12);
        assertThat(ResourceExpression.parse("nodes=n7:ppn=3").groups())
                .isEqualTo(List.of(new ResourceExpression.NodeGroup(1, 3)));
        assertThat(ResourceExpression.parse("walltime=10").totalCores()).isEqualTo(1);
        assertThat(ResourceExpression.parse(e.toString())).isEqualTo(e);
    }

    @Test
    void rejectsNonsense() {
        assertThatThrownBy(() -> ResourceExpression.parse("nodes=0:ppn=2")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ResourceExpression.parse("procs=x")).isInstanceOf(IllegalArgumentException.class);
    }
}
