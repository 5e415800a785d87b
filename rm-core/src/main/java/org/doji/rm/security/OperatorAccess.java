package org.doji.rm.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.doji.rm.fault.DojiException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Who may read an operator's HTTP pages (the actuator's metrics and info here; the GRC's dashboard uses the same
 * check): anyone while security is off, like the SOAP ports; with {@code doji.security.users} set, only operators
 * (role ADMIN), by HTTP Basic against the same user store as the SOAP ports (use HTTPS). The actuator's health
 * stays open for load balancers: it tells only UP or DOWN.
 */
public class OperatorAccess extends OncePerRequestFilter {

    private final UserStore users;
    private final String realm;

    public OperatorAccess(UserStore users, String realm) {
        this.users = users;
        this.realm = realm;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!isOperator(request, users)) {
            refuse(response, realm);
            return;
        }
        chain.doFilter(request, response);
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.equals("/actuator/health") || path.startsWith("/actuator/health/");
    }

    /** Answers 401 with the Basic challenge of {@code realm}. */
    public static void refuse(HttpServletResponse response, String realm) throws IOException {
        response.setHeader("WWW-Authenticate", "Basic realm=\"" + realm + "\", charset=\"UTF-8\"");
        response.sendError(HttpServletResponse.SC_UNAUTHORIZED, "operator (ADMIN) credentials required");
    }

    /** Whether the caller may see operators' pages: anyone with security off; else an ADMIN user by HTTP Basic. */
    public static boolean isOperator(HttpServletRequest request, UserStore users) {
        if (!users.enabled()) {
            return true;
        }
        String header = request.getHeader("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            return false;
        }
        try {
            String decoded = new String(Base64.getDecoder().decode(header.substring(6).trim()), StandardCharsets.UTF_8);
            int colon = decoded.indexOf(':');
            return colon >= 0 && users.authenticate(decoded.substring(0, colon), decoded.substring(colon + 1)).has(Role.ADMIN);
        } catch (IllegalArgumentException | DojiException e) {
            return false;
        }
    }
}
