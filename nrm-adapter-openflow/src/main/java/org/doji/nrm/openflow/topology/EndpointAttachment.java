package org.doji.nrm.openflow.topology;

/**
 * An endpoint of the domain (a site or an exchange point) and the switch port it hangs off.
 * {@code prefix} (CIDR, e.g. 10.0.0.1/32) restricts the flows of a path to the endpoint's own traffic;
 * null matches everything arriving on the port.
 */
public record EndpointAttachment(String name, boolean exchangePoint, PortRef port, String prefix,
                                 long capacityMbps, Double latencyMs) {

    public EndpointAttachment {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("endpoint needs a name");
        }
        if (capacityMbps <= 0) {
            throw new IllegalArgumentException("endpoint " + name + " needs a positive capacity");
        }
    }

    public String linkId() {
        return "ep-" + name;
    }
}
