package org.doji.rm.soap.client;

import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.cxf.binding.soap.SoapHeader;
import org.apache.cxf.headers.Header;
import org.apache.wss4j.common.WSS4JConstants;
import org.apache.wss4j.dom.message.token.UsernameToken;
import org.doji.rm.soap.security.SoapSecurity;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Builds the {@code wsse:Security} header with a PasswordText UsernameToken (WSS4J's token element). A fresh
 * element per call: DOM trees are not safe to serialise from several threads at once.
 */
final class UsernameTokenHeader {

    private final String username;
    private final String password;
    private final ThreadLocal<DocumentBuilder> builders = ThreadLocal.withInitial(UsernameTokenHeader::builder);

    UsernameTokenHeader(String username, String password) {
        this.username = username;
        this.password = password;
    }

    private static DocumentBuilder builder() {
        try {
            return DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    Header header() {
        Document doc = builders.get().newDocument();
        Element security = doc.createElementNS(WSS4JConstants.WSSE_NS, WSS4JConstants.WSSE_PREFIX + ":" + WSS4JConstants.WSSE_LN);
        security.setAttributeNS(WSS4JConstants.XMLNS_NS, "xmlns:" + WSS4JConstants.WSSE_PREFIX, WSS4JConstants.WSSE_NS);
        UsernameToken token = new UsernameToken(false, doc, WSS4JConstants.PASSWORD_TEXT);
        token.setName(username);
        token.setPassword(password);
        security.appendChild(token.getElement());
        doc.appendChild(security);
        SoapHeader header = new SoapHeader(SoapSecurity.WSSE_SECURITY, security);
        header.setMustUnderstand(true);
        return header;
    }
}
