package org.doji.rm.soap.page;

import java.util.List;
import javax.xml.namespace.QName;

/**
 * The HTML of the service pages: one port's page (operations, documentation, schema links, samples, try-it forms)
 * and the list of every port. Everything taken from the contract or the request is escaped ({@link #escape}); the
 * pages carry no inline script or style (the page's Content-Security-Policy forbids them), only
 * {@value ServicePageFilter#ASSETS}{@code /page.js} and {@code page.css} below the CXF path.
 */
final class ServicePageHtml {

    /** The WS-Security header a port with {@code doji.security} on requires (PasswordText, over HTTPS). */
    static final String USERNAME_TOKEN = """
                <wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">
                  <wsse:UsernameToken>
                    <wsse:Username>user</wsse:Username>
                    <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">password</wsse:Password>
                    <wsse:Nonce EncodingType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary">NONCE</wsse:Nonce>
                    <wsu:Created xmlns:wsu="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd">CREATED</wsu:Created>
                  </wsse:UsernameToken>
                </wsse:Security>
            """;

    /** A row of the service list. */
    record Listed(ServicePort port, String address) {
    }

    /**
     * @param base    the CXF servlet's path from the host, e.g. {@code /services} (links are made from it)
     * @param address the port's absolute address, as shown to the reader
     */
    String page(ServicePort port, String base, String address) {
        String portPath = base + port.path();
        String assets = base + ServicePageFilter.ASSETS;
        SampleXml samples = new SampleXml(port.schemas());
        String envelope = port.soap12() ? SampleXml.SOAP12 : SampleXml.SOAP11;
        StringBuilder h = new StringBuilder(16_384);
        head(h, port.service().getLocalPart() + " · " + port.portName(), assets);
        h.append("<header><p class=\"crumbs\"><a href=\"").append(attr(base + "/")).append("\">SOAP services</a></p>\n<h1>")
                .append(escape(port.service().getLocalPart())).append("</h1>\n<p class=\"port\">Port <code>")
                .append(escape(port.portName())).append("</code> (").append(port.soap12() ? "SOAP 1.2" : "SOAP 1.1")
                .append(") at <code id=\"address\">").append(escape(address)).append("</code></p>\n");
        if (!port.documentation().isEmpty()) {
            h.append("<p class=\"doc\" id=\"service-doc\">").append(escape(port.documentation())).append("</p>\n");
        }
        if (port.usernameToken()) {
            h.append("<p class=\"security\" id=\"security\">This port requires a WS-Security UsernameToken "
                    + "(PasswordText, over HTTPS): put your user name and password into the samples' header; the try-it "
                    + "form puts a fresh Nonce and Created in place of NONCE and CREATED as it sends (a service accepts "
                    + "each pair once).</p>\n");
        }
        h.append("<p class=\"links\"><a id=\"wsdl\" href=\"").append(attr(portPath + "?wsdl")).append("\">WSDL</a>");
        port.schemaKeys().values().stream().distinct().sorted().forEach(key -> h.append(" · <a class=\"xsd\" href=\"")
                .append(attr(portPath + "?xsd=" + key)).append("\">").append(escape(key)).append("</a>"));
        h.append("</p></header>\n<main>\n<nav><h2>Operations</h2><ul id=\"operations\">\n");
        for (ServicePort.Operation op : port.operations()) {
            h.append("<li><a href=\"#op-").append(attr(op.name())).append("\">").append(escape(op.name())).append("</a>");
            if (!op.documentation().isEmpty()) {
                h.append(" — ").append(escape(op.documentation()));
            }
            h.append("</li>\n");
        }
        h.append("</ul></nav>\n");
        for (ServicePort.Operation op : port.operations()) {
            operation(h, port, op, portPath, samples, envelope);
        }
        h.append("</main>\n</body>\n</html>\n");
        return h.toString();
    }

    private void operation(StringBuilder h, ServicePort port, ServicePort.Operation op, String portPath, SampleXml samples,
                           String envelope) {
        String request = op.input() == null ? "" : samples.envelope(envelope, List.of(op.input()),
                port.usernameToken() ? USERNAME_TOKEN : "");
        h.append("<section class=\"operation\" id=\"op-").append(attr(op.name())).append("\" data-operation=\"")
                .append(attr(op.name())).append("\">\n<h2>").append(escape(op.name())).append("</h2>\n");
        if (!op.documentation().isEmpty()) {
            h.append("<p class=\"doc\">").append(escape(op.documentation())).append("</p>\n");
        }
        h.append("<dl>\n<dt>SOAPAction</dt><dd><code class=\"action\">").append(escape(op.soapAction())).append("</code></dd>\n");
        h.append("<dt>Input</dt><dd>").append(link(port, op.input(), portPath, "input")).append("</dd>\n");
        h.append("<dt>Output</dt><dd>").append(link(port, op.output(), portPath, "output")).append("</dd>\n");
        h.append("<dt>Faults</dt><dd>");
        if (op.faults().isEmpty()) {
            h.append("none");
        }
        for (int i = 0; i < op.faults().size(); i++) {
            ServicePort.Fault f = op.faults().get(i);
            h.append(i == 0 ? "" : ", ").append(link(port, f.element(), portPath, "fault"));
        }
        h.append("</dd>\n</dl>\n<h3>Sample request</h3>\n<pre class=\"sample request\">").append(escape(request)).append("</pre>\n");
        if (op.output() != null) {
            h.append("<h3>Sample response</h3>\n<pre class=\"sample response\">")
                    .append(escape(samples.envelope(envelope, List.of(op.output())))).append("</pre>\n");
        }
        h.append("<h3>Try it</h3>\n<form class=\"try\" data-endpoint=\"").append(attr(portPath))
                .append("\" data-soap-action=\"").append(attr(op.soapAction())).append("\" data-soap12=\"")
                .append(port.soap12()).append("\">\n<textarea name=\"envelope\" rows=\"")
                .append(Math.min(30, Math.max(6, request.split("\n", -1).length))).append("\" spellcheck=\"false\">")
                .append(escape(request)).append("</textarea>\n<p><button type=\"submit\">Send to <code>")
                .append(escape(portPath)).append("</code></button> <span class=\"status\"></span></p>\n")
                .append("<pre class=\"answer\" hidden></pre>\n</form>\n</section>\n");
    }

    /** A schema link for one element: the XSD CXF serves for the element's namespace, or the WSDL. */
    private static String link(ServicePort port, QName element, String portPath, String role) {
        if (element == null) {
            return "none";
        }
        String key = port.schemaKey(element);
        String href = key == null ? portPath + "?wsdl" : portPath + "?xsd=" + key;
        return "<a class=\"schema " + role + "\" href=\"" + attr(href) + "\" title=\"" + attr(element.toString()) + "\">"
                + escape(element.getLocalPart()) + "</a>";
    }

    /** The list of every SOAP port, each with its address, WSDL and service page. */
    String list(List<Listed> ports, String base) {
        StringBuilder h = new StringBuilder(4_096);
        head(h, "SOAP services", base + ServicePageFilter.ASSETS);
        h.append("<header><h1>SOAP services</h1>\n<p>Every port, its WSDL and its service page (operations, samples, "
                + "try it). CXF's plain list: <a href=\"").append(attr(base + "/?formatted=false")).append("\">")
                .append("?formatted=false</a>.</p></header>\n<main>\n<table id=\"services\">\n<thead><tr><th>Service</th>"
                        + "<th>Port</th><th>Binding</th><th>Address</th><th></th><th></th></tr></thead>\n<tbody>\n");
        for (Listed l : ports) {
            String portPath = base + l.port().path();
            h.append("<tr data-path=\"").append(attr(l.port().path())).append("\"><td>")
                    .append(escape(l.port().service().getLocalPart())).append("</td><td>").append(escape(l.port().portName()))
                    .append("</td><td>").append(l.port().soap12() ? "SOAP 1.2" : "SOAP 1.1").append("</td><td><code>")
                    .append(escape(l.address())).append("</code></td><td><a class=\"wsdl\" href=\"")
                    .append(attr(portPath + "?wsdl")).append("\">WSDL</a></td><td><a class=\"page\" href=\"")
                    .append(attr(portPath + ServicePageFilter.PAGE_SUFFIX)).append("\">Service page</a></td></tr>\n");
        }
        h.append("</tbody>\n</table>\n</main>\n</body>\n</html>\n");
        return h.toString();
    }

    private static void head(StringBuilder h, String title, String assets) {
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(escape(title)).append(" — Doji</title>\n<meta name=\"viewport\" content=\"width=device-width\">\n")
                .append("<link rel=\"stylesheet\" href=\"").append(attr(assets + "/page.css")).append("\">\n")
                .append("<script src=\"").append(attr(assets + "/page.js")).append("\" defer></script>\n</head>\n<body>\n");
    }

    /** Text safe in HTML content and in double-quoted attributes. */
    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(text.length() + 16);
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    private static String attr(String text) {
        return escape(text);
    }
}
