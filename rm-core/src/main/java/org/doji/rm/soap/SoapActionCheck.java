package org.doji.rm.soap;

import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.binding.soap.interceptor.SoapActionInInterceptor;
import org.apache.cxf.binding.soap.model.SoapOperationInfo;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.doji.rm.fault.DojiException;

/**
 * Refuses a SOAPAction (SOAP 1.1's header, SOAP 1.2's {@code action} parameter) that no operation of the port
 * declares, as the caller's error. CXF refuses one on a port with several operations, but takes any action on a
 * port with a single one (the notification consumer's Notify) and then acts on the body. An empty or absent action
 * is left to CXF, which dispatches by the body's element (WS-I Basic Profile).
 */
public class SoapActionCheck extends AbstractSoapInterceptor {

    public SoapActionCheck() {
        super(Phase.READ);
        addAfter(SoapActionInInterceptor.class.getName());
    }

    @Override
    public void handleMessage(SoapMessage message) {
        String action = SoapActionInInterceptor.getSoapAction(message);
        if (action == null || action.isBlank() || "\"\"".equals(action)) {
            return;
        }
        String bare = action.length() > 1 && action.startsWith("\"") && action.endsWith("\"")
                ? action.substring(1, action.length() - 1) : action;
        Endpoint endpoint = message.getExchange() == null ? null : message.getExchange().getEndpoint();
        if (endpoint == null || endpoint.getEndpointInfo().getBinding() == null) {
            return;
        }
        for (BindingOperationInfo op : endpoint.getEndpointInfo().getBinding().getOperations()) {
            SoapOperationInfo soap = op.getExtensor(SoapOperationInfo.class);
            if (soap != null && bare.equals(soap.getAction())) {
                return;
            }
        }
        throw new Fault(DojiException.invalid("UNKNOWN_ACTION", "the SOAPAction " + WireFaultInterceptor.printable(
                bare.length() > 200 ? bare.substring(0, 200) + "..." : bare) + " names no operation of this port"
                + " (see its WSDL, ?wsdl)"));
    }
}
