package org.doji.rm.soap;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.xml.ws.WebServiceContext;
import jakarta.xml.ws.handler.MessageContext;
import java.security.Principal;
import java.util.List;
import org.apache.cxf.headers.Header;
import org.apache.cxf.jaxws.context.WrappedMessageContext;
import org.apache.cxf.message.Message;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.w3c.dom.Element;

/**
 * What an endpoint needs from the SOAP request besides the body: the addressed resource's key (SOAP
 * header, else {@code ?res=}), the service's own address (for new EPRs) and the caller.
 */
public final class SoapRequestContext {

    private SoapRequestContext() {
    }

    public static String resourceKey(WebServiceContext ctx) {
        String key = resourceKeyOrNull(ctx);
        if (key == null) {
            throw DojiException.invalidField("ResourceKey", "NO_RESOURCE_KEY", "this operation addresses a resource: "
                    + "send the EPR's ResourceKey reference parameter as a SOAP header, or call the EPR's address");
        }
        return key;
    }

    /** The addressed resource's key, or null when the request addresses the service itself. */
    public static String resourceKeyOrNull(WebServiceContext ctx) {
        MessageContext mc = ctx.getMessageContext();
        if (mc instanceof WrappedMessageContext wrapped) {
            Message message = wrapped.getWrappedMessage();
            Object headers = message.get(Header.HEADER_LIST);
            if (headers instanceof List<?> list) {
                for (Object o : list) {
                    if (o instanceof Header h && ResourceReferences.RESOURCE_KEY.equals(h.getName())) {
                        Object value = h.getObject();
                        String key = value instanceof Element e ? e.getTextContent() : String.valueOf(value);
                        if (key != null && !key.isBlank()) {
                            return key.trim();
                        }
                    }
                }
            }
        }
        String key = ResourceReferences.keyFromQuery((String) mc.get(MessageContext.QUERY_STRING));
        return key == null || key.isBlank() ? null : key;
    }

    /** The address this request came to, without query: the base for EPRs of new resources. */
    public static String serviceAddress(WebServiceContext ctx) {
        HttpServletRequest request = (HttpServletRequest) ctx.getMessageContext().get(MessageContext.SERVLET_REQUEST);
        return request.getRequestURL().toString();
    }

    /**
     * The authenticated caller: the user of the request's UsernameToken (a coordinator if it has the
     * COORDINATOR role) when {@link org.doji.rm.soap.security.SoapSecurity} is installed; else the container's
     * principal; unauthenticated calls are {@link Caller#ANONYMOUS}.
     */
    public static Caller caller(WebServiceContext ctx) {
        MessageContext mc = ctx.getMessageContext();
        if (mc instanceof WrappedMessageContext wrapped) {
            Caller authenticated = wrapped.getWrappedMessage().getExchange().get(Caller.class);
            if (authenticated != null) {
                return authenticated;
            }
        }
        Principal p = null;
        try {
            p = ctx.getUserPrincipal();
        } catch (RuntimeException ignored) {
            // no security context on this endpoint
        }
        return p == null ? Caller.ANONYMOUS : new Caller(p.getName(), false);
    }
}
