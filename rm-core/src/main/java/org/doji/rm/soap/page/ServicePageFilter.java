package org.doji.rm.soap.page;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.cxf.Bus;
import org.apache.cxf.transport.ChainInitiationObserver;
import org.apache.cxf.transport.http.AbstractHTTPDestination;
import org.apache.cxf.transport.http.DestinationRegistry;
import org.apache.cxf.transport.http.HTTPTransportFactory;
import org.doji.rm.soap.security.SoapSecurity;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * Serves the service pages in front of the CXF servlet, for every port published on it (GET and HEAD only; every
 * other request, {@code ?xsd=} included, goes on to CXF unchanged; {@code ?wsdl} is CXF's with its messages in a
 * readable order):
 * <ul>
 * <li>{@code <cxf>/<port>}{@value #PAGE_SUFFIX}: the port's page, e.g. {@code /services/rm/help},
 *     {@code /services/grc/help}, {@code /services/rm/soap12/help};</li>
 * <li>{@code <cxf>} and {@code <cxf>/}: the list of every port with its WSDL and page (CXF's own list stays at
 *     {@code ?formatted=false});</li>
 * <li>{@code <cxf>}{@value #ASSETS}{@code /page.js} and {@code page.css}: the pages' script and style.</li>
 * </ul>
 * Pages are sent with a Content-Security-Policy that allows scripts and styles from this server only and
 * connections ({@code fetch}, used by the try-it forms) to this server only.
 */
public class ServicePageFilter extends OncePerRequestFilter {

    public static final String PAGE_SUFFIX = "/help";
    public static final String ASSETS = "/help";
    static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
            + "img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
    private static final Set<String> READ = Set.of("GET", "HEAD");
    private static final Logger log = LoggerFactory.getLogger(ServicePageFilter.class);

    private final Bus bus;
    private final String cxfPath;
    private final ServicePageHtml html = new ServicePageHtml();

    /** @param cxfPath where the CXF servlet is mapped, e.g. {@code /services} */
    public ServicePageFilter(Bus bus, String cxfPath) {
        this.bus = bus;
        this.cxfPath = cxfPath.endsWith("/") ? cxfPath.substring(0, cxfPath.length() - 1) : cxfPath;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        if (!READ.contains(request.getMethod()) || !path.startsWith(cxfPath)) {
            chain.doFilter(request, response);
            return;
        }
        String rest = path.substring(cxfPath.length());
        String base = request.getContextPath() + cxfPath;
        if ((rest.isEmpty() || rest.equals("/")) && request.getQueryString() == null && !cxfPath.isEmpty()) {
            send(response, "text/html", html.list(ports(), base));
        } else if (rest.equals(ASSETS + "/page.js") || rest.equals(ASSETS + "/page.css")) {
            asset(response, rest.substring(rest.lastIndexOf('/') + 1));
        } else {
            ServicePort port = rest.endsWith(PAGE_SUFFIX) && request.getQueryString() == null
                    ? port(rest.substring(0, rest.length() - PAGE_SUFFIX.length())) : null;
            if (port != null) {
                send(response, "text/html", html.page(port, base, origin(request) + base + port.path()));
            } else if ("wsdl".equalsIgnoreCase(request.getQueryString()) && port(rest) != null) {
                readableWsdl(request, response, chain);
            } else {
                chain.doFilter(request, response); // not a page: CXF answers (?xsd=, SOAP, its 404s)
            }
        }
    }

    /** CXF's {@code ?wsdl}, its messages in the order the port types use them ({@link WsdlOrder}). */
    private static void readableWsdl(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        ContentCachingResponseWrapper written = new ContentCachingResponseWrapper(response);
        chain.doFilter(request, written);
        byte[] body = written.getContentAsByteArray();
        if (written.getStatus() == HttpServletResponse.SC_OK && body.length > 0) {
            body = WsdlOrder.readable(body);
        }
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** The port CXF serves at {@code path} (below the servlet), or null. */
    ServicePort port(String path) {
        DestinationRegistry registry = registry();
        if (registry == null || path.isEmpty() || !registry.getDestinationsPaths().contains(path)) {
            return null;
        }
        AbstractHTTPDestination destination = registry.getDestinationForPath(path);
        if (destination == null || destination.getEndpointInfo() == null || destination.getEndpointInfo().getBinding() == null) {
            return null;
        }
        try {
            boolean token = destination.getMessageObserver() instanceof ChainInitiationObserver observer
                    && SoapSecurity.requiresUsernameToken(observer.getEndpoint());
            return ServicePort.of(path, destination.getEndpointInfo(), token);
        } catch (RuntimeException e) {
            log.warn("no service page for {}: {}", path, e.toString());
            return null;
        }
    }

    /** Every port CXF serves, by path. */
    List<ServicePageHtml.Listed> ports() {
        DestinationRegistry registry = registry();
        List<ServicePageHtml.Listed> out = new ArrayList<>();
        if (registry != null) {
            registry.getDestinationsPaths().stream().sorted().forEach(p -> {
                ServicePort port = port(p);
                if (port != null) {
                    out.add(new ServicePageHtml.Listed(port, cxfPath + p));
                }
            });
        }
        return out;
    }

    private DestinationRegistry registry() {
        HTTPTransportFactory transport = bus.getExtension(HTTPTransportFactory.class);
        return transport == null ? null : transport.getRegistry();
    }

    private static String origin(HttpServletRequest request) {
        String scheme = request.getScheme();
        int port = request.getServerPort();
        boolean defaultPort = ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
        return scheme + "://" + request.getServerName() + (defaultPort ? "" : ":" + port);
    }

    private static void send(HttpServletResponse response, String type, String body) throws IOException {
        headers(response, type);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    private static void asset(HttpServletResponse response, String name) throws IOException {
        try (InputStream in = ServicePageFilter.class.getResourceAsStream(name)) {
            if (in == null) {
                response.sendError(HttpServletResponse.SC_NOT_FOUND);
                return;
            }
            byte[] bytes = in.readAllBytes();
            headers(response, name.endsWith(".js") ? "text/javascript" : "text/css");
            response.setContentLength(bytes.length);
            response.getOutputStream().write(bytes);
        }
    }

    private static void headers(HttpServletResponse response, String type) {
        response.setContentType(type + ";charset=UTF-8");
        response.setHeader("Content-Security-Policy", CSP);
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("Cache-Control", "no-cache");
    }
}
