package org.doji.rm.soap.client;

import java.time.Clock;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.cxf.binding.soap.SoapHeader;
import org.apache.cxf.headers.Header;
import org.apache.wss4j.common.WSS4JConstants;
import org.apache.wss4j.dom.engine.WSSConfig;
import org.apache.wss4j.dom.message.token.UsernameToken;
import org.doji.rm.soap.security.SoapSecurity;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Builds the {@code wsse:Security} header with a UsernameToken (WSS4J's token element): always a fresh random
 * {@code wsse:Nonce} and a {@code wsu:Created} of the client's clock, so that a service can refuse stale and
 * replayed tokens; the password as PasswordText, or as PasswordDigest (Base64(SHA-1(nonce + created +
 * password)), computed by WSS4J). A fresh element per call: every message needs its own nonce, and DOM trees are
 * not safe to serialise from several threads at once.
 */
final class UsernameTokenHeader {

    static {
        // WSS4J's nonces and digests use xml-security, which must be initialised first
        WSSConfig.init();
    }

    private final String username;
    private final String password;
    private final boolean digest;
    private final Clock clock;
    private final ThreadLocal<DocumentBuilder> builders = ThreadLocal.withInitial(UsernameTokenHeader::builder);

    UsernameTokenHeader(ClientSecurity security) {
        this.username = security.username();
        this.password = security.password();
        this.digest = security.passwordDigest();
        this.clock = security.clock();
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
        UsernameToken token = new UsernameToken(true, doc, clock::instant,
                digest ? WSS4JConstants.PASSWORD_DIGEST : WSS4JConstants.PASSWORD_TEXT);
        token.setName(username);
        token.addNonce(doc);
        token.addCreated(true, clock::instant, doc);
        // after Nonce and Created: a digest is computed from them
        token.setPassword(password);
        security.appendChild(token.getElement());
        doc.appendChild(security);
        SoapHeader header = new SoapHeader(SoapSecurity.WSSE_SECURITY, security);
        header.setMustUnderstand(true);
        return header;
    }
}
