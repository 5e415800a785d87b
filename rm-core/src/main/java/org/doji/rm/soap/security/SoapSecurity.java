package org.doji.rm.soap.security;

import java.util.Set;
import javax.xml.namespace.QName;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.wss4j.common.WSS4JConstants;
import org.doji.rm.soap.Faults;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Installs WS-Security UsernameToken authentication on a CXF endpoint (the RM port here; the GRC publishes its
 * ports with the same call). Every operation then needs a {@code wsse:Security} header with a fresh, never replayed
 * UsernameToken (PasswordText over HTTPS, or PasswordDigest; with wsse:Nonce and wsu:Created) of a configured
 * user, as the service's one {@link UsernameTokenVerifier} decides; the authenticated
 * {@link org.doji.rm.api.Caller} is what {@link org.doji.rm.soap.SoapRequestContext#caller} returns. Failures
 * are the contract's typed NotAuthorized fault; {@code ?wsdl} stays readable without credentials.
 */
public final class SoapSecurity {

    private static final Logger log = LoggerFactory.getLogger(SoapSecurity.class);

    public static final QName WSSE_SECURITY = new QName(WSS4JConstants.WSSE_NS, WSS4JConstants.WSSE_LN);

    /** The RM port's operations that only registered coordinators (role COORDINATOR) may call. */
    public static final Set<String> RM_COORDINATOR_OPERATIONS =
            Set.of("reserve", "reserveCommit", "reserveAbort", "modify", "cancel");

    private SoapSecurity() {
    }

    /** Authentication only: any configured user may call any operation. */
    public static boolean install(EndpointImpl endpoint, UsernameTokenVerifier verifier, Faults faults) {
        return install(endpoint, verifier, faults, Set.of());
    }

    /**
     * Authentication on every operation, and the COORDINATOR role on {@code coordinatorOperations} (local
     * names of the WSDL operations). Does nothing when the store has no users (security off); returns whether
     * it installed anything. Every port of a service shares the one verifier (and so its nonce cache). Call before {@code endpoint.publish(...)}.
     */
    public static boolean install(EndpointImpl endpoint, UsernameTokenVerifier verifier, Faults faults,
                                  Set<String> coordinatorOperations) {
        if (!verifier.enabled()) {
            return false;
        }
        endpoint.getInInterceptors().add(new UsernameTokenInInterceptor(verifier, faults, coordinatorOperations));
        log.info("WS-Security UsernameToken required on {} (coordinator-only operations: {})",
                endpoint.getAddress() == null ? endpoint.getImplementorClass().getSimpleName() : endpoint.getAddress(),
                coordinatorOperations);
        return true;
    }

    /**
     * Authentication on a port of one-way operations (a notification consumer): checked as soon as the headers are
     * read, before CXF acknowledges a one-way message, so a refusal reaches the sender as a Client fault. Does
     * nothing when {@code verifier} has no users; returns whether it installed anything.
     */
    public static boolean installOneWay(EndpointImpl endpoint, UsernameTokenVerifier verifier, Faults faults) {
        return installOneWay(endpoint, verifier, faults, false);
    }

    /** As above; {@code required}: installed even when the verifier has no users (every message is then refused). */
    public static boolean installOneWay(EndpointImpl endpoint, UsernameTokenVerifier verifier, Faults faults,
                                        boolean required) {
        if (!verifier.enabled() && !required) {
            return false;
        }
        endpoint.getInInterceptors().add(new UsernameTokenInInterceptor(verifier, faults, Set.of(),
                org.apache.cxf.phase.Phase.PRE_PROTOCOL));
        return true;
    }

    /** Whether {@link #install} put the UsernameToken check on this endpoint (a published one or its EndpointImpl). */
    public static boolean requiresUsernameToken(org.apache.cxf.interceptor.InterceptorProvider endpoint) {
        return endpoint.getInInterceptors().stream().anyMatch(UsernameTokenInInterceptor.class::isInstance);
    }
}
