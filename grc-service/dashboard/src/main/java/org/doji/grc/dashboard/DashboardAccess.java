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
            org.doji.rm.security.OperatorAccess.refuse(response, "Doji dashboard");
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

    /** Whether the caller may see the dashboard: the check of every operator's page. */
    protected boolean authorised(HttpServletRequest request) {
        return org.doji.rm.security.OperatorAccess.isOperator(request, users);
    }
}
