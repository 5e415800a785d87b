package org.doji.rm.soap.security;

import java.security.Principal;
import java.util.Set;
import javax.xml.namespace.QName;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.headers.Header;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.interceptor.security.DefaultSecurityContext;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.security.SecurityContext;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.wss4j.common.WSS4JConstants;
import org.apache.wss4j.common.bsp.BSPEnforcer;
import org.apache.wss4j.common.ext.WSSecurityException;
import org.apache.wss4j.dom.message.token.UsernameToken;
import org.doji.rm.api.Caller;
import org.doji.rm.api.DojiException;
import org.doji.rm.security.SecurityProperties;
import org.doji.rm.security.UserStore;
import org.doji.rm.soap.Faults;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks the request's {@code wsse:Security/wsse:UsernameToken} against the {@link UserStore}. Runs once the
 * operation is known (PRE_INVOKE), so every refusal is the operation's typed NotAuthorized fault rather than a
 * raw wsse fault, and before the service is invoked, so a refused call stores nothing.
 */
final class UsernameTokenInInterceptor extends AbstractSoapInterceptor {

    private final UserStore users;
    private final Faults faults;
    private final Set<String> coordinatorOperations;

    UsernameTokenInInterceptor(UserStore users, Faults faults, Set<String> coordinatorOperations) {
        super(Phase.PRE_INVOKE);
        this.users = users;
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
        try {
            Caller caller = authenticate(message);
            BindingOperationInfo op = message.getExchange().getBindingOperationInfo();
            String operation = op == null ? null : op.getName().getLocalPart();
            if (operation != null && coordinatorOperations.contains(operation) && !caller.coordinator()) {
                throw DojiException.notAuthorized("user '" + caller.name() + "' may not call " + operation
                        + ": only users with the COORDINATOR role (registered coordinators) may");
            }
            message.getExchange().put(Caller.class, caller);
            Principal principal = caller::name;
            message.put(SecurityContext.class, new DefaultSecurityContext(principal, null));
        } catch (DojiException e) {
            throw new Fault(faults.toFault(e));
        }
    }

    private Caller authenticate(SoapMessage message) {
        UsernameToken token = token(message);
        String type = token.getPasswordType();
        if (type != null && !WSS4JConstants.PASSWORD_TEXT.equals(type)) {
            throw DojiException.notAuthorized("only PasswordText UsernameTokens (over HTTPS) are accepted, got " + type);
        }
        SecurityProperties.User user = users.authenticate(token.getName(), token.getPassword());
        return UserStore.caller(user);
    }

    private static UsernameToken token(SoapMessage message) {
        for (Header h : message.getHeaders()) {
            if (SoapSecurity.WSSE_SECURITY.equals(h.getName()) && h.getObject() instanceof Element security) {
                for (Node n = security.getFirstChild(); n != null; n = n.getNextSibling()) {
                    if (n instanceof Element e && WSS4JConstants.USERNAME_TOKEN_LN.equals(e.getLocalName())
                            && WSS4JConstants.WSSE_NS.equals(e.getNamespaceURI())) {
                        try {
                            return new UsernameToken(e, false, new BSPEnforcer(true));
                        } catch (WSSecurityException ex) {
                            throw DojiException.notAuthorized("malformed UsernameToken: " + ex.getMessage());
                        }
                    }
                }
                throw DojiException.notAuthorized("the wsse:Security header has no UsernameToken");
            }
        }
        throw DojiException.notAuthorized("authentication required: send a WS-Security UsernameToken "
                + "(wsse:Security header, PasswordText)");
    }
}
