package org.doji.it;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.AddressingFeature;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import javax.net.ssl.TrustManagerFactory;
import org.apache.cxf.configuration.jsse.TLSClientParameters;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.ws.security.wss4j.WSS4JOutInterceptor;
import org.apache.wss4j.common.ConfigurationConstants;
import org.apache.wss4j.dom.WSConstants;
import org.doji.contract.GrcPortType;
import org.doji.contract.GrcService;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.SiteRequest;
import org.doji.contract.types.TimeConstraint;
import org.doji.contract.types.TimeWindow;

/**
 * GRC clients as any WS-Security toolkit makes them (CXF's standard WSS4JOutInterceptor: a PasswordText
 * UsernameToken with a fresh Nonce and Created), for the secured-grid ITs; and their small requests.
 */
final class SecureClients {

    private SecureClients() {
    }

    /** A GRC port at {@code address} as {@code user} (none: no token), trusting {@code trustStore} when given. */
    static GrcPortType as(String user, String password, String address, Path trustStore, String trustStorePassword) {
        return secured(new GrcService().getGrcPort(new AddressingFeature()), user, password, address, trustStore,
                trustStorePassword);
    }

    /** The GRC's subscription manager at {@code address} (a subscription's, with ?res=) as {@code user}. */
    static org.doji.contract.wsn.ports.SubscriptionManager managerAs(String user, String password, String address) {
        return secured(new org.doji.contract.SubscriptionManagerService().getSubscriptionManagerPort(new AddressingFeature()),
                user, password, address, null, null);
    }

    private static <T> T secured(T port, String user, String password, String address, Path trustStore,
                                 String trustStorePassword) {
        ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);
        Client client = ClientProxy.getClient(port);
        if (user != null) {
            client.getOutInterceptors().add(new WSS4JOutInterceptor(Map.of(
                    ConfigurationConstants.ACTION, ConfigurationConstants.USERNAME_TOKEN,
                    ConfigurationConstants.USER, user,
                    ConfigurationConstants.PASSWORD_TYPE, WSConstants.PW_TEXT,
                    ConfigurationConstants.ADD_USERNAMETOKEN_NONCE, "true",
                    ConfigurationConstants.ADD_USERNAMETOKEN_CREATED, "true",
                    ConfigurationConstants.PW_CALLBACK_REF, (javax.security.auth.callback.CallbackHandler) callbacks -> {
                        for (var cb : callbacks) {
                            ((org.apache.wss4j.common.ext.WSPasswordCallback) cb).setPassword(password);
                        }
                    })));
        }
        if (trustStore != null) {
            TLSClientParameters params = new TLSClientParameters();
            try (InputStream in = Files.newInputStream(trustStore)) {
                KeyStore trust = KeyStore.getInstance("PKCS12");
                trust.load(in, trustStorePassword.toCharArray());
                TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(trust);
                params.setTrustManagers(tmf.getTrustManagers());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            ((HTTPConduit) client.getConduit()).setTlsClientParameters(params);
        }
        return port;
    }

    /** One site of {@code cores} cores for an hour, {@code day} days from now (on the hour). */
    static CoAllocationRequest oneSite(int day, int cores) {
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(day, ChronoUnit.DAYS);
        CoAllocationRequest r = new CoAllocationRequest();
        SiteRequest s = new SiteRequest();
        s.setId("a");
        s.setCores(cores);
        r.getSite().add(s);
        TimeWindow w = new TimeWindow();
        w.setStart(start);
        w.setEnd(start.plus(1, ChronoUnit.HOURS));
        TimeConstraint t = new TimeConstraint();
        t.setFixed(w);
        r.setTime(t);
        return r;
    }
}
