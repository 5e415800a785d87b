package org.doji.grc.dashboard;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The one place that decides who may see the dashboard and how its pages may be used: read-only (GET and
 * HEAD only), with a strict Content-Security-Policy (scripts, styles and data from this origin only, no
 * framing). When security is on ({@code doji.security.users}), only operators (role ADMIN) see it, with HTTP
 * Basic credentials checked against the same user store as the SOAP ports (use HTTPS); with security off it
 * is open to whoever reaches the port, like the SOAP ports.
 */
public class DashboardAccess extends OncePerRequestFilter {

    private final org.doji.rm.security.UserStore users;

    public DashboardAccess() {
        this(org.doji.rm.security.UserStore.disabled());
    }

    public DashboardAccess(org.doji.rm.security.UserStore users) {
        this.users = users;
    }

    static final Set<String> READ_METHODS = Set.of("GET", "HEAD");
    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!READ_METHODS.contains(request.getMethod())) {
            response.setHeader("Allow", "GET, HEAD");
            response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED, "the dashboard is read-only");
            return;
        }
        if (!authorised(request)) {
            response.setHeader("WWW-Authenticate", "Basic realm=\"Doji dashboard\", charset=\"UTF-8\"");
            response.sendError(HttpServletResponse.SC_UNAUTHORIZED, "operator (ADMIN) credentials required");
            return;
        }
        response.setHeader("Content-Security-Policy", CSP);
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Referrer-Policy", "no-referrer");
        if (request.getRequestURI().startsWith(request.getContextPath() + "/dashboard/api/")) {
            response.setHeader("Cache-Control", "no-store");
        }
        chain.doFilter(request, response);
    }

    /** Whether the caller may see the dashboard: anyone with security off; else an ADMIN user by HTTP Basic. */
    protected boolean authorised(HttpServletRequest request) {
        if (!users.enabled()) {
            return true;
        }
        String header = request.getHeader("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            return false;
        }
        try {
            String decoded = new String(java.util.Base64.getDecoder().decode(header.substring(6).trim()),
                    java.nio.charset.StandardCharsets.UTF_8);
            int colon = decoded.indexOf(':');
            if (colon < 0) {
                return false;
            }
            var user = users.authenticate(decoded.substring(0, colon), decoded.substring(colon + 1));
            return user.has(org.doji.rm.security.Role.ADMIN);
        } catch (IllegalArgumentException | org.doji.rm.api.DojiException e) {
            return false;
        }
    }
}
