package org.doji.nrm.openflow.flow;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.doji.nrm.openflow.controller.SwitchClient;
import org.doji.nrm.openflow.topology.Hop;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFFlowDelete;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFMeterFlags;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.OFMeterModCommand;
import org.projectfloodlight.openflow.protocol.action.OFAction;
import org.projectfloodlight.openflow.protocol.instruction.OFInstruction;
import org.projectfloodlight.openflow.protocol.match.Match;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.EthType;
import org.projectfloodlight.openflow.types.IPv4AddressWithMask;
import org.projectfloodlight.openflow.types.IpDscp;
import org.projectfloodlight.openflow.types.OFGroup;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.TableId;
import org.projectfloodlight.openflow.types.U64;

/**
 * Builds the OpenFlow 1.3 messages of set_route and del_route: per switch of a direction, an IPv4 flow
 * and an ARP flow (in_port plus the endpoints' prefixes) forwarding to the next port; the ingress switch
 * applies a meter with a drop band at the reserved rate (and, when asked, marks the IPv4 packets with a DSCP there).
 */
public final class FlowProgrammer {

    private static final OFFactory F = SwitchClient.FACTORY;

    private FlowProgrammer() {
    }

    public static List<OFMessage> flows(PathDirection dir, Hop hop, U64 cookie, int priority, Long meterId) {
        return flows(dir, hop, cookie, priority, meterId, null);
    }

    /** As above; {@code dscp} (null: none) is set on the IPv4 packets (the ARP flow has no IP header to mark). */
    public static List<OFMessage> flows(PathDirection dir, Hop hop, U64 cookie, int priority, Long meterId, Integer dscp) {
        List<OFMessage> out = new ArrayList<>();
        for (Match m : matches(dir, hop)) {
            List<OFInstruction> ins = new ArrayList<>();
            if (meterId != null) {
                ins.add(F.instructions().buildMeter().setMeterId(meterId).build());
            }
            List<OFAction> actions = new ArrayList<>();
            if (dscp != null && EthType.IPv4.equals(m.get(MatchField.ETH_TYPE))) {
                actions.add(F.actions().setField(F.oxms().ipDscp(IpDscp.of(dscp.byteValue()))));
            }
            actions.add(F.actions().output(OFPort.of(hop.outPort()), 0xffff));
            ins.add(F.instructions().applyActions(actions));
            out.add(F.buildFlowAdd().setCookie(cookie).setPriority(priority).setMatch(m).setInstructions(ins)
                    .build());
        }
        return out;
    }

    private static List<Match> matches(PathDirection dir, Hop hop) {
        OFPort in = OFPort.of(hop.inPort());
        if (dir.src().prefix() == null || dir.dst().prefix() == null) {
            return List.of(F.buildMatch().setExact(MatchField.IN_PORT, in).build());
        }
        IPv4AddressWithMask src = IPv4AddressWithMask.of(dir.src().prefix());
        IPv4AddressWithMask dst = IPv4AddressWithMask.of(dir.dst().prefix());
        Match ip = F.buildMatch().setExact(MatchField.IN_PORT, in).setExact(MatchField.ETH_TYPE, EthType.IPv4)
                .setMasked(MatchField.IPV4_SRC, src).setMasked(MatchField.IPV4_DST, dst).build();
        Match arp = F.buildMatch().setExact(MatchField.IN_PORT, in).setExact(MatchField.ETH_TYPE, EthType.ARP)
                .setMasked(MatchField.ARP_SPA, src).setMasked(MatchField.ARP_TPA, dst).build();
        return List.of(ip, arp);
    }

    /** Meter ADD with one drop band at {@code rateMbps}; burst one second's worth (kilobits). */
    public static OFMeterMod meterAdd(long meterId, long rateMbps) {
        long kbps = rateMbps * 1000;
        return F.buildMeterMod().setCommand(OFMeterModCommand.ADD).setMeterId(meterId)
                .setFlags(Set.of(OFMeterFlags.KBPS, OFMeterFlags.BURST, OFMeterFlags.STATS))
                .setMeters(List.of(F.meterBands().buildDrop().setRate(kbps).setBurstSize(kbps).build()))
                .build();
    }

    public static OFMeterMod meterDelete(long meterId) {
        return F.buildMeterMod().setCommand(OFMeterModCommand.DELETE).setMeterId(meterId).setMeters(List.of())
                .build();
    }

    /** 0xffffffff = OFPM_ALL. */
    public static OFMeterMod meterDeleteAll() {
        return meterDelete(0xffffffffL);
    }

    public static OFFlowDelete deleteByCookie(U64 cookie, U64 mask) {
        return F.buildFlowDelete().setTableId(TableId.ALL).setCookie(cookie).setCookieMask(mask)
                .setOutPort(OFPort.ANY).setOutGroup(OFGroup.ANY).build();
    }
}
