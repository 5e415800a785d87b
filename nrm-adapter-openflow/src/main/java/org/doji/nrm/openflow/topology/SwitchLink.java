package org.doji.nrm.openflow.topology;

/** A bidirectional link between two switch ports (normalised so that {@code a < b}); both directions
 *  share {@code capacityMbps}. */
public record SwitchLink(PortRef a, PortRef b, long capacityMbps, Double latencyMs) {

    public SwitchLink {
        if (a.compareTo(b) > 0) {
            PortRef t = a;
            a = b;
            b = t;
        }
        if (capacityMbps <= 0) {
            throw new IllegalArgumentException("link " + a + "-" + b + " needs a positive capacity");
        }
    }

    public String id() {
        return "l-" + a + "-" + b;
    }

    /** The port of this link on switch {@code dpid} (loops between two ports of one switch are not modelled). */
    public PortRef portOn(long dpid) {
        return a.dpid() == dpid ? a : b;
    }
}
