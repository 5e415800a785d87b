package org.doji.nrm.openflow.topology;

/** One switch port: datapath id and OpenFlow port number. */
public record PortRef(long dpid, int port) implements Comparable<PortRef> {

    @Override
    public int compareTo(PortRef o) {
        int c = Long.compareUnsigned(dpid, o.dpid);
        return c != 0 ? c : Integer.compare(port, o.port);
    }

    @Override
    public String toString() {
        return Topology.vertex(dpid) + ":" + port;
    }
}
