package org.doji.nrm.openflow.controller;

import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.OFPortStatus;

/** Switch life-cycle and packet-in events; called on I/O threads, so implementations must not block. */
public interface SwitchListener {

    default void switchConnected(long dpid) {
    }

    default void switchDisconnected(long dpid) {
    }

    default void packetIn(long dpid, OFPacketIn packetIn) {
    }

    /** A port was added, removed or changed (administratively down, link down, ...). */
    default void portStatus(long dpid, OFPortStatus status) {
    }
}
