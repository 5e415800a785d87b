package org.doji.nrm.openflow.controller;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFStatsReply;
import org.projectfloodlight.openflow.protocol.OFStatsRequest;
import org.projectfloodlight.openflow.protocol.OFVersion;

/**
 * The boundary between the NRM and the switches (OpenFlow 1.3). The real implementation is
 * {@link OpenFlowController}; unit tests use a fake fed with recorded real messages.
 */
public interface SwitchClient {

    OFFactory FACTORY = OFFactories.getFactory(OFVersion.OF_13);

    /** Datapath ids of the switches that completed the handshake and are connected now. */
    Set<Long> connectedSwitches();

    /** Ports reported in PORT_DESC at the last handshake of {@code dpid} (empty if unknown). */
    List<OFPortDesc> ports(long dpid);

    /**
     * Sends the messages in order followed by a BARRIER; completes when the barrier reply arrives,
     * exceptionally if the switch answered any of them with an error or is not connected.
     */
    CompletableFuture<Void> send(long dpid, List<? extends OFMessage> messages);

    /** A multipart request; completes with every reply part. */
    <R extends OFStatsReply> CompletableFuture<List<R>> stats(long dpid, OFStatsRequest<R> request);

    void addListener(SwitchListener listener);
}
