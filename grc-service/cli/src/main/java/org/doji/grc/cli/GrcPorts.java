package org.doji.grc.cli;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.AddressingFeature;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.headers.Header;
import org.apache.cxf.jaxb.JAXBDataBinding;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;
import org.doji.contract.GrcPortType;
import org.doji.contract.GrcService;
import org.doji.rm.soap.ResourceReferences;

/** Where the CLI gets its GRC proxies from: real CXF ports in the product, a fake in unit tests. */
public interface GrcPorts {

    /** A port calling {@code address}; with a key, addressing that co-allocation (header and ?res=). */
    GrcPortType port(String address, String key);

    /** CXF proxies with WS-Addressing, the call timeout, and credentials when given; cached per target. */
    static GrcPorts cxf(Duration timeout, Credentials credentials) {
        GrcService service = new GrcService();
        Map<String, GrcPortType> cache = new HashMap<>();
        return (address, key) -> cache.computeIfAbsent(address + "#" + key, k -> {
            GrcPortType port = service.getGrcPort(new AddressingFeature());
            Map<String, Object> ctx = ((BindingProvider) port).getRequestContext();
            ctx.put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);
            if (key != null) {
                try {
                    // mutable: WS-Addressing adds its own headers to this list
                    List<Header> headers = new ArrayList<>(List.of(new Header(ResourceReferences.RESOURCE_KEY, key,
                            new JAXBDataBinding(String.class))));
                    ctx.put(Header.HEADER_LIST, headers);
                } catch (jakarta.xml.bind.JAXBException e) {
                    throw new IllegalStateException(e);
                }
            }
            Client client = ClientProxy.getClient(port);
            HTTPClientPolicy policy = new HTTPClientPolicy();
            policy.setConnectionTimeout(Math.min(timeout.toMillis(), 10_000));
            policy.setReceiveTimeout(timeout.toMillis());
            policy.setAllowChunking(false);
            ((HTTPConduit) client.getConduit()).setClient(policy);
            credentials.apply(client);
            return port;
        });
    }
}
