package org.doji.rm.soap.security;

import java.security.Principal;
import java.util.Set;
import javax.xml.namespace.QName;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.headers.Header;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.interceptor.security.DefaultSecurityContext;
import org.apache.cxf.message.FaultMode;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.security.SecurityContext;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.wss4j.common.WSS4JConstants;
import org.apache.wss4j.common.bsp.BSPEnforcer;
import org.apache.wss4j.dom.message.token.UsernameToken;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.soap.Faults;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks the request's {@code wsse:Security/wsse:UsernameToken} with the service's {@link UsernameTokenVerifier}.
 * Hand-written rather than CXF's {@code WSS4JInInterceptor} (which runs before the operation is known and answers
 * with raw {@code wsse:} SOAP faults): it runs once the operation is known (PRE_INVOKE), so every refusal is the
 * operation's typed NotAuthorized fault, and before the service is invoked, so a refused call stores nothing. The
 * token itself is parsed and its digest computed by WSS4J. Every refusal is logged as one WARN line (no stack trace).
 */
final class UsernameTokenInInterceptor extends AbstractSoapInterceptor {

    private static final Logger log = LoggerFactory.getLogger(UsernameTokenInInterceptor.class);

    private final UsernameTokenVerifier verifier;
    private final Faults faults;
    private final Set<String> coordinatorOperations;
    /** Runs before the operation is known: a refusal is no declared fault of an operation (the wire fault types it). */
    private final boolean beforeOperation;

    UsernameTokenInInterceptor(UsernameTokenVerifier verifier, Faults faults, Set<String> coordinatorOperations) {
        this(verifier, faults, coordinatorOperations, Phase.PRE_INVOKE);
    }

    /** In another phase: {@link Phase#PRE_PROTOCOL} for a one-way port, before CXF answers it (and a refusal could not be). */
    UsernameTokenInInterceptor(UsernameTokenVerifier verifier, Faults faults, Set<String> coordinatorOperations, String phase) {
        super(phase);
        this.beforeOperation = !Phase.PRE_INVOKE.equals(phase);
        this.verifier = verifier;
        this.faults = faults;
        this.coordinatorOperations = Set.copyOf(coordinatorOperations);
    }

    /** Declared so that a {@code mustUnderstand="1"} Security header is accepted. */
    @Override
    public Set<QName> getUnderstoodHeaders() {
        return Set.of(SoapSecurity.WSSE_SECURITY);
    }

    @Override
    public void handleMessage(SoapMessage message) {
        BindingOperationInfo op = message.getExchange().getBindingOperationInfo();
        String operation = op == null ? null : op.getName().getLocalPart();
        try {
            Caller caller = authenticate(message);
            if (operation != null && coordinatorOperations.contains(operation) && !caller.coordinator()) {
                throw DojiException.notAuthorized("user '" + caller.name() + "' may not call " + operation
                        + ": only users with the COORDINATOR role (registered coordinators) may");
            }
            message.getExchange().put(Caller.class, caller);
            Principal principal = caller::name;
            message.put(SecurityContext.class, new DefaultSecurityContext(principal, null));
        } catch (DojiException e) {
            refused(message, operation, e);
        } catch (RuntimeException e) {
            // whatever a broken token makes a library throw: its text stays in the log, not in the fault
            log.debug("UsernameToken check failed", e);
            refused(message, operation, DojiException.notAuthorized("malformed UsernameToken"));
        }
    }

    private void refused(SoapMessage message, String operation, DojiException e) {
        // one line: a user name in the message may hold line breaks of the caller's choosing
        log.warn("refused {} at {}: {}", operation == null ? "a call" : operation, address(message),
                e.getMessage().replaceAll("\\p{Cntrl}", " "));
        message.getExchange().put(org.doji.rm.soap.WireFaultInterceptor.LOGGED, Boolean.TRUE); // logged here, once
        if (beforeOperation) {
            throw new Fault(e); // WireFaultInterceptor gives it the typed detail
        }
        // a declared fault of the operation, as if the service had thrown it: CXF then notes it in one INFO line
        // instead of a WARN with the interceptor's stack trace
        message.put(FaultMode.class, FaultMode.CHECKED_APPLICATION_FAULT);
        throw new Fault(faults.toFault(e));
    }

    private static Object address(SoapMessage message) {
        Object path = message.get(org.apache.cxf.message.Message.REQUEST_URI);
        return path == null ? message.get(org.apache.cxf.message.Message.ENDPOINT_ADDRESS) : path;
    }

    private Caller authenticate(SoapMessage message) {
        return verifier.verify(token(message));
    }

    private static UsernameToken token(SoapMessage message) {
        for (Header h : message.getHeaders()) {
            if (SoapSecurity.WSSE_SECURITY.equals(h.getName()) && h.getObject() instanceof Element security) {
                for (Node n = security.getFirstChild(); n != null; n = n.getNextSibling()) {
                    if (n instanceof Element e && WSS4JConstants.USERNAME_TOKEN_LN.equals(e.getLocalName())
                            && WSS4JConstants.WSSE_NS.equals(e.getNamespaceURI())) {
                        try {
                            return new UsernameToken(e, false, new BSPEnforcer(true));
                        } catch (org.apache.wss4j.common.ext.WSSecurityException | RuntimeException ex) {
                            log.debug("UsernameToken not parsed", ex);
                            throw DojiException.notAuthorized("malformed UsernameToken: it must follow the "
                                    + "UsernameToken Profile 1.1 (one wsse:Username, at most one wsse:Password, "
                                    + "wsse:Nonce and wsu:Created)");
                        }
                    }
                }
                throw DojiException.notAuthorized("the wsse:Security header has no UsernameToken");
            }
        }
        throw DojiException.notAuthorized("authentication required: send a WS-Security UsernameToken "
                + "(wsse:Security header with wsse:Username, wsse:Password, wsse:Nonce and wsu:Created)");
    }
}
