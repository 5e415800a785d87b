package org.doji.grc.dashboard;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The one place that decides who may see the dashboard and how its pages may be used. Today: read-only
 * (GET and HEAD only), open to anyone who reaches the port, with a strict Content-Security-Policy (scripts,
 * styles and data from this origin only, no framing). Operator authentication belongs here, in
 * {@link #authorised}: every dashboard path (page, assets, JSON) passes through this filter.
 */
public class DashboardAccess extends OncePerRequestFilter {

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
            response.sendError(HttpServletResponse.SC_UNAUTHORIZED);
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

    /** Whether the caller may see the dashboard: everyone, until operator authentication is added here. */
    protected boolean authorised(HttpServletRequest request) {
        return true;
    }
}
