package org.doji.grc.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import org.doji.rm.security.Role;
import org.doji.rm.security.SecurityProperties;
import org.doji.rm.security.UserStore;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class DashboardAccessTest {

    private final UserStore users = new UserStore(new SecurityProperties(List.of(
            new SecurityProperties.User("ops", "{noop}ops-secret", Set.of(Role.ADMIN), null),
            new SecurityProperties.User("alice", "{noop}alice-secret", Set.of(Role.USER), null))));

    private int status(DashboardAccess access, String user, String password) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/dashboard/api/overview");
        if (user != null) {
            request.addHeader("Authorization", "Basic " + Base64.getEncoder()
                    .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
        }
        MockHttpServletResponse response = new MockHttpServletResponse();
        MockFilterChain chain = new MockFilterChain();
        access.doFilter(request, response, chain);
        if (response.getStatus() == 401) {
            assertThat(response.getHeader("WWW-Authenticate")).startsWith("Basic realm=");
            assertThat(chain.getRequest()).as("the page is not served").isNull();
        }
        return response.getStatus();
    }

    @Test
    void withSecurityOnOnlyOperatorsWithValidCredentialsSeeTheDashboard() throws Exception {
        DashboardAccess access = new DashboardAccess(users);
        assertThat(status(access, "ops", "ops-secret")).isEqualTo(200);
        assertThat(status(access, "ops", "wrong")).isEqualTo(401);
        assertThat(status(access, "alice", "alice-secret")).as("an end user is not an operator").isEqualTo(401);
        assertThat(status(access, null, null)).isEqualTo(401);
    }

    @Test
    void withSecurityOffTheDashboardIsOpen() throws Exception {
        assertThat(status(new DashboardAccess(UserStore.disabled()), null, null)).isEqualTo(200);
    }
}
