package org.doji.rm.soap;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses a request whose Content-Type names a character set Java does not know, before the servlet container reads
 * it: Tomcat would fail inside the CXF servlet and log an ERROR with a stack trace for what is the sender's error.
 * The answer is a SOAP Client fault (HTTP 415) and one WARN line, like every other refusal of bad input.
 */
public class RequestCharsetFilter implements Filter {

    private static final Logger log = LoggerFactory.getLogger(RequestCharsetFilter.class);

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String charset = request instanceof HttpServletRequest http ? charset(http.getContentType()) : null;
        if (charset != null && !known(charset)) {
            String shown = WireFaultInterceptor.printable(charset.length() > 40 ? charset.substring(0, 40) + "..." : charset);
            log.warn("refused a call at {}: UNSUPPORTED_CONTENT: unknown character set {}",
                    ((HttpServletRequest) request).getRequestURI(), shown);
            byte[] body = ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><soap:Fault>"
                    + "<faultcode>soap:Client</faultcode><faultstring>UNSUPPORTED_CONTENT: the Content-Type names a character"
                    + " set this service does not know; send UTF-8</faultstring></soap:Fault></soap:Body></soap:Envelope>")
                    .getBytes(StandardCharsets.UTF_8);
            HttpServletResponse http = (HttpServletResponse) response;
            http.setStatus(HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE);
            http.setContentType("text/xml; charset=UTF-8");
            http.setContentLength(body.length);
            http.getOutputStream().write(body);
            return;
        }
        chain.doFilter(request, response);
    }

    /** The charset parameter of a Content-Type, unquoted, or null. */
    static String charset(String contentType) {
        if (contentType == null) {
            return null;
        }
        for (String part : contentType.split(";")) {
            String p = part.strip();
            if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
                String value = p.substring("charset=".length()).strip();
                return value.length() > 1 && value.startsWith("\"") && value.endsWith("\"")
                        ? value.substring(1, value.length() - 1) : value;
            }
        }
        return null;
    }

    private static boolean known(String charset) {
        try {
            return Charset.isSupported(charset);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
