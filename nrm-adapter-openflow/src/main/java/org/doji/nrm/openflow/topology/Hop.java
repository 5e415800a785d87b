package org.doji.nrm.openflow.topology;

/** One switch on a directed path: traffic enters on {@code inPort} and leaves on {@code outPort}. */
public record Hop(long dpid, int inPort, int outPort) {
}
