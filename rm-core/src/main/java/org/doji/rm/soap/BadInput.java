package org.doji.rm.soap;

import java.util.regex.Pattern;
import org.apache.cxf.interceptor.Fault;

/**
 * Recognises the faults CXF raises for a request the caller got wrong, before any endpoint code runs, and says
 * what was wrong in the caller's terms: an error code and a description without the server's class names.
 */
final class BadInput {

    /** Java class names (java.lang.IllegalArgumentException, com.ctc.wstx.exc.WstxParsingException, ...). */
    private static final Pattern CLASS_NAME = Pattern.compile("\\b(?:[a-z][a-z0-9_]*\\.)+[A-Z]\\w*(?:Exception|Error)\\b:?\\s*");
    private static final int MAX_DESCRIPTION = 600;
    private static final String WSA = "http://www.w3.org/2005/08/addressing";

    private BadInput() {
    }

    /** The error code for faults caused by the request document, or null for anything else. */
    static String classify(Fault fault) {
        String code = null;
        for (Throwable t = fault; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String type = t.getClass().getName();
            String msg = String.valueOf(t.getMessage());
            if (msg.contains("cvc-")) {
                return "SCHEMA_VIOLATION"; // the validator's words, even when they speak of a maximum
            }
            if (msg.contains("Illegal character") || msg.contains("Invalid XML character")
                    || msg.contains("not a valid XML character") || msg.contains("Illegal XML character")) {
                return "ILLEGAL_CHARACTER";
            }
            if (msg.contains("DOCTYPE") || msg.contains("DTD") || msg.contains("entity declaration")
                    || msg.contains("Undeclared general entity") || msg.contains("Entity expansion")) {
                return "DTD_NOT_ALLOWED";
            }
            if (msg.contains("Maximum") || msg.contains("maximum") || msg.contains("limit")) {
                return "MESSAGE_TOO_LARGE";
            }
            if (msg.contains("boundary") || msg.contains("No attachment") || msg.contains("MIME") || readingMultipart(t)) {
                return "UNSUPPORTED_CONTENT"; // multipart without its boundary, or a content type no port takes
            }
            boolean endedBeforeBody = t instanceof java.util.NoSuchElementException && t.getStackTrace().length > 0
                    && t.getStackTrace()[0].getClassName().startsWith("com.ctc.wstx."); // the reader ran past the end
            if (msg.contains("Invalid SOAP Envelope") || msg.contains("not a SOAP envelope") || msg.contains("No soap body")
                    || endedBeforeBody) {
                return "INVALID_ENVELOPE";
            }
            if (msg.contains("SOAPAction") && msg.contains("does not match")) {
                return "UNKNOWN_ACTION"; // a SOAPAction no operation of the port has, or another operation's
            }
            if (msg.contains("Message Addressing Property") || (t instanceof org.apache.cxf.binding.soap.SoapFault soap
                    && soap.getFaultCode() != null && WSA.equals(soap.getFaultCode().getNamespaceURI()))) {
                return "INVALID_ADDRESSING"; // WS-Addressing headers missing, repeated, or not matching the SOAPAction
            }
            if ((msg.contains("Unexpected element") || msg.contains("Unexpected wrapper element")) && msg.contains("Expected")) {
                return "SCHEMA_VIOLATION"; // the body's element is not the one the action's operation takes
            }
            if (msg.contains("No binding operation info") || msg.contains("was not recognized")
                    || msg.contains("Invocation without a binding operation")) {
                return "UNKNOWN_OPERATION";
            }
            if (type.contains("Wstx") || msg.contains("Unexpected close tag") || msg.contains("Unexpected character")
                    || msg.contains("Unexpected EOF") || msg.contains("Unexpected end") || msg.contains("not well-formed")) {
                return "MALFORMED_XML";
            }
            if (code == null && (t instanceof org.xml.sax.SAXParseException || msg.contains("cvc-")
                    || type.endsWith("UnmarshalException") || msg.contains("Unmarshalling Error"))) {
                code = "SCHEMA_VIOLATION"; // keep looking: a cause may show it is really malformed
            }
            if (code == null && t instanceof javax.xml.stream.XMLStreamException) {
                code = "MALFORMED_XML";
            }
        }
        return code;
    }

    /**
     * Thrown while CXF read a multipart/related body: that code reads nothing but what the caller sent, and fails with
     * whatever its parsing hits (an empty body ends in a StringIndexOutOfBoundsException), so the place, not the
     * message, says it was the caller's body.
     */
    private static boolean readingMultipart(Throwable t) {
        StackTraceElement[] frames = t.getStackTrace();
        for (int i = 0; i < Math.min(frames.length, 12); i++) {
            if (frames[i].getClassName().startsWith("org.apache.cxf.attachment.")) {
                return true;
            }
        }
        return false;
    }

    static String describe(String code, Fault fault) {
        String detail = clean(fault.getMessage());
        return switch (code) {
            case "DTD_NOT_ALLOWED" -> "the message contains a DTD or entity declaration, which is not allowed: " + detail;
            case "ILLEGAL_CHARACTER" -> "the message contains a character XML 1.0 does not allow: " + detail;
            case "MESSAGE_TOO_LARGE" -> "the message exceeds the size limits: " + detail;
            case "MALFORMED_XML" -> "the message is not well-formed XML: " + detail;
            case "INVALID_ADDRESSING" -> "the WS-Addressing headers are not valid (each at most once; wsa:Action equal"
                    + " to the SOAPAction): " + detail;
            case "UNSUPPORTED_CONTENT" -> "the message's content type is not one this port takes (SOAP 1.1: text/xml;"
                    + " SOAP 1.2: application/soap+xml; multipart/related only with its boundary): " + detail;
            case "INVALID_ENVELOPE" -> "the message is no SOAP envelope (soap:Envelope with at most one soap:Header and"
                    + " one soap:Body): " + detail;
            case "UNKNOWN_ACTION" -> "the SOAPAction names no operation of this port, or not the one the SOAP Body's"
                    + " element belongs to (see its WSDL, ?wsdl)";
            case "UNKNOWN_OPERATION" -> "the SOAP Body must hold exactly one request element of an operation of this port"
                    + " (see its WSDL, ?wsdl)";
            default -> "the message does not match the schema: " + detail;
        };
    }

    /** The parser's or validator's words, without class names and CXF's prefixes, bounded in length. */
    static String clean(String message) {
        String text = message == null ? "" : message.replaceAll("\\s+", " ").trim();
        text = CLASS_NAME.matcher(text).replaceAll("");
        text = text.replace("Unmarshalling Error: ", "").replace("[] ", "").replace(" {unknown-source}", "");
        if (text.length() > MAX_DESCRIPTION) {
            text = text.substring(0, MAX_DESCRIPTION) + "...";
        }
        return text;
    }
}
