package org.doji.rm.soap;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.wsdl.interceptors.DocLiteralInInterceptor;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.phase.Phase;
import org.doji.rm.fault.DojiException;

/**
 * Refuses a request whose SOAP Body holds no element before CXF picks an operation for it: CXF would otherwise
 * invoke the operation the SOAPAction names with no arguments (or none at all) and answer with its own untyped
 * fault. Only looks at the reader's position; reads nothing but whitespace and comments.
 */
public class EmptyBodyInterceptor extends AbstractSoapInterceptor {

    public EmptyBodyInterceptor() {
        super(Phase.UNMARSHAL);
        addBefore(DocLiteralInInterceptor.class.getName());
    }

    @Override
    public void handleMessage(SoapMessage message) {
        XMLStreamReader reader = message.getContent(XMLStreamReader.class);
        if (reader == null) {
            return;
        }
        try {
            while (reader.getEventType() == XMLStreamConstants.CHARACTERS && reader.isWhiteSpace()
                    || reader.getEventType() == XMLStreamConstants.SPACE
                    || reader.getEventType() == XMLStreamConstants.COMMENT) {
                reader.next();
            }
            boolean bodyEnded = reader.getEventType() == XMLStreamConstants.END_ELEMENT
                    && message.getVersion().getBody().equals(reader.getName());
            if (bodyEnded || reader.getEventType() == XMLStreamConstants.END_DOCUMENT) {
                throw new Fault(DojiException.invalid("EMPTY_BODY",
                        "the SOAP Body is empty: it must hold the request element of one of this port's operations"));
            }
        } catch (XMLStreamException e) {
            throw new Fault(e);
        }
    }
}
