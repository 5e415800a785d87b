package org.doji.grc.cli;

import java.util.HashMap;
import java.util.Map;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.message.Message;

/**
 * The caller's credentials, sent as a WS-Security UsernameToken through CXF's WSS4JOutInterceptor: always with a
 * fresh wsse:Nonce and wsu:Created (a secured GRC refuses tokens without them, stale ones and replayed ones), the
 * password as PasswordText (use HTTPS) or, with {@code digest}, as PasswordDigest. The interceptor is looked up by name so that the client still runs where
 * cxf-rt-ws-security (or the SAAJ implementation it needs) is not on the class path: {@link #supported()}
 * says whether they are.
 */
public record Credentials(String user, String password, boolean digest) {

    static final String WSS4J_OUT = "org.apache.cxf.ws.security.wss4j.WSS4JOutInterceptor";
    /** WSS4J's DOM mode works on a SAAJ message: without an implementation every call would fail. */
    static final String SAAJ_IMPL = "com.sun.xml.messaging.saaj.soap.SAAJMetaFactoryImpl";

    public static final Credentials NONE = new Credentials(null, null, false);

    public Credentials(String user, String password) {
        this(user, password, false);
    }

    public boolean present() {
        return user != null && !user.isBlank();
    }

    /** Whether this client can send a UsernameToken (cxf-rt-ws-security and a SAAJ implementation present). */
    public static boolean supported() {
        return present(WSS4J_OUT) && present(SAAJ_IMPL);
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, Credentials.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** Adds the UsernameToken to every request of this client; does nothing without credentials or support. */
    @SuppressWarnings("unchecked")
    public void apply(Client client) {
        if (!present() || !supported()) {
            return;
        }
        Map<String, Object> props = new HashMap<>();
        props.put("action", "UsernameToken");
        props.put("user", user);
        props.put("passwordType", digest ? "PasswordDigest" : "PasswordText");
        props.put("addUsernameTokenNonce", "true");
        props.put("addUsernameTokenCreated", "true");
        // a GRC that does not check tokens ignores the header instead of refusing the call
        props.put("mustUnderstand", "false");
        try {
            Object interceptor = Class.forName(WSS4J_OUT).getConstructor(Map.class).newInstance(props);
            client.getOutInterceptors().add((Interceptor<? extends Message>) interceptor);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot set up WS-Security: " + e, e);
        }
        // the interceptor reads the password from the message's "password" property (no callback needed)
        client.getRequestContext().put("password", password == null ? "" : password);
    }
}
