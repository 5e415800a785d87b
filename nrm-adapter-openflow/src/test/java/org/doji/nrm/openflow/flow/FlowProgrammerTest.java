package org.doji.nrm.openflow.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.doji.nrm.openflow.topology.EndpointAttachment;
import org.doji.nrm.openflow.topology.Hop;
import org.doji.nrm.openflow.topology.PortRef;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.action.OFAction;
import org.projectfloodlight.openflow.protocol.action.OFActionSetField;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionApplyActions;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.protocol.oxm.OFOxmIpDscp;
import org.projectfloodlight.openflow.types.EthType;
import org.projectfloodlight.openflow.types.U64;

class FlowProgrammerTest {

    private final PathDirection dir = new PathDirection(
            new EndpointAttachment("a", false, new PortRef(0x501, 1), "10.80.1.0/24", 100, null),
            new EndpointAttachment("b", false, new PortRef(0x503, 1), "10.80.3.0/24", 100, null),
            List.of(new Hop(0x501, 1, 3)), 30);

    private static List<OFAction> actions(OFMessage m) {
        return ((OFFlowAdd) m).getInstructions().stream().filter(i -> i instanceof OFInstructionApplyActions)
                .map(i -> ((OFInstructionApplyActions) i).getActions()).findFirst().orElseThrow();
    }

    @Test
    void theIngressMarksReservedIpv4PacketsWithTheDscpAndLeavesArpAlone() {
        List<OFMessage> flows = FlowProgrammer.flows(dir, dir.hops().get(0), U64.of(1), 9000, 7L, 46);
        assertThat(flows).hasSize(2).allSatisfy(m -> {
            boolean ip = EthType.IPv4.equals(((OFFlowAdd) m).getMatch().get(MatchField.ETH_TYPE));
            List<OFAction> a = actions(m);
            if (ip) {
                assertThat(a.get(0)).isInstanceOfSatisfying(OFActionSetField.class,
                        s -> assertThat(((OFOxmIpDscp) s.getField()).getValue().getDscpValue()).isEqualTo((byte) 46));
            } else {
                assertThat(a).noneMatch(x -> x instanceof OFActionSetField);
            }
        });
    }

    @Test
    void withoutADscpNothingIsMarked() {
        assertThat(FlowProgrammer.flows(dir, dir.hops().get(0), U64.of(1), 9000, 7L))
                .allSatisfy(m -> assertThat(actions(m)).noneMatch(x -> x instanceof OFActionSetField));
    }
}
