package org.doji.grc.notify;

import java.net.URI;
import java.net.URISyntaxException;
import org.doji.rm.fault.DojiException;

/**
 * Where a subscription's notifications go: the consumer EPR's address, and its reference parameters as XML (each
 * sent back as a SOAP header, as WS-Addressing asks), or null when it has none.
 */
public record ConsumerEndpoint(String address, String referenceParameters) {

    public static final int MAX_ADDRESS = 1024;
    public static final int MAX_PARAMETERS = 16_000;

    /** Refuses what the GRC cannot or should not post to: an address that is not absolute http(s), or too long. */
    public ConsumerEndpoint {
        if (address == null || address.isBlank()) {
            throw DojiException.invalidField("ConsumerReference/Address", "NO_CONSUMER", "the consumer EPR has no address");
        }
        if (address.length() > MAX_ADDRESS) {
            throw DojiException.invalidField("ConsumerReference/Address", "CONSUMER_ADDRESS",
                    "the consumer address is longer than " + MAX_ADDRESS + " characters");
        }
        URI uri;
        try {
            uri = new URI(address);
        } catch (URISyntaxException e) {
            throw DojiException.invalidField("ConsumerReference/Address", "CONSUMER_ADDRESS",
                    "the consumer address is not a URI");
        }
        if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())
                || uri.getHost() == null) {
            throw DojiException.invalidField("ConsumerReference/Address", "CONSUMER_ADDRESS",
                    "the consumer address must be an absolute http or https URL");
        }
        if (referenceParameters != null && referenceParameters.length() > MAX_PARAMETERS) {
            throw DojiException.invalidField("ConsumerReference/ReferenceParameters", "CONSUMER_ADDRESS",
                    "the consumer's reference parameters are longer than " + MAX_PARAMETERS + " characters");
        }
    }

    public static ConsumerEndpoint of(String address) {
        return new ConsumerEndpoint(address, null);
    }
}
